import { countLineOf, emptyMeaningCounts } from '../matches/meaning';
import {
  EXPORT_COLUMNS,
  EXPORT_MSG,
  FILE_NAMES,
  daySchema,
  defaultPeriod,
  exportRow,
  formatDate,
  formatLongDate,
  isLongPeriod,
  isPeriodTooLong,
  periodBodySchema,
  periodError,
  splitHomeAway,
  statusMark,
  motivoLine,
  tablePreviewQuerySchema,
  weekDays,
  weekRange,
  weekSchema,
} from './rules';
import type { Partita } from '../matches/read';

const firstMessage = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => (r.success ? null : r.error!.issues[0].message);

describe('weekRange', () => {
  it.each([
    ['2026-11-21', '2026-11-16', '2026-11-22'], // Saturday
    ['2026-11-22', '2026-11-16', '2026-11-22'], // Sunday: still the week that began on Monday
    ['2026-11-16', '2026-11-16', '2026-11-22'], // Monday
    ['2026-12-01', '2026-11-30', '2026-12-06'], // across a month end
    ['2027-01-01', '2026-12-28', '2027-01-03'], // across a year end
    ['2024-02-29', '2024-02-26', '2024-03-03'], // leap day
  ])('%s -> %s .. %s', (date, start, end) => {
    expect(weekRange(date)).toEqual({ start, end });
  });

  it('weekDays lists Monday to Sunday', () => {
    expect(weekDays('2026-12-28')).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
  });
});

describe('formatting', () => {
  it('dates it-IT, long dates in Italian', () => {
    expect(formatDate('2026-11-21')).toBe('21/11/2026');
    expect(formatLongDate('2026-11-21')).toBe('sabato 21 novembre 2026');
    expect(formatLongDate('2027-01-03')).toBe('domenica 3 gennaio 2027');
  });

  it('file names of docs/export.md', () => {
    expect(FILE_NAMES.tableCsv('2026-01-01', '2026-01-31')).toBe('partite_2026-01-01_2026-01-31.csv');
    expect(FILE_NAMES.tablePdf('2026-01-01', '2026-01-31')).toBe('partite_2026-01-01_2026-01-31.pdf');
    expect(FILE_NAMES.weekPdf('2026-11-16', '2026-11-22')).toBe('partite_settimanali_2026-11-16_2026-11-22.pdf');
    expect(FILE_NAMES.dayPdf('2026-11-21')).toBe('partite_giornaliere_2026-11-21.pdf');
  });

  it('one row: ten columns, times HH:mm, labels, Casa/Trasferta', () => {
    const p: Partita = {
      id: 1, data: '2026-11-21', ora: '15:00:00', ora_fine: '16:30:00', squadracasa: 'Garibaldina', squadratrasferta: 'Đakovo',
      gruppo: 'Pulcini', campo: 'Comunale', is_house_match: true, spogliatoio_gari: 1, spogliatoio_ospiti: 2, terreno: 'sintetico', tipo_gara: 'torneo',
    };
    expect(Object.keys(exportRow(p))).toEqual([...EXPORT_COLUMNS]);
    expect(Object.values(exportRow(p))).toEqual(['21/11/2026', '15:00', '16:30', 'Garibaldina', 'Đakovo', 'Pulcini', 'Comunale', 'Sintetico', 'Torneo', 'Casa', 'In programma', '']);
    expect(exportRow({ ...p, ora_fine: null, terreno: null, tipo_gara: null, is_house_match: false })).toMatchObject({ Fine: '', Terreno: '', Tipo: '', 'Casa/Trasferta': 'Trasferta' });
    expect(splitHomeAway([p, { ...p, id: 2, is_house_match: false }])).toEqual({ casa: [p], trasferta: [{ ...p, id: 2, is_house_match: false }] });
  });

  it('messages with values', () => {
    expect(EXPORT_MSG.page(2, 5)).toBe('Pagina 2 di 5');
    expect(EXPORT_MSG.previewError('x')).toBe('Errore nel caricamento anteprima: x');
    expect(EXPORT_MSG.csvError('x')).toBe("Errore nell'export CSV: x");
    expect(EXPORT_MSG.pdfError('x')).toBe("Errore nell'export PDF: x");
    expect(EXPORT_MSG.casaCount(3)).toBe('Casa (3)');
    expect(EXPORT_MSG.trasfertaCount(0)).toBe('Trasferta (0)');
  });
});

