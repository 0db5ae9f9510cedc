import { MSG } from '../core/messages';
import { STATI, statoOf, MOTIVO_MAX } from './read';
import { STATO_COLORS, statoLabel } from './labels';
import { STATUS_MSG } from './rules';
import { statoRequestSchema } from './schema';
import { matchesFilters, normalizeFilters, sanitizePartita, type Partita } from '../matches/read';

const TODAY = '2026-11-23';
const parse = (body: unknown) => statoRequestSchema(TODAY).safeParse(body);
const firstMessage = (body: unknown) => {
  const r = parse(body);
  return r.success ? null : r.error.issues[0].message;
};

/** WCAG 2.1 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('match statuses', () => {
  it('has the four statuses with their Italian labels, In programma by default', () => {
    expect(STATI).toEqual(['programmata', 'rinviata', 'annullata', 'sospesa']);
    expect(STATI.map(statoLabel)).toEqual(['In programma', 'Rinviata', 'Annullata', 'Sospesa']);
    expect(statoOf(undefined)).toBe('programmata');
    expect(statoOf('boh')).toBe('programmata');
    expect(statoOf('annullata')).toBe('annullata');
  });

  it.each(STATI)('badge of %s meets AA contrast (4.5:1)', (s) => {
    expect(contrast(STATO_COLORS[s].bg, STATO_COLORS[s].fg)).toBeGreaterThanOrEqual(4.5);
  });

  it('the contrast check can fail', () => {
    expect(contrast('#ff9800', '#ffffff')).toBeLessThan(4.5);
  });
});

describe('statoRequestSchema', () => {
  it('accepts each action with its fields and normalises them', () => {
    expect(parse({ ids: [1, 2], azione: 'annulla', motivo: '  pioggia  ' }).data).toEqual({
      ids: [1, 2],
      azione: 'annulla',
      nuovaData: null,
      giorni: null,
      motivo: 'pioggia',
      conferma: false,
      slot: null,
    });
    expect(parse({ ids: [3], azione: 'rinvia' }).data?.nuovaData).toBeNull();
    // 'Rinvia' of one match to a chosen slot: the slot's start, end, pitch and rooms, trimmed.
    expect(parse({ ids: [3], azione: 'rinvia', nuovaData: TODAY, ora: '17:30', oraFine: ' 19:00 ', campo: ' Campo 2 ', spogliatoioGari: 3, spogliatoioOspiti: 4 }).data?.slot).toEqual({
      ora: '17:30',
      oraFine: '19:00',
      campo: 'Campo 2',
      spogliatoioGari: 3,
      spogliatoioOspiti: 4,
    });
    expect(parse({ ids: [3], azione: 'sposta', giorni: 1, confermaSovrapposizioni: true }).data?.conferma).toBe(true);
    expect(parse({ ids: [3], azione: 'rinvia', nuovaData: TODAY }).data?.nuovaData).toBe(TODAY);
    expect(parse({ ids: [3], azione: 'sposta', giorni: 7 }).data?.giorni).toBe(7);
    expect(parse({ ids: [3], azione: 'sospendi', motivo: '' }).data?.motivo).toBeNull();
    expect(parse({ ids: [3], azione: 'ripristina' }).success).toBe(true);
  });

  it('refuses unknown fields and actions', () => {
    expect(parse({ ids: [1], azione: 'annulla', extra: 1 }).success).toBe(false);
    expect(firstMessage({ ids: [1], azione: 'cancella' })).toBe(STATUS_MSG.invalidAction);
  });

  it('checks the ids: 1 to 500 positive unique integers', () => {
    expect(firstMessage({ ids: [], azione: 'annulla' })).toBe(STATUS_MSG.idsRequired);
    expect(firstMessage({ azione: 'annulla' })).toBe(STATUS_MSG.idsRequired);
    expect(firstMessage({ ids: Array.from({ length: 501 }, (_, i) => i + 1), azione: 'annulla' })).toBe(STATUS_MSG.idsTooMany);
    expect(parse({ ids: Array.from({ length: 500 }, (_, i) => i + 1), azione: 'annulla' }).success).toBe(true);
    expect(firstMessage({ ids: [0], azione: 'annulla' })).toBe(STATUS_MSG.idsInvalid);
    expect(firstMessage({ ids: [1.5], azione: 'annulla' })).toBe(STATUS_MSG.idsInvalid);
    expect(firstMessage({ ids: ['1'], azione: 'annulla' })).toBe(STATUS_MSG.idsInvalid);
    expect(firstMessage({ ids: [4, 4], azione: 'annulla' })).toBe(STATUS_MSG.idsDuplicate);
  });

  it('caps the reason at 200 characters (after trimming)', () => {
    expect(parse({ ids: [1], azione: 'annulla', motivo: 'x'.repeat(MOTIVO_MAX) }).success).toBe(true);
    expect(parse({ ids: [1], azione: 'annulla', motivo: `  ${'x'.repeat(MOTIVO_MAX)}  ` }).success).toBe(true);
    expect(firstMessage({ ids: [1], azione: 'annulla', motivo: 'x'.repeat(MOTIVO_MAX + 1) })).toBe(STATUS_MSG.motivoTooLong);
    expect(firstMessage({ ids: [1], azione: 'annulla', motivo: 'x'.repeat(5000) })).toBe(STATUS_MSG.motivoTooLong);
    expect(firstMessage({ ids: [1], azione: 'annulla', motivo: 5 })).toBe(STATUS_MSG.motivoTooLong);
  });

  it('sposta needs giorni, an integer from 1 to 365; no other action takes it', () => {
    expect(firstMessage({ ids: [1], azione: 'sposta' })).toBe(STATUS_MSG.giorniRequired);
    for (const giorni of [0, -1, 366, 2.5]) expect(firstMessage({ ids: [1], azione: 'sposta', giorni })).toBe(STATUS_MSG.giorniRange);
    expect(parse({ ids: [1], azione: 'sposta', giorni: 365 }).success).toBe(true);
    expect(firstMessage({ ids: [1], azione: 'annulla', giorni: 3 })).toBe(STATUS_MSG.giorniOnlySposta);
  });

  it('a new date only for rinvia, valid and not in the past (the form rule)', () => {
    expect(firstMessage({ ids: [1], azione: 'rinvia', nuovaData: '2026-11-22' })).toBe(MSG.match.futureDate);
    expect(firstMessage({ ids: [1], azione: 'rinvia', nuovaData: '2026-02-30' })).toBe(MSG.match.invalidDate);
    expect(firstMessage({ ids: [1], azione: 'annulla', nuovaData: '2026-12-01' })).toBe(STATUS_MSG.nuovaDataOnlyRinvia);
  });
});

describe('the status filter of the dashboards', () => {
  const p = sanitizePartita({
    id: 1, data: '2026-11-28', ora: '15:00:00', ora_fine: null, squadracasa: 'A', squadratrasferta: 'B', gruppo: 'Pulcini', campo: 'C',
    is_house_match: false, spogliatoio_gari: null, spogliatoio_ospiti: null, terreno: null, tipo_gara: 'torneo', stato: 'rinviata', motivo_stato: 'Pioggia',
  }) as Partita;
  it('keeps a known status, ignores others, and filters a loaded list', () => {
    expect(normalizeFilters({ stato: 'annullata' })).toEqual({ stato: 'annullata' });
    expect(normalizeFilters({ stato: 'boh' })).toEqual({});
    expect(p).toMatchObject({ stato: 'rinviata', motivo_stato: 'Pioggia' });
    expect(matchesFilters(p, { stato: 'rinviata' })).toBe(true);
    expect(matchesFilters(p, { stato: 'programmata' })).toBe(false);
    expect(matchesFilters({ ...p, stato: undefined }, { stato: 'programmata' })).toBe(true);
  });

  it('keeps data_da_definire (migration 014) as a boolean when the server sends it, and adds nothing when it does not', () => {
    const raw = { ...p, stato: 'rinviata' };
    expect(sanitizePartita({ ...raw, data_da_definire: true })?.data_da_definire).toBe(true);
    expect(sanitizePartita({ ...raw, data_da_definire: 'yes' })?.data_da_definire).toBe(false);
    expect(sanitizePartita(raw)).not.toHaveProperty('data_da_definire');
  });
});
