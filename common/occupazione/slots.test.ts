import { DEFAULT_PLAYING_HOURS, findSlots, parsePlayingHours, type SlotQuery } from './slots';
import { findClashes, type ClashMatch } from './rules';
import { matchTrainingClashes, type Allenamento } from '../allenamenti/rules';

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
    const [first] = findSlots(query(), morning, [], hours, 15);
    // 10:45-11:00 is too short; 12:45 is the first start; rooms 3 and 4 are held until 13:00, 1 and 2 are free.
    expect(first).toEqual({ data: '2026-11-28', ora: '12:45', oraFine: '14:15', campo: 'Campo A', spogliatoi: [1, 2] });
  });

  it('tries the pitches in order, keeps to the playing hours, and returns at most the limit', () => {
    const slots = findSlots(query({ campi: ['Campo A', 'Campo B'] }), [match({ ora: '09:00', ora_fine: '19:00' })], [], hours, 15, 3);
    expect(slots.map((s) => `${s.campo} ${s.ora}`)).toEqual(['Campo B 09:00', 'Campo B 09:15', 'Campo B 09:30']);
    const late = findSlots(query({ dal: '2026-11-30', al: '2026-11-30' }), [], [], hours, 15, 100); // a Monday
    expect(late[0].ora).toBe('17:00');
    expect(late.at(-1)).toMatchObject({ ora: '19:30', oraFine: '21:00' });
  });

  it("leaves the category's own matches and trainings alone, whatever the pitch", () => {
    const own = [match({ gruppo: 'Esordienti', campo: 'Altrove', is_house_match: false, ora: '09:00', ora_fine: null })];
    // An away match without an end lasts the category's usual length: Esordienti play until 10:10 or so.
    const [first] = findSlots(query(), own, [], hours, 15);
    expect(first.ora > '09:00').toBe(true);
    const training: Allenamento = { id: 5, gruppo: 'Esordienti', campo: 'Campo C', giorno: 6, oraInizio: '09:00', oraFine: '15:00', dal: '2026-09-01', al: '2027-06-30', spogliatoi: [], saltate: [] };
    expect(findSlots(query(), [], [training], hours, 15)[0].ora).toBe('15:00');
    // Skipped that day: the morning is free again.
    expect(findSlots(query(), [], [{ ...training, saltate: ['2026-11-28'] }], hours, 15)[0].ora).toBe('09:00');
  });

  it("another category's training holds its pitch and rooms", () => {
    const training: Allenamento = { id: 6, gruppo: 'Allievi', campo: 'Campo A', giorno: 6, oraInizio: '09:00', oraFine: '12:00', dal: '2026-09-01', al: '2027-06-30', spogliatoi: [1, 2], saltate: [] };
    const [first] = findSlots(query(), [], [training], hours, 15);
    expect(first).toMatchObject({ ora: '12:00', spogliatoi: [3, 4] });
  });

  it('nothing before the given instant, and no start in the spring-forward gap', () => {
    expect(findSlots(query(), [], [], hours, 15, 1)[0].ora).toBe('09:00');
    expect(findSlots({ ...query(), notBefore: { data: '2026-11-28', minutes: 14 * 60 + 5 } }, [], [], hours, 15)[0].ora).toBe('14:15');
    const night = parsePlayingHours('7=01:00-05:00')!;
    const dst = findSlots(query({ dal: '2027-03-28', al: '2027-03-28', durata: 30 }), [], [], night, 15, 100);
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
      for (const s of findSlots(q, matches, trainings, hours, 15)) {
        proposed++;
        const candidate: ClashMatch = { id: null, data: s.data, ora: s.ora, ora_fine: s.oraFine, squadracasa: 'Garibaldina Esordienti', squadratrasferta: 'Nuovi', campo: s.campo, gruppo: 'Esordienti', is_house_match: true, spogliatoio_gari: s.spogliatoi[0], spogliatoio_ospiti: s.spogliatoi[1] };
        expect(findClashes(candidate, matches, 15)).toEqual([]);
        expect(matchTrainingClashes(candidate, trainings, 15)).toEqual([]);
      }
    }
    expect(proposed).toBeGreaterThan(200);
  });
});

describe('findSlots and the club closures (docs/allenamenti.md)', () => {
  it('proposes nothing on a closed day, both ends included, and resumes the day after', () => {
    // Friday 2026-11-27 to Monday 2026-11-30; the club is closed Saturday and Sunday.
    const q = query({ dal: '2026-11-27', al: '2026-11-30', chiusure: [{ dal: '2026-11-28', al: '2026-11-29' }] });
    const days = new Set(findSlots(q, [], [], hours, 15, 500).map((s) => s.data));
    expect([...days]).toEqual(['2026-11-27', '2026-11-30']);
    // Without the closure the weekend is free.
    expect(new Set(findSlots({ ...q, chiusure: [] }, [], [], hours, 15, 500).map((s) => s.data)).size).toBe(4);
    // A one-day closure on the first day of the search.
    const [first] = findSlots(query({ dal: '2026-11-28', al: '2026-11-29', chiusure: [{ dal: '2026-11-28', al: '2026-11-28' }] }), [], [], hours, 15);
    expect(first.data).toBe('2026-11-29');
  });
});
