import { CALENDAR_MSG, defaultDurationMinutes, eventDescription, eventSummary, feedPath, feedUrls } from './calendar';

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
