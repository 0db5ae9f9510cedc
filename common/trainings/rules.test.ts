import { allenamentoPayloadSchema, matchTrainingClashes, occurrencesOf, seriesClashes, seriesMatchClashes, trainsOn, weekdayOf, withClosures, type Allenamento } from './rules';
import { ALLENAMENTI_MSG } from './messages';
import type { ClashMatch } from '../occupancy/rules';

// Wednesday 18:00-19:30 on Campo Comunale, rooms 3 and 4, for the 2026-27 season, not on 2026-12-23.
const esordienti: Allenamento = {
  id: 1,
  gruppo: 'Esordienti',
  campo: 'Campo Comunale',
  giorno: 3,
  oraInizio: '18:00',
  oraFine: '19:30',
  dal: '2026-09-01',
  al: '2027-06-30',
  spogliatoi: [3, 4],
  saltate: ['2026-12-23'],
};

const match = (over: Partial<ClashMatch>): ClashMatch => ({
  id: 10,
  data: '2026-12-02', // a Wednesday
  ora: '18:00',
  ora_fine: '19:30',
  squadracasa: 'Garibaldina',
  squadratrasferta: 'Ospiti',
  campo: 'Campo Comunale',
  gruppo: 'Pulcini',
  is_house_match: true,
  spogliatoio_gari: 1,
  spogliatoio_ospiti: 2,
  ...over,
});

describe('occurrences of a weekly series', () => {
  it('are its weekday within its dates, both ends included, skipped dates left out', () => {
    expect(weekdayOf('2026-12-02')).toBe(3);
    expect(weekdayOf('2026-12-06')).toBe(7);
    expect(occurrencesOf(esordienti, '2026-12-01', '2026-12-31')).toEqual(['2026-12-02', '2026-12-09', '2026-12-16', '2026-12-30']);
    const edges = { ...esordienti, dal: '2026-12-02', al: '2026-12-16', saltate: [] };
    expect(occurrencesOf(edges, '2026-11-01', '2027-01-31')).toEqual(['2026-12-02', '2026-12-09', '2026-12-16']);
    expect(trainsOn(edges, '2026-12-16')).toBe(true);
    expect(trainsOn(edges, '2026-12-23')).toBe(false);
    expect(trainsOn(esordienti, '2026-12-23')).toBe(false);
    expect(trainsOn(esordienti, '2026-12-03')).toBe(false);
  });

  it('keep their weekday across the daylight-saving Sundays (local dates, no drift)', () => {
    const sunday = { ...esordienti, giorno: 7, dal: '2026-03-15', al: '2026-04-12', saltate: [] };
    expect(occurrencesOf(sunday, '2026-03-01', '2026-04-30')).toEqual(['2026-03-15', '2026-03-22', '2026-03-29', '2026-04-05', '2026-04-12']);
    const autumn = { ...sunday, dal: '2026-10-18', al: '2026-11-08' };
    expect(occurrencesOf(autumn, '2026-10-01', '2026-11-30')).toEqual(['2026-10-18', '2026-10-25', '2026-11-01', '2026-11-08']);
  });
});

