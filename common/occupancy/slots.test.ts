import { DEFAULT_PLAYING_HOURS, SLOT_DAYS_MAX, SLOT_MORE_MAX, findSlots, parsePlayingHours, slotsOfDays, type SlotQuery } from './slots';
import { findClashes, type ClashMatch } from './rules';
import { matchTrainingClashes, type Allenamento } from '../trainings/rules';

const hours = parsePlayingHours(DEFAULT_PLAYING_HOURS)!;
const match = (over: Partial<ClashMatch>): ClashMatch => ({
  id: 1,
  data: '2026-11-28', // a Saturday
  ora: '09:00',
  ora_fine: '10:45',
  squadracasa: 'Garibaldina Pulcini',
  squadratrasferta: 'Ospiti',
  campo: 'Campo A',
  gruppo: 'Pulcini',
  is_house_match: true,
  spogliatoio_gari: 1,
  spogliatoio_ospiti: 2,
  ...over,
});
/** Every slot proposed, day by day (the earliest per pitch, then 'Altri orari'). */
const slots = (q: SlotQuery, matches: ClashMatch[], trainings: Allenamento[], h = hours, margin = 15) =>
  slotsOfDays(findSlots(q, { matches, trainings, hours: h, marginMinutes: margin }));
const query = (over: Partial<SlotQuery> = {}): SlotQuery => ({ gruppo: 'Esordienti', durata: 90, dal: '2026-11-28', al: '2026-11-28', campi: ['Campo A'], casa: true, ...over });

describe('playing hours', () => {
  it('reads the default: weekdays 17:00-21:00, Saturday and Sunday 9:00-19:00', () => {
    expect(hours[1]).toEqual({ from: 17 * 60, to: 21 * 60 });
    expect(hours[5]).toEqual({ from: 17 * 60, to: 21 * 60 });
    expect(hours[6]).toEqual({ from: 9 * 60, to: 19 * 60 });
    expect(hours[7]).toEqual({ from: 9 * 60, to: 19 * 60 });
    expect(parsePlayingHours('6=10:00-12:00')).toMatchObject({ 1: null, 6: { from: 600, to: 720 }, 7: null });
    expect(parsePlayingHours('1,3-4=18:00-20:00')).toMatchObject({ 1: { from: 1080 }, 2: null, 3: { from: 1080 }, 4: { from: 1080 } });
  });

  it('refuses what it cannot read', () => {
    for (const bad of ['', '8=10:00-12:00', '6=12:00-10:00', '6=10:00', 'sab=10:00-12:00', '5-1=10:00-12:00', '6=24:00-25:00']) expect(parsePlayingHours(bad)).toBeNull();
  });
});