describe('periods', () => {
  it('default period: seven days ago to today', () => {
    expect(defaultPeriod('2026-03-03')).toEqual({ from: '2026-02-24', to: '2026-03-03' });
  });
  it('long period over 365 days; cap at 3 years', () => {
    expect(isLongPeriod('2026-01-01', '2027-01-01')).toBe(false); // 365 days
    expect(isLongPeriod('2026-01-01', '2027-01-02')).toBe(true);
    expect(isPeriodTooLong('2026-01-01', '2029-01-01')).toBe(false);
    expect(isPeriodTooLong('2026-01-01', '2029-01-02')).toBe(true);
  });
});

describe('schemas', () => {
  it.each([
    [{}, EXPORT_MSG.datesRequired],
    [{ from: '2026-01-01' }, 'Seleziona le date di inizio e fine'],
    [{ from: '', to: '2026-01-01' }, 'Seleziona le date di inizio e fine'],
    [{ from: '2026-02-30', to: '2026-03-01' }, EXPORT_MSG.invalidDate],
    [{ from: '2026-03-02', to: '2026-03-01' }, 'La data di inizio deve essere precedente o uguale alla data di fine'],
    [{ from: '2020-01-01', to: '2026-03-01' }, EXPORT_MSG.periodTooLong],
    [{ from: '2026-01-01', to: '2026-01-02', extra: 1 }, 'Campo non previsto: extra'],
    [{ from: 20260101, to: '2026-01-02' }, 'Richiesta non valida - controlla i dati inviati'],
  ])('period body %j -> %s', (body, message) => {
    expect(firstMessage(periodBodySchema.safeParse(body))).toBe(message);
  });

  it('a valid period passes; periodError for the screen', () => {
    expect(periodBodySchema.parse({ from: '2026-01-01', to: '2026-01-01' })).toEqual({ from: '2026-01-01', to: '2026-01-01', stato: null });
    expect(periodError('2026-01-01', '2026-01-31')).toBeNull();
    expect(periodError(null, '2026-01-31')).toBe('Seleziona le date di inizio e fine');
  });

  it('table preview query: limit 1..100 default 50, offset >= 0 default 0', () => {
    const base = { from: '2026-01-01', to: '2026-12-31' };
    expect(tablePreviewQuerySchema.parse(base)).toEqual({ ...base, limit: 50, offset: 0, stato: null });
    expect(tablePreviewQuerySchema.parse({ ...base, limit: '100', offset: '150' })).toEqual({ ...base, limit: 100, offset: 150, stato: null });
    for (const limit of ['0', '101', '-1', '1.5', 'abc']) {
      expect(firstMessage(tablePreviewQuerySchema.safeParse({ ...base, limit }))).toBe(EXPORT_MSG.invalidLimit);
    }
    expect(firstMessage(tablePreviewQuerySchema.safeParse({ ...base, offset: '-1' }))).toBe(EXPORT_MSG.invalidOffset);
    expect(firstMessage(tablePreviewQuerySchema.safeParse({ limit: '10' }))).toBe(EXPORT_MSG.datesRequired);
  });

  it('the optional status filter (docs/matches.md, status): absent or empty is every status, else one of the four', () => {
    const base = { from: '2026-01-01', to: '2026-01-31' };
    expect(periodBodySchema.parse({ ...base, stato: '' }).stato).toBeNull();
    expect(periodBodySchema.parse({ ...base, stato: 'rinviata' }).stato).toBe('rinviata');
    expect(daySchema.parse({ date: '2026-11-21', stato: 'annullata' }).stato).toBe('annullata');
    expect(firstMessage(periodBodySchema.safeParse({ ...base, stato: 'rimandata' }))).toBe(EXPORT_MSG.invalidStato);
    expect(firstMessage(weekSchema.safeParse({ weekStart: '2026-11-21', stato: 'x' }))).toBe(EXPORT_MSG.invalidStato);
    const p: Partita = {
      id: 1, data: '2026-11-21', ora: '15:00', ora_fine: null, squadracasa: 'A', squadratrasferta: 'B', gruppo: 'Pulcini', campo: 'C',
      is_house_match: false, spogliatoio_gari: null, spogliatoio_ospiti: null, terreno: null, tipo_gara: 'torneo',
    };
    expect(exportRow({ ...p, stato: 'annullata' }).Stato).toBe('Annullata');
    expect(exportRow(p).Stato).toBe('In programma');
  });

  it('week and day', () => {
    expect(weekSchema.parse({ weekStart: '2026-11-21' })).toEqual({ weekStart: '2026-11-21', stato: null });
    expect(firstMessage(weekSchema.safeParse({}))).toBe('Seleziona la settimana di riferimento');
    expect(firstMessage(weekSchema.safeParse({ weekStart: '21/11/2026' }))).toBe(EXPORT_MSG.invalidDate);
    expect(daySchema.parse({ date: '2026-11-21' })).toEqual({ date: '2026-11-21', stato: null });
    expect(firstMessage(daySchema.safeParse({ date: '' }))).toBe('Seleziona la data');
    expect(firstMessage(daySchema.safeParse({ date: '2026-11-21', x: '1' }))).toBe('Campo non previsto: x');
  });
});

