// docs/matches.md (validation, times): the times of a match in the club's timezone, one rule for the form, the import
// and the server (common/matches/times.ts through common/matches/rules.ts's partitaProblem).
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { localInstant, matchTimeProblem } from './times';
import { MSG } from '../core/messages';
import { partitaPayloadSchema, validatePartita, type PartitaValues } from './rules';
import { readImport } from '../import/rules';

dayjs.extend(utc);
dayjs.extend(timezone);

const TZ = 'Europe/Rome';
const AUTUMN = '2026-10-25';
const SPRING = '2027-03-28';
const iso = (date: string, time: string, tz = TZ) => localInstant(date, time, tz).instant.toISOString();
const halfHours = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);

describe('localInstant', () => {
  it('reads the autumn hour as its first occurrence (RFC 5545 3.3.5): 02:30 CEST = 00:30Z', () => {
    expect(localInstant(AUTUMN, '02:30', TZ)).toEqual({ instant: new Date('2026-10-25T00:30:00Z'), kind: 'ambiguous' });
    expect(iso(AUTUMN, '02:00')).toBe('2026-10-25T00:00:00.000Z');
    expect(iso(AUTUMN, '02:59')).toBe('2026-10-25T00:59:00.000Z');
    expect(localInstant(AUTUMN, '03:00', TZ)).toEqual({ instant: new Date('2026-10-25T02:00:00Z'), kind: 'single' });
    expect(iso(AUTUMN, '01:59')).toBe('2026-10-24T23:59:00.000Z');
    // New York's autumn hour, the RFC's own example: 01:30 EDT.
    expect(iso('2007-11-04', '01:30', 'America/New_York')).toBe('2007-11-04T05:30:00.000Z');
  });

  it('says the spring hour does not exist, and reads it with the offset before the gap (03:30 CEST)', () => {
    expect(localInstant(SPRING, '02:30', TZ)).toEqual({ instant: new Date('2027-03-28T01:30:00Z'), kind: 'missing' });
    expect(localInstant(SPRING, '02:00', TZ).kind).toBe('missing');
    expect(localInstant(SPRING, '01:59', TZ)).toEqual({ instant: new Date('2027-03-28T00:59:00Z'), kind: 'single' });
    expect(localInstant(SPRING, '03:00', TZ)).toEqual({ instant: new Date('2027-03-28T01:00:00Z'), kind: 'single' });
    // The RFC's example: 02:30 in New York on 2007-03-11 is 03:30 EDT.
    expect(localInstant('2007-03-11', '02:30', 'America/New_York')).toEqual({ instant: new Date('2007-03-11T07:30:00Z'), kind: 'missing' });
  });

  it('agrees with dayjs.tz on every unambiguous half hour of both change days, and on ordinary days', () => {
    for (const date of [AUTUMN, SPRING, '2026-07-15', '2027-01-10', '2026-10-24', '2027-03-27']) {
      for (const time of halfHours) {
        const got = localInstant(date, time, TZ);
        if (got.kind !== 'single') continue;
        expect([date, time, got.instant.toISOString()]).toEqual([date, time, dayjs.tz(`${date} ${time}`, TZ).toISOString()]);
        // And it reads back as the same local time.
        expect(dayjs(got.instant).tz(TZ).format('YYYY-MM-DD HH:mm')).toBe(`${date} ${time}`);
      }
    }
    const kinds = (date: string) => halfHours.filter((h) => localInstant(date, h, TZ).kind !== 'single');
    expect(kinds(AUTUMN)).toEqual(['02:00', '02:30']);
    expect(kinds(SPRING)).toEqual(['02:00', '02:30']);
    expect(kinds('2026-07-15')).toEqual([]);
  });

  it('takes seconds, other timezones and UTC; refuses malformed text', () => {
    expect(iso('2026-07-15', '10:00:30')).toBe('2026-07-15T08:00:30.000Z');
    expect(iso('2026-07-15', '10:00', 'UTC')).toBe('2026-07-15T10:00:00.000Z');
    expect(iso('2026-07-15', '10:00', 'Asia/Kolkata')).toBe('2026-07-15T04:30:00.000Z');
    expect(() => localInstant('2026-7-15', '10:00', TZ)).toThrow(RangeError);
    expect(() => localInstant('2026-07-15', '24:00', TZ)).toThrow(RangeError);
  });
});