describe('occurrences and the club closures', () => {
  // Vacanze di Natale: Wednesday 2026-12-23 (also skipped by the series) to Wednesday 2027-01-06, both ends closed.
  const natale = [{ dal: '2026-12-23', al: '2027-01-06' }];

  it('leave out every date in a closure, its first and last day included', () => {
    expect(occurrencesOf(esordienti, '2026-12-01', '2027-01-31', natale)).toEqual(['2026-12-02', '2026-12-09', '2026-12-16', '2027-01-13', '2027-01-20', '2027-01-27']);
    expect(trainsOn(esordienti, '2026-12-30', natale)).toBe(false);
    expect(trainsOn(esordienti, '2027-01-06', natale)).toBe(false); // the last day
    expect(trainsOn(esordienti, '2027-01-13', natale)).toBe(true);
    const firstDay = [{ dal: '2026-12-16', al: '2026-12-16' }];
    expect(occurrencesOf(esordienti, '2026-12-09', '2026-12-23', firstDay)).toEqual(['2026-12-09']);
    expect(trainsOn(esordienti, '2026-12-16', firstDay)).toBe(false);
    // The day before and the day after a closure are not closed.
    expect(trainsOn(esordienti, '2026-12-16', [{ dal: '2026-12-17', al: '2026-12-22' }])).toBe(true);
  });

  it('stay on their weekday across a closure over the daylight-saving Sunday', () => {
    const sunday = { ...esordienti, giorno: 7, dal: '2026-03-15', al: '2026-04-12', saltate: [] };
    // Closed from Saturday 2026-03-28 to Sunday 2026-03-29 (the clocks go forward that night).
    expect(occurrencesOf(sunday, '2026-03-01', '2026-04-30', [{ dal: '2026-03-28', al: '2026-03-29' }])).toEqual(['2026-03-15', '2026-03-22', '2026-04-05', '2026-04-12']);
    const autumn = { ...sunday, dal: '2026-10-18', al: '2026-11-08' };
    expect(occurrencesOf(autumn, '2026-10-01', '2026-11-30', [{ dal: '2026-10-25', al: '2026-10-25' }])).toEqual(['2026-10-18', '2026-11-01', '2026-11-08']);
  });

  it('are skipped dates of the series as the calendar has it (withClosures), its own kept', () => {
    const closed = withClosures(esordienti, natale);
    expect(closed.saltate).toEqual(['2026-12-23', '2026-12-30', '2027-01-06']);
    expect(esordienti.saltate).toEqual(['2026-12-23']);
    expect(occurrencesOf(closed, '2026-12-01', '2027-01-31')).toEqual(occurrencesOf(esordienti, '2026-12-01', '2027-01-31', natale));
    expect(withClosures(esordienti, [])).toBe(esordienti);
    // A match in a closure meets no training there: the training does not take place.
    expect(matchTrainingClashes(match({ data: '2026-12-30', spogliatoio_gari: null, spogliatoio_ospiti: null }), [closed])).toEqual([]);
    expect(matchTrainingClashes(match({ data: '2026-12-30', spogliatoio_gari: null, spogliatoio_ospiti: null }), [esordienti])).toHaveLength(1);
  });
});

describe('a match against a training', () => {
  it('clashes on the same pitch at overlapping times, with the sentence the form shows', () => {
    const [c] = matchTrainingClashes(match({ ora: '19:00', ora_fine: '20:45', spogliatoio_gari: null, spogliatoio_ospiti: null }), [esordienti]);
    expect(c).toMatchObject({ id: 1, motivo: 'allenamento', data: '2026-12-02', messaggio: 'Allenamento Esordienti 18:00-19:30 su Campo Comunale' });
  });

  it('does not clash when one ends as the other starts, on another pitch, on a skipped date, on another weekday, or away', () => {
    const none = { spogliatoio_gari: null, spogliatoio_ospiti: null };
    expect(matchTrainingClashes(match({ ...none, ora: '19:30', ora_fine: '21:00' }), [esordienti])).toEqual([]);
    expect(matchTrainingClashes(match({ ...none, ora: '16:30', ora_fine: '18:00' }), [esordienti])).toEqual([]);
    expect(matchTrainingClashes(match({ ...none, campo: 'Campo 2' }), [esordienti])).toEqual([]);
    expect(matchTrainingClashes(match({ ...none, data: '2026-12-23' }), [esordienti])).toEqual([]);
    expect(matchTrainingClashes(match({ ...none, data: '2026-12-03' }), [esordienti])).toEqual([]);
    expect(matchTrainingClashes(match({ ...none, is_house_match: false }), [esordienti])).toEqual([]);
    // Campo names compare without case and spaces, as for matches.
    expect(matchTrainingClashes(match({ ...none, campo: 'campo  comunale' }), [esordienti])).toHaveLength(1);
  });

  it('clashes on a shared room within the changeover margin, not beyond it', () => {
    // Another pitch, room 3: the training holds its rooms 17:45-19:45 with 15 minutes.
    const other = { campo: 'Campo 2', spogliatoio_gari: 3, spogliatoio_ospiti: 5 };
    expect(matchTrainingClashes(match({ ...other, ora: '20:00', ora_fine: '21:30' }), [esordienti], 15)).toEqual([]);
    const [c] = matchTrainingClashes(match({ ...other, ora: '19:59', ora_fine: '21:30' }), [esordienti], 15);
    expect(c.messaggio).toBe('Allenamento Esordienti 18:00-19:30: spogliatoio 3');
    expect(matchTrainingClashes(match({ ...other, ora: '16:30', ora_fine: '17:30' }), [esordienti], 15)).toEqual([]);
    expect(matchTrainingClashes(match({ ...other, ora: '16:30', ora_fine: '17:31' }), [esordienti], 15)).toHaveLength(1);
  });

  it('a stored match clashes with a new series only on a date the series trains on', () => {
    const stored = [
      { ...match({}), id: 20 },
      { ...match({ data: '2026-12-23' }), id: 21 },
      { ...match({ data: '2027-07-07' }), id: 22 },
    ] as (ClashMatch & { id: number })[];
    expect(seriesMatchClashes(esordienti, stored).map((m) => m.id)).toEqual([20]);
    expect(seriesMatchClashes(esordienti, stored)[0]).toMatchObject({ motivo: 'campo', data: '2026-12-02', messaggio: 'Campo già occupato dalle 18:00 alle 19:30 da Garibaldina - Ospiti' });
    // Another pitch, a shared room: the match holds rooms 3 and 5 from 19:30 to 21:15 (margin 15 each side).
    const rooms = [{ ...match({ campo: 'Campo 2', ora: '19:50', ora_fine: '21:00', spogliatoio_gari: 3, spogliatoio_ospiti: 5 }), id: 23 }] as (ClashMatch & { id: number })[];
    expect(seriesMatchClashes(esordienti, rooms, 15)[0]).toMatchObject({ motivo: 'spogliatoio', messaggio: 'Spogliatoio 3 già assegnato a Garibaldina - Ospiti dalle 19:50 alle 21:00' });
    expect(seriesMatchClashes(esordienti, [{ ...rooms[0], ora: '20:00' }], 15)).toEqual([]);
  });
});