describe('a match status in the exports (docs/export.md: the meanings of common/matches/meaning.ts)', () => {
  const p: Partita = {
    id: 1, data: '2026-11-28', ora: '15:00', ora_fine: null, squadracasa: 'A', squadratrasferta: 'B', gruppo: 'Pulcini', campo: 'C',
    is_house_match: false, spogliatoio_gari: null, spogliatoio_ospiti: null, terreno: null, tipo_gara: 'torneo',
  };
  const FIVE: Array<[string, Partial<Partita>, string, string | null]> = [
    ['programmata', { stato: 'programmata' }, 'In programma', null],
    ['spostata', { stato: 'rinviata', data_da_definire: false, data_originale: '2026-11-21', motivo_stato: 'Campo occupato' }, 'In programma - Spostata dal 21/11/2026', 'Spostata dal 21/11/2026'],
    ['da_definire', { stato: 'rinviata', data_da_definire: true, motivo_stato: 'Neve' }, 'Rinviata - data da definire', 'Rinviata - data da definire'],
    ['sospesa', { stato: 'sospesa' }, 'Sospesa', 'Sospesa'],
    ['annullata', { stato: 'annullata', motivo_stato: 'Ritiro' }, 'Annullata', 'Annullata'],
  ];

  it.each(FIVE)('%s: the Stato cell and the bold word of the sheets', (meaning, fields, stato, mark) => {
    expect(exportRow({ ...p, ...fields }).Stato).toBe(stato);
    expect(statusMark({ ...p, ...fields })?.text ?? null).toBe(mark);
    if (mark) expect(statusMark({ ...p, ...fields })?.meaning).toBe(meaning);
  });

  it('a moved match is not struck nor marked as postponed; a cancelled one is struck', () => {
    expect(statusMark({ stato: 'rinviata', data_da_definire: false, data_originale: '2026-11-21' })).toMatchObject({ struck: false });
    expect(statusMark({ stato: 'rinviata', data_da_definire: false })?.text).toBe('Spostata');
    expect(statusMark({ stato: 'annullata' })).toMatchObject({ struck: true });
  });

  it('the reason: in the Motivo column and the grey line, only for a status other than In programma', () => {
    expect(exportRow({ ...p, stato: 'annullata', motivo_stato: 'Campo\nallagato; "oggi"' }).Motivo).toBe('Campo\nallagato; "oggi"');
    expect(exportRow({ ...p, stato: 'programmata', motivo_stato: 'vecchio' }).Motivo).toBe('');
    expect(motivoLine({ stato: 'sospesa', motivo_stato: 'Nebbia' })).toBe('Motivo: Nebbia');
    expect(motivoLine({ stato: 'sospesa', motivo_stato: null })).toBeNull();
  });

  it('countLineOf: the heading of a period known by its counts', () => {
    expect(countLineOf(emptyMeaningCounts())).toBe('0 partite');
    expect(countLineOf({ programmata: 118, spostata: 2, da_definire: 1, sospesa: 0, annullata: 3 })).toBe('120 partite, 1 rinviata, 3 annullate');
    expect(countLineOf({ ...emptyMeaningCounts(), annullata: 1 })).toBe('0 partite, 1 annullata');
  });
});