describe('matchTimeProblem', () => {
  it('refuses an end not after the start on the same day', () => {
    expect(matchTimeProblem({ data: '2026-12-05', ora: '12:00', oraFine: '10:00' })).toEqual({ field: 'oraFine', message: MSG.match.endNotAfterStart });
    expect(matchTimeProblem({ data: '2026-12-05', ora: '23:30', oraFine: '00:45' })).toEqual({ field: 'oraFine', message: MSG.match.endNotAfterStart });
    expect(matchTimeProblem({ data: '2026-12-05', ora: '15:00', oraFine: '15:00' })?.message).toBe(MSG.match.endNotAfterStart);
    expect(matchTimeProblem({ data: '2026-12-05', ora: '15:00:00', oraFine: '16:30:00' })).toBeNull();
    expect(matchTimeProblem({ data: '2026-12-05', ora: '23:00', oraFine: '23:59' })).toBeNull();
    expect(matchTimeProblem({ data: '2026-12-05', ora: '23:30', oraFine: null })).toBeNull();
  });

  it('refuses a start or an end in the spring-forward gap, naming the time and the day', () => {
    expect(matchTimeProblem({ data: SPRING, ora: '02:30', oraFine: null }, TZ)).toEqual({
      field: 'ora',
      message: "L'ora di inizio 02:30 non esiste il 28/03/2027: è il giorno del passaggio all'ora legale e le lancette saltano quell'ora",
    });
    expect(matchTimeProblem({ data: SPRING, ora: '01:30', oraFine: '02:15' }, TZ)).toEqual({ field: 'oraFine', message: MSG.match.endMissing('02:15', '28/03/2027') });
    expect(matchTimeProblem({ data: SPRING, ora: '01:30', oraFine: '03:15' }, TZ)).toBeNull();
    // The autumn hour exists (twice): accepted.
    expect(matchTimeProblem({ data: AUTUMN, ora: '02:30', oraFine: '03:30' }, TZ)).toBeNull();
    // Another timezone, another day.
    expect(matchTimeProblem({ data: SPRING, ora: '02:30' }, 'UTC')).toBeNull();
    expect(matchTimeProblem({ data: '2027-03-14', ora: '02:30' }, 'America/New_York')?.field).toBe('ora');
  });
});

describe('the form rules and the payload schema (common/matches/rules.ts)', () => {
  const home: PartitaValues = {
    data: '2026-12-05', ora: '12:00', oraFine: '13:30', squadraCasa: 'Garibaldina Pulcini', squadraTrasferta: 'Virtus', campo: 'Campo Garibaldi',
    gruppo: 'Pulcini', isHouseMatch: true, tipoGara: 'campionato', terreno: 'erba',
  };
  const opts = { mode: 'create' as const, today: '2026-01-10', timezone: TZ };

  it('gives the form the same messages as the server', () => {
    expect(validatePartita(home, opts)).toBeNull();
    expect(validatePartita({ ...home, oraFine: '10:00' }, opts)).toBe(MSG.match.endNotAfterStart);
    expect(validatePartita({ ...home, ora: '23:30', oraFine: '00:45' }, opts)).toBe(MSG.match.endNotAfterStart);
    expect(validatePartita({ ...home, data: SPRING, ora: '02:30', oraFine: '04:00' }, opts)).toBe(MSG.match.startMissing('02:30', '28/03/2027'));
    expect(validatePartita({ ...home, data: AUTUMN, ora: '02:30', oraFine: '04:00' }, opts)).toBeNull();
    // An away match has no end time: whatever it holds is dropped, not judged.
    expect(validatePartita({ ...home, squadraCasa: 'Virtus Lucca', squadraTrasferta: 'Garibaldina', isHouseMatch: false, oraFine: '10:00' }, opts)).toBeNull();
    // The server's timezone decides: 02:30 of that Sunday exists in UTC.
    expect(validatePartita({ ...home, data: SPRING, ora: '02:30', oraFine: '04:00' }, { ...opts, timezone: 'UTC' })).toBeNull();
  });

  it('names the field in the schema issue (what the import shows and the API answers)', () => {
    const result = partitaPayloadSchema(opts).safeParse({ ...home, ora: '23:30', oraFine: '00:45' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([[['oraFine'], MSG.match.endNotAfterStart]]);
  });

  it('marks such import rows as row errors with the same messages', () => {
    const text = [
      'Data;Ora;Fine;Casa;Ospiti;Categoria;Campo;Tipo',
      '05/12/2026;12:00;10:00;Garibaldina Pulcini;Virtus;Pulcini;Campo Garibaldi;Campionato',
      '05/12/2026;23:30;00:45;Garibaldina Pulcini;Fortis;Pulcini;Campo Garibaldi;Campionato',
      '28/03/2027;02:30;04:00;Garibaldina Pulcini;Lucca;Pulcini;Campo Garibaldi;Campionato',
      '25/10/2026;02:30;04:00;Garibaldina Pulcini;Pisa;Pulcini;Campo Garibaldi;Campionato',
    ].join('\n');
    const { rows } = readImport(text, { ...opts, categories: ['Pulcini'] });
    expect(rows.map((r) => r.errors)).toEqual([
      [MSG.match.endNotAfterStart],
      [MSG.match.endNotAfterStart],
      [MSG.match.startMissing('02:30', '28/03/2027')],
      [],
    ]);
    expect(rows.map((r) => r.payload !== null)).toEqual([false, false, false, true]);
  });
});