describe('the team rule with a training of the category', () => {
  it("a match of the category while it trains clashes, home or away, on any pitch; another category's does not", () => {
    const away = { is_house_match: false, ora_fine: null, campo: '', spogliatoio_gari: null, spogliatoio_ospiti: null };
    const [c] = matchTrainingClashes(match({ ...away, gruppo: 'Esordienti', squadracasa: 'Pro Sesto', squadratrasferta: 'Garibaldina', ora: '19:00' }), [esordienti]);
    expect(c).toMatchObject({ id: 1, motivo: 'allenamento', messaggio: 'La squadra Esordienti si allena dalle 18:00 alle 19:30' });
    expect(matchTrainingClashes(match({ ...away, gruppo: 'Pulcini', ora: '19:00' }), [esordienti])).toEqual([]);
    // touching times do not clash: Esordienti last 75 minutes, 16:45-18:00
    expect(matchTrainingClashes(match({ ...away, gruppo: 'Esordienti', ora: '16:45' }), [esordienti])).toEqual([]);
    expect(matchTrainingClashes(match({ ...away, gruppo: 'Esordienti', ora: '16:46' }), [esordienti])).toHaveLength(1);
    expect(matchTrainingClashes(match({ gruppo: 'esordienti', campo: 'Campo 7', spogliatoio_gari: null, spogliatoio_ospiti: null }), [esordienti])).toHaveLength(1);
  });

  it('a series clashes with a stored match of its category at overlapping times, wherever it is played', () => {
    const stored = [{ ...match({ gruppo: 'Esordienti', campo: 'Campo 7', is_house_match: false, ora_fine: null, spogliatoio_gari: null, spogliatoio_ospiti: null, squadracasa: 'Pro Sesto', squadratrasferta: 'Garibaldina' }), id: 30 }] as (ClashMatch & { id: number })[];
    expect(seriesMatchClashes(esordienti, stored)).toEqual([
      expect.objectContaining({ id: 30, motivo: 'squadra', data: '2026-12-02', messaggio: 'La squadra Esordienti gioca dalle 18:00 alle 19:15 (Pro Sesto - Garibaldina)' }),
    ]);
    expect(seriesMatchClashes(esordienti, [{ ...stored[0], gruppo: 'Pulcini' }])).toEqual([]);
  });
});

