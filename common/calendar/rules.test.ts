import { CALENDAR_MSG, defaultDurationMinutes, eventDescription, eventSummary, feedPath, feedUrls, proposedEndTime } from './rules';

describe('calendar feeds: addresses and event text', () => {
  it('builds the club and category feed paths, with ?casa=1 for home matches only', () => {
    expect(feedPath()).toBe('/api/calendar.ics');
    expect(feedPath(null, true)).toBe('/api/calendar.ics?casa=1');
    expect(feedPath(12)).toBe('/api/calendar/12.ics');
    expect(feedPath(12, true)).toBe('/api/calendar/12.ics?casa=1');
  });

  it('gives the https and webcal addresses from the public address', () => {
    expect(feedUrls('https://calendario.garibaldina.it/', 3)).toEqual({
      https: 'https://calendario.garibaldina.it/api/calendar/3.ics',
      webcal: 'webcal://calendario.garibaldina.it/api/calendar/3.ics',
    });
    expect(feedUrls('http://192.168.1.10:3000').webcal).toBe('webcal://192.168.1.10:3000/api/calendar.ics');
  });

  it("writes 'Casa - Trasferta (Categoria)' and the description, rooms only for home matches", () => {
    expect(eventSummary({ squadracasa: 'Garibaldina', squadratrasferta: 'Virtus', gruppo: 'Pulcini' })).toBe('Garibaldina - Virtus (Pulcini)');
    const base = { gruppo: 'Pulcini', tipo_gara: 'amichevole', terreno: null, spogliatoio_gari: 3, spogliatoio_ospiti: null };
    expect(eventDescription({ ...base, is_house_match: true })).toBe('Categoria: Pulcini\nTipo gara: Amichevole\nSpogliatoi: 3 squadra di casa');
    expect(eventDescription({ ...base, is_house_match: false })).toBe('Categoria: Pulcini\nTipo gara: Amichevole');
  });

  it('reads the status as common/matches/meaning.ts does (docs/matches.md, status): prefix for the matches not played as scheduled, the move in the description', () => {
    const teams = { squadracasa: 'Garibaldina', squadratrasferta: 'Virtus', gruppo: 'Pulcini' };
    const base = { gruppo: 'Pulcini', tipo_gara: 'campionato', terreno: null, spogliatoio_gari: null, spogliatoio_ospiti: null, is_house_match: false };
    const cases = [
      [{ stato: 'programmata' }, 'Garibaldina - Virtus (Pulcini)', 'Categoria: Pulcini\nTipo gara: Campionato'],
      [
        { stato: 'rinviata', data_da_definire: false, data_originale: '2026-11-21', motivo_stato: 'Campo impraticabile' },
        'Garibaldina - Virtus (Pulcini)',
        'Stato: In programma - Spostata dal 21/11/2026\nMotivo: Campo impraticabile\nCategoria: Pulcini\nTipo gara: Campionato',
      ],
      [{ stato: 'rinviata', data_da_definire: true, motivo_stato: 'Neve' }, 'RINVIATA: Garibaldina - Virtus (Pulcini)', 'Stato: Rinviata - data da definire\nMotivo: Neve\nCategoria: Pulcini\nTipo gara: Campionato'],
      [{ stato: 'sospesa' }, 'SOSPESA: Garibaldina - Virtus (Pulcini)', 'Stato: Sospesa\nCategoria: Pulcini\nTipo gara: Campionato'],
      [{ stato: 'annullata' }, 'ANNULLATA: Garibaldina - Virtus (Pulcini)', 'Stato: Annullata\nCategoria: Pulcini\nTipo gara: Campionato'],
    ] as const;
    for (const [status, summary, description] of cases) {
      expect(eventSummary({ ...teams, ...status })).toBe(summary);
      expect(eventDescription({ ...base, ...status })).toBe(description);
    }
  });

  it('gives a default length by the age group in the category name', () => {
    expect(defaultDurationMinutes('PULCINI 2016')).toBe(60);
    expect(defaultDurationMinutes('Giovanissimi B')).toBe(90);
    expect(defaultDurationMinutes('Allievi')).toBe(100);
    expect(defaultDurationMinutes('Prima squadra')).toBe(105);
  });

  it('names the calendars', () => {
    expect(CALENDAR_MSG.calendarName('Garibaldina', null, false)).toBe('Partite Garibaldina');
    expect(CALENDAR_MSG.calendarName('Garibaldina', 'Pulcini', true)).toBe('Partite Garibaldina - Pulcini (solo casa)');
  });
});

describe('the end time the add form proposes (docs/planning.md)', () => {
  it("is the start plus the category's usual length, never past midnight", () => {
    expect(proposedEndTime('15:00', 'Pulcini B')).toBe('16:00');
    expect(proposedEndTime('09:30', 'Allievi Regionali')).toBe('11:10');
    expect(proposedEndTime('10:00', 'Under 23')).toBe('11:45');
    expect(proposedEndTime('23:30', 'Pulcini')).toBeNull();
    expect(proposedEndTime('', 'Pulcini')).toBeNull();
    expect(proposedEndTime('15:00', ' ')).toBeNull();
  });
});