describe('findSlots', () => {
  it('finds the first free slot after a blocked morning, with two rooms free of the changeover margin', () => {
    const morning = [match({ id: 1 }), match({ id: 2, ora: '11:00', ora_fine: '12:45', spogliatoio_gari: 3, spogliatoio_ospiti: 4 })];
    const [first] = slots(query(), morning, []);
    // 10:45-11:00 is too short; 12:45 is the first start; rooms 3 and 4 are held until 13:00, 1 and 2 are free.
    expect(first).toEqual({ data: '2026-11-28', ora: '12:45', oraFine: '14:15', campo: 'Campo A', spogliatoi: [1, 2] });
  });

  it('tries the pitches in order and keeps to the playing hours', () => {
    const found = slots(query({ campi: ['Campo A', 'Campo B'] }), [match({ ora: '09:00', ora_fine: '19:00' })], []);
    expect(found.slice(0, 3).map((s) => `${s.campo} ${s.ora}`)).toEqual(['Campo B 09:00', 'Campo B 09:15', 'Campo B 09:30']);
    expect(found.every((s) => s.campo === 'Campo B' && s.oraFine <= '19:00')).toBe(true);
    const late = slots(query({ dal: '2026-11-30', al: '2026-11-30' }), [], []); // a Monday
    expect(late[0].ora).toBe('17:00');
    expect(late.at(-1)).toMatchObject({ ora: '19:30', oraFine: '21:00' });
  });

  it("leaves the category's own matches and trainings alone, whatever the pitch", () => {
    const own = [match({ gruppo: 'Esordienti', campo: 'Altrove', is_house_match: false, ora: '09:00', ora_fine: null })];
    // An away match without an end lasts the category's usual length: Esordienti play until 10:10 or so.
    const [first] = slots(query(), own, []);
    expect(first.ora > '09:00').toBe(true);
    const training: Allenamento = { id: 5, gruppo: 'Esordienti', campo: 'Campo C', giorno: 6, oraInizio: '09:00', oraFine: '15:00', dal: '2026-09-01', al: '2027-06-30', spogliatoi: [], saltate: [] };
    expect(slots(query(), [], [training])[0].ora).toBe('15:00');
    // Skipped that day: the morning is free again.
    expect(slots(query(), [], [{ ...training, saltate: ['2026-11-28'] }])[0].ora).toBe('09:00');
  });

  it("another category's training holds its pitch and rooms", () => {
    const training: Allenamento = { id: 6, gruppo: 'Allievi', campo: 'Campo A', giorno: 6, oraInizio: '09:00', oraFine: '12:00', dal: '2026-09-01', al: '2027-06-30', spogliatoi: [1, 2], saltate: [] };
    const [first] = slots(query(), [], [training]);
    expect(first).toMatchObject({ ora: '12:00', spogliatoi: [3, 4] });
  });

  it('nothing before the given instant, and no start in the spring-forward gap', () => {
    expect(slots(query(), [], [])[0].ora).toBe('09:00');
    expect(slots({ ...query(), notBefore: { data: '2026-11-28', minutes: 14 * 60 + 5 } }, [], [])[0].ora).toBe('14:15');
    const night = parsePlayingHours('7=01:00-05:00')!;
    const dst = slots(query({ dal: '2027-03-28', al: '2027-03-28', durata: 30 }), [], [], night);
    expect(dst.some((s) => s.ora >= '02:00' && s.ora < '03:00')).toBe(false);
    expect(dst.some((s) => s.oraFine > '02:00' && s.oraFine <= '03:00')).toBe(false);
  });

  it('over random seasons, no slot it proposes clashes by the rule a save applies', () => {
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    const campi = ['Campo A', 'Campo B', 'Campo C'];
    let proposed = 0;
    for (let round = 0; round < 40; round++) {
      const matches: ClashMatch[] = Array.from({ length: 40 }, (_, i) => {
        const start = 9 * 60 + rnd(36) * 15;
        const pad = (n: number) => String(n).padStart(2, '0');
        const t = (m: number) => `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
        const r = 1 + rnd(7);
        return match({ id: i + 1, data: `2026-11-${28 + rnd(2)}`, ora: t(start), ora_fine: t(start + 60 + rnd(4) * 15), campo: campi[rnd(3)], gruppo: ['Pulcini', 'Esordienti', 'Allievi'][rnd(3)], spogliatoio_gari: r, spogliatoio_ospiti: (r % 7) + 1, is_house_match: rnd(5) > 0 });
      });
      const trainings: Allenamento[] = Array.from({ length: 4 }, (_, i) => ({ id: 100 + i, gruppo: ['Pulcini', 'Allievi'][rnd(2)], campo: campi[rnd(3)], giorno: 6 + rnd(2), oraInizio: `${10 + rnd(6)}:00`, oraFine: `${17 + rnd(2)}:00`, dal: '2026-09-01', al: '2027-06-30', spogliatoi: [1 + rnd(7)], saltate: [] }));
      const q = query({ al: '2026-11-29', campi, durata: 60 + rnd(4) * 15 });
      for (const s of slots(q, matches, trainings)) {
        proposed++;
        const candidate: ClashMatch = { id: null, data: s.data, ora: s.ora, ora_fine: s.oraFine, squadracasa: 'Garibaldina Esordienti', squadratrasferta: 'Nuovi', campo: s.campo, gruppo: 'Esordienti', is_house_match: true, spogliatoio_gari: s.spogliatoi[0], spogliatoio_ospiti: s.spogliatoi[1] };
        expect(findClashes(candidate, matches, 15)).toEqual([]);
        expect(matchTrainingClashes(candidate, trainings, 15)).toEqual([]);
      }
    }
    expect(proposed).toBeGreaterThan(200);
  });
});

describe('findSlots and the club closures (docs/trainings.md)', () => {
  it('proposes nothing on a closed day, both ends included, and resumes the day after', () => {
    // Friday 2026-11-27 to Monday 2026-11-30; the club is closed Saturday and Sunday.
    const q = query({ dal: '2026-11-27', al: '2026-11-30', chiusure: [{ dal: '2026-11-28', al: '2026-11-29' }] });
    const days = new Set(findSlots(q, { matches: [], trainings: [], hours, marginMinutes: 15 }).map((d) => d.data));
    expect([...days]).toEqual(['2026-11-27', '2026-11-30']);
    // Without the closure the weekend is free.
    expect(new Set(findSlots({ ...q, chiusure: [] }, { matches: [], trainings: [], hours, marginMinutes: 15 }).map((d) => d.data)).size).toBe(4);
    // A one-day closure on the first day of the search.
    const [first] = findSlots(query({ dal: '2026-11-28', al: '2026-11-29', chiusure: [{ dal: '2026-11-28', al: '2026-11-28' }] }), { matches: [], trainings: [], hours, marginMinutes: 15 });
    expect(first.data).toBe('2026-11-29');
  });
});

describe('findSlots breadth: by day, the earliest per pitch, then more start times', () => {
  const ctx = (matches: ClashMatch[] = [], over: Partial<Parameters<typeof findSlots>[1]> = {}) => ({ matches, trainings: [], hours, marginMinutes: 15, ...over });
  // From Monday 30 November 2026, two pitches.
  const wide = (over: Partial<SlotQuery> = {}) => query({ dal: '2026-11-30', al: '2026-12-31', campi: ['Campo A', 'Campo B'], ...over });

  it('answers several days: the weekday evenings, then the weekend, up to SLOT_DAYS_MAX days', () => {
    const days = findSlots(wide(), ctx());
    expect(days).toHaveLength(SLOT_DAYS_MAX);
    expect(days.slice(0, 7).map((d) => d.data)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']);
    // Weekday evenings from 17:00, the weekend from 9:00, on both pitches.
    expect(days[0].primi.map((s) => `${s.campo} ${s.ora}-${s.oraFine}`)).toEqual(['Campo A 17:00-18:30', 'Campo B 17:00-18:30']);
    expect(days[5].primi.map((s) => `${s.campo} ${s.ora}`)).toEqual(['Campo A 09:00', 'Campo B 09:00']);
    expect(findSlots(wide(), ctx([], { maxDays: 3 })).map((d) => d.data)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02']);
  });

  it("'Altri orari': the day's other start times on every pitch, in order, capped at SLOT_MORE_MAX", () => {
    const [monday, , , , , saturday] = findSlots(wide(), ctx());
    // 17:00-21:00, 90 minutes: starts 17:00 to 19:30 every 15 minutes on two pitches, the first two in `primi`.
    expect(monday.altri).toHaveLength(11 * 2 - 2);
    expect(monday.altri.slice(0, 3).map((s) => `${s.campo} ${s.ora}`)).toEqual(['Campo A 17:15', 'Campo B 17:15', 'Campo A 17:30']);
    expect(monday.altri.at(-1)).toMatchObject({ campo: 'Campo B', ora: '19:30', oraFine: '21:00' });
    expect(saturday.altri).toHaveLength(SLOT_MORE_MAX);
    expect(findSlots(wide(), ctx([], { maxMore: 2 }))[0].altri).toHaveLength(2);
  });

  it('the earliest on each pitch comes first even when one pitch is taken all morning; days with no play or no room are left out', () => {
    const busy = [match({ data: '2026-12-05', ora: '09:00', ora_fine: '13:00', campo: 'Campo A', spogliatoio_gari: 6, spogliatoio_ospiti: 7 })];
    const saturday = findSlots(wide({ dal: '2026-12-05', al: '2026-12-05' }), ctx(busy))[0];
    expect(saturday.primi.map((s) => `${s.campo} ${s.ora}`)).toEqual(['Campo B 09:00', 'Campo A 13:00']);
    expect(saturday.altri.some((s) => s.campo === 'Campo A' && s.ora < '13:00')).toBe(false);
    const weekends = parsePlayingHours('6-7=09:00-12:00')!;
    expect(findSlots(wide({ al: '2026-12-13' }), ctx([], { hours: weekends })).map((d) => d.data)).toEqual(['2026-12-05', '2026-12-06', '2026-12-12', '2026-12-13']);
    // Weekday evenings (4 hours) cannot hold a 250-minute match at all.
    expect(findSlots(wide({ durata: 250, al: '2026-12-04' }), ctx())).toEqual([]);
  });

  it('over random hours and seasons: days in order within the period, distinct pitches first and earliest, within the playing hours', () => {
    let seed = 3;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    const campi = ['Campo A', 'Campo B', 'Campo C'];
    const pad = (n: number) => String(n).padStart(2, '0');
    const t = (m: number) => `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
    for (let round = 0; round < 30; round++) {
      const from = 8 * 60 + rnd(8) * 30;
      const h = parsePlayingHours(`1-5=${t(from + 8 * 60)}-${t(Math.min(23 * 60, from + 8 * 60 + 60 + rnd(6) * 30))};6=${t(from)}-${t(from + 60 + rnd(16) * 30)}`)!;
      const matches = Array.from({ length: 30 }, (_, i) => {
        const start = from + rnd(20) * 15;
        const r = 1 + rnd(7);
        return match({ id: i + 1, data: `2026-12-0${1 + rnd(9)}`, ora: t(start), ora_fine: t(start + 60 + rnd(4) * 15), campo: campi[rnd(3)], spogliatoio_gari: r, spogliatoio_ospiti: (r % 7) + 1 });
      });
      const q = wide({ dal: '2026-12-01', al: `2026-12-${pad(2 + rnd(20))}`, campi: campi.slice(0, 1 + rnd(3)), durata: 45 + rnd(6) * 15 });
      const maxDays = 1 + rnd(10);
      const maxMore = rnd(30);
      const days = findSlots(q, ctx(matches, { hours: h, maxDays, maxMore }));
      expect(days.length).toBeLessThanOrEqual(maxDays);
      days.forEach((d, i) => {
        expect(d.data >= q.dal && d.data <= q.al).toBe(true);
        if (i > 0) expect(d.data > days[i - 1].data).toBe(true);
        expect(d.primi.length).toBeGreaterThan(0);
        expect(new Set(d.primi.map((s) => s.campo)).size).toBe(d.primi.length);
        expect(d.altri.length).toBeLessThanOrEqual(maxMore);
        const all = [...d.primi, ...d.altri];
        const play = h[new Date(`${d.data}T12:00:00Z`).getUTCDay() || 7]!;
        for (const s of all) {
          expect(s.data).toBe(d.data);
          expect(s.ora >= t(play.from) && s.oraFine <= t(play.to)).toBe(true);
        }
        for (const first of d.primi) expect(d.altri.filter((s) => s.campo === first.campo).every((s) => s.ora > first.ora)).toBe(true);
        expect(d.primi.map((s) => s.ora)).toEqual([...d.primi.map((s) => s.ora)].sort());
      });
    }
  });
});