describe('a series against another series', () => {
  const allievi: Allenamento = { ...esordienti, id: 2, gruppo: 'Allievi', oraInizio: '19:00', oraFine: '20:30', spogliatoi: [], dal: '2026-09-01', al: '2027-06-30', saltate: [] };

  it('clashes on the same weekday, pitch and times within common dates, named at the first date they meet', () => {
    const [c] = seriesClashes(allievi, [esordienti]);
    expect(c).toMatchObject({ id: 1, data: '2026-09-02', messaggio: 'Allenamento Esordienti 18:00-19:30 su Campo Comunale' });
    expect(seriesClashes({ ...allievi, id: 1 }, [esordienti])).toEqual([]); // itself (an edit)
  });

  it('does not clash on another weekday, after the other ends, or when every common date is skipped', () => {
    expect(seriesClashes({ ...allievi, giorno: 4 }, [esordienti])).toEqual([]);
    expect(seriesClashes({ ...allievi, dal: '2027-07-01', al: '2027-09-30' }, [esordienti])).toEqual([]);
    const oneWeek = { ...allievi, dal: '2026-12-21', al: '2026-12-27' };
    expect(seriesClashes(oneWeek, [esordienti])).toEqual([]); // 2026-12-23 is skipped by Esordienti
    expect(seriesClashes({ ...oneWeek, al: '2026-12-31' }, [esordienti])[0].data).toBe('2026-12-30');
    expect(seriesClashes({ ...allievi, oraInizio: '19:30', oraFine: '21:00' }, [esordienti])).toEqual([]);
  });

  it('clashes on a shared room with the margin', () => {
    const rooms = { ...allievi, campo: 'Campo 2', oraInizio: '19:40', oraFine: '21:00', spogliatoi: [4] };
    expect(seriesClashes(rooms, [esordienti], 15)[0].messaggio).toBe('Allenamento Esordienti 18:00-19:30: spogliatoio 4');
    expect(seriesClashes({ ...rooms, oraInizio: '20:00' }, [esordienti], 15)).toEqual([]);
  });
});

describe('the body of POST and PUT /api/allenamenti', () => {
  const body = { gruppo: 'Esordienti', campo: 'Campo Comunale', giorno: 3, oraInizio: '18:00', oraFine: '19:30', dal: '2026-09-01', al: '2027-06-30', spogliatoi: [4, 3], saltate: ['2026-12-23'] };
  const problems = (b: unknown) => {
    const r = allenamentoPayloadSchema.safeParse(b);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  it('accepts a season and normalises rooms and dates', () => {
    expect(allenamentoPayloadSchema.parse(body)).toEqual({ ...body, spogliatoi: [3, 4] });
  });

  it('refuses each bad field with its Italian message', () => {
    const M = ALLENAMENTI_MSG.invalid;
    expect(problems({ ...body, giorno: 8 })).toEqual([M.giorno]);
    expect(problems({ ...body, giorno: 0 })).toEqual([M.giorno]);
    expect(problems({ ...body, oraInizio: '25:00' })).toEqual([M.ora]);
    expect(problems({ ...body, oraFine: '18:00' })).toEqual([M.orari]);
    expect(problems({ ...body, al: '2026-08-31' })).toEqual([M.periodo]);
    expect(problems({ ...body, al: '2027-12-31' })).toEqual([M.periodoLungo]);
    expect(problems({ ...body, spogliatoi: [3, 3] })).toEqual([M.spogliatoi]);
    expect(problems({ ...body, spogliatoi: [8] })).toEqual([M.spogliatoi]);
    expect(problems({ ...body, saltate: ['2027-07-07'] })).toEqual([M.saltate]);
    expect(problems({ ...body, saltate: ['2026-12-23', '2026-12-23'] })).toEqual([M.saltate]);
    expect(problems({ ...body, campo: 'Campo\nComunale' })).toEqual([M.testo('Campo')]);
    expect(problems({ ...body, gruppo: '  ' })).toEqual([M.gruppo]);
    expect(problems({ ...body, campo: 'x'.repeat(101) })).toEqual([M.lungo('Campo', 100)]);
    expect(problems({ ...body, extra: 1 }).length).toBe(1);
    expect(problems({ ...body, dal: '01/09/2026' })).toEqual([M.data]);
  });
});
