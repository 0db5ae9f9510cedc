import { activityFiltersSchema, activityMessageText, errorFiltersSchema, errorReportSchema, filterInstant, firstStackFrame, hasActiveFilters, resolveMultipleSchema, severityOf, trimStack } from './rules';
import { LOGS_MSG } from './messages';

describe('severityOf (docs/logs.md)', () => {
  test.each([
    [{ message: 'TypeError: Failed to fetch' }, 'high'],
    [{ message: 'NetworkError when attempting to fetch resource.' }, 'high'],
    [{ message: 'Problemi di connessione - controlla la tua connessione internet' }, 'high'],
    [{ message: 'Blocked by CORS policy' }, 'high'],
    [{ message: 'Unauthorized' }, 'high'],
    [{ message: 'x', status: 401 }, 'high'],
    [{ message: 'x', status: 403 }, 'high'],
    [{ message: 'x', status: 0 }, 'high'],
    [{ message: 'x', type: 'auth' }, 'high'],
    [{ message: 'Validation failed' }, 'medium'],
    [{ message: 'Bad Request' }, 'medium'],
    [{ message: 'Not Found' }, 'medium'],
    [{ message: 'Partita non trovata!' }, 'medium'],
    [{ message: 'x', status: 400 }, 'medium'],
    [{ message: 'x', status: 404 }, 'medium'],
    [{ message: 'Cannot read properties of undefined' }, 'low'],
    [{ message: 'x', status: 500 }, 'low'],
  ] as const)('%j -> %s', (input, expected) => {
    expect(severityOf(input)).toBe(expected);
  });
});

describe('stack caps', () => {
  const stack = ['Error: boom', ...Array.from({ length: 40 }, (_, i) => `    at f${i} (app.js:${i}:1)`)].join('\n');

  test('kept to the first 20 lines', () => {
    const out = trimStack(stack)!;
    expect(out.split('\n')).toHaveLength(20);
    expect(out.split('\n')[0]).toBe('Error: boom');
    expect(out).not.toContain('f19 ');
  });

  test('long lines are capped', () => {
    expect(trimStack('x'.repeat(5000))!.length).toBe(400);
    expect(trimStack('')).toBeNull();
    expect(trimStack(undefined)).toBeNull();
  });

  test('first frame', () => {
    expect(firstStackFrame(stack)).toBe('at f0 (app.js:0:1)');
    expect(firstStackFrame('f@http://x/app.js:1:2')).toBe('f@http://x/app.js:1:2');
    expect(firstStackFrame(null)).toBe('');
  });
});

describe('intake body', () => {
  test('strict, capped', () => {
    expect(errorReportSchema.safeParse({ message: 'x', type: 'frontend', extra: 1 }).error?.issues[0].message).toBe('Campo non previsto: extra');
    expect(errorReportSchema.safeParse({ message: 'x'.repeat(1001), type: 'frontend' }).error?.issues[0].message).toBe(LOGS_MSG.server.messageTooLong);
    expect(errorReportSchema.safeParse({ message: 'x'.repeat(1000), type: 'frontend' }).success).toBe(true);
    expect(errorReportSchema.safeParse({ message: ' ', type: 'frontend' }).error?.issues[0].message).toBe(LOGS_MSG.server.messageRequired);
    expect(errorReportSchema.safeParse({ message: 'x', type: 'backend' }).error?.issues[0].message).toBe(LOGS_MSG.server.typeInvalid);
    expect(errorReportSchema.safeParse({ message: 'x', type: 'api', severity: 'critical' }).error?.issues[0].message).toBe(LOGS_MSG.server.severityInvalid);
    expect(errorReportSchema.safeParse({ message: 'x', type: 'api', context: [1] }).success).toBe(false);
    const deep = { a: { b: { c: { d: { e: { f: 1 } } } } } };
    expect(errorReportSchema.safeParse({ message: 'x', type: 'api', context: deep }).error?.issues[0].message).toBe(LOGS_MSG.server.contextTooLarge);
    expect(errorReportSchema.safeParse({ message: 'x', type: 'api', context: { big: 'x'.repeat(5000) } }).error?.issues[0].message).toBe(
      LOGS_MSG.server.contextTooLarge,
    );
    expect(errorReportSchema.parse({ message: 'x', type: 'performance', context: { a: { b: 1 } } }).context).toEqual({ a: { b: 1 } });
  });
});

describe('filters', () => {
  test('defaults and parsing', () => {
    expect(errorFiltersSchema.parse({})).toEqual({ page: 1, limit: 25 });
    expect(activityFiltersSchema.parse({})).toEqual({ page: 1, limit: 25 });
    const f = errorFiltersSchema.parse({ error_type: 'api', severity: 'high', resolved: 'false', page: '3', limit: '100', user_email: ' A@x ' });
    expect(f).toMatchObject({ error_type: 'api', severity: 'high', resolved: false, page: 3, limit: 100, user_email: 'A@x' });
    expect(errorFiltersSchema.parse({ error_type: '', user_email: '' })).toEqual({ page: 1, limit: 25 });
  });

  test('bad values are Italian 400s', () => {
    expect(errorFiltersSchema.safeParse({ limit: '30' }).error?.issues[0].message).toBe(LOGS_MSG.server.limitInvalid);
    expect(errorFiltersSchema.safeParse({ page: '0' }).error?.issues[0].message).toBe(LOGS_MSG.server.pageInvalid);
    expect(errorFiltersSchema.safeParse({ resolved: 'maybe' }).error?.issues[0].message).toBe(LOGS_MSG.server.resolvedInvalid);
    expect(errorFiltersSchema.safeParse({ start_date: '2026-02-30T10:00' }).error?.issues[0].message).toBe(LOGS_MSG.server.dateInvalid);
    expect(activityFiltersSchema.safeParse({ activity_type: 'error' }).error?.issues[0].message).toBe(LOGS_MSG.server.activityTypeInvalid);
    expect(activityFiltersSchema.safeParse({ x: '1' }).error?.issues[0].message).toBe('Campo non previsto: x');
  });

  test('date-times in the club time zone', () => {
    expect(filterInstant('2026-05-01T10:00', 'Europe/Rome')).toBe('2026-05-01T08:00:00.000Z');
    expect(filterInstant('2026-01-01', 'Europe/Rome')).toBe('2025-12-31T23:00:00.000Z');
    expect(filterInstant('2026-01-01', 'Europe/Rome', true)).toBe('2026-01-01T22:59:59.999Z');
    expect(filterInstant('2026-05-01T10:00:00Z', 'Europe/Rome')).toBe('2026-05-01T10:00:00.000Z');
    expect(filterInstant('2026-05-01T10:00:00+02:00', 'UTC')).toBe('2026-05-01T08:00:00.000Z');
    expect(filterInstant('2026-02-30T10:00', 'UTC')).toBeNull();
    expect(filterInstant('ieri', 'UTC')).toBeNull();
  });

  test('ATTIVI badge ignores page and limit', () => {
    expect(hasActiveFilters({ page: 2, limit: 50 })).toBe(false);
    expect(hasActiveFilters({ page: 1, severity: 'low' })).toBe(true);
    expect(hasActiveFilters({ user_email: '' })).toBe(false);
  });
});

describe('resolve-multiple body (docs/logs.md)', () => {
  test('non-empty list', () => {
    expect(resolveMultipleSchema.safeParse({}).error?.issues[0].message).toBe('Array di ID errori richiesto');
    expect(resolveMultipleSchema.safeParse({ errorIds: [] }).error?.issues[0].message).toBe('Array di ID errori richiesto');
    expect(resolveMultipleSchema.safeParse({ errorIds: 'x' }).error?.issues[0].message).toBe('Array di ID errori richiesto');
    const id = '00000000-0000-4000-8000-000000000000';
    expect(resolveMultipleSchema.parse({ errorIds: [id] })).toEqual({ errorIds: [id], notes: null });
  });

  test('messages', () => {
    expect(LOGS_MSG.errorTotal(120, 2, 5)).toBe('Totale: 120 errori (Pagina 2 di 5)');
    expect(LOGS_MSG.resolvedMany(3)).toBe('3 errori risolti con successo');
    expect(LOGS_MSG.bulkFailed('boom')).toBe('Errore nella risoluzione multipla: boom');
  });
});

describe('activity messages as shown', () => {
  it('role codes of records written before read as the labels; new records and other messages are unchanged', () => {
    expect(activityMessageText('Ruolo di mario@x.it cambiato da reader a editor')).toBe('Ruolo di mario@x.it cambiato da Lettore a Editor');
    expect(activityMessageText('Ruolo di a@x.it cambiato da admin a reader')).toBe('Ruolo di a@x.it cambiato da Amministratore a Lettore');
    expect(activityMessageText('Utente invitato: anna@x.it (admin)')).toBe('Utente invitato: anna@x.it (Amministratore)');
    expect(activityMessageText(LOGS_MSG.activity.roleChanged('b@x.it', 'Lettore', 'Editor'))).toBe('Ruolo di b@x.it cambiato da Lettore a Editor');
    for (const m of ['Categoria creata: Pulcini (editor)', 'Utente invitato: anna@x.it (superuser)', 'Partita creata: Ruolo di x cambiato da reader a editor!'])
      expect(activityMessageText(m)).toBe(m);
  });
});
