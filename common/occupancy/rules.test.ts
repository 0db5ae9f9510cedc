import { CLASH_MSG, HOLDS_FACILITIES_SQL, batchClashes, holdsFacilities, clashCandidate, clashesBetween, clashesOfAll, findClashes, matchSpan, type ClashMatch } from './rules';

let nextId = 1;
type Over = Partial<Omit<ClashMatch, 'id'>> & { id?: number };
const home = (over: Over = {}): ClashMatch & { id: number } => ({
  id: nextId++,
  data: '2026-12-05',
  ora: '10:00:00',
  ora_fine: '11:30:00',
  squadracasa: 'Garibaldina 2013',
  squadratrasferta: 'Virtus',
  campo: 'Campo 1',
  gruppo: 'Esordienti',
  is_house_match: true,
  spogliatoio_gari: 1,
  spogliatoio_ospiti: 2,
  ...over,
});
const away = (over: Over = {}) =>
  home({ is_house_match: false, ora_fine: null, spogliatoio_gari: null, spogliatoio_ospiti: null, squadracasa: 'Atletico Pisa', squadratrasferta: 'Garibaldina 2010', ...over });
// A different team pair and different rooms, so only the aspect under test can clash.
const other = (over: Over = {}) =>
  home({ squadracasa: 'Garibaldina 2014', squadratrasferta: 'Lucca', spogliatoio_gari: 3, spogliatoio_ospiti: 4, campo: 'Campo 2', ...over });
const reasons = (a: ClashMatch, b: ClashMatch & { id: number }, margin?: number) => clashesBetween(a, b, margin).map((c) => c.motivo);

describe('campo', () => {
  it('same campo, overlapping times: a clash with the Italian message naming the other match', () => {
    const b = other({ campo: 'Campo 1' });
    const clashes = clashesBetween(other({ campo: 'Campo 1', ora: '11:00', ora_fine: '12:00', squadracasa: 'X', squadratrasferta: 'Y' }), home({ id: b.id, campo: 'Campo 1', spogliatoio_gari: null, spogliatoio_ospiti: null }));
    expect(clashes).toEqual([
      expect.objectContaining({ id: b.id, motivo: 'campo', messaggio: 'Campo già occupato dalle 10:00 alle 11:30 da Garibaldina 2013 - Virtus' }),
    ]);
  });

  it('touching times do not clash on the pitch; one minute of overlap does', () => {
    const first = home();
    expect(reasons(other({ campo: 'Campo 1', ora: '11:30', ora_fine: '12:30' }), first)).toEqual([]);
    expect(reasons(other({ campo: 'Campo 1', ora: '11:29', ora_fine: '12:30' }), first)).toEqual(['campo']);
    expect(reasons(other({ campo: 'Campo 1', ora: '08:30', ora_fine: '10:00' }), first)).toEqual([]);
    expect(reasons(other({ campo: 'Campo 1', ora: '08:30', ora_fine: '10:01' }), first)).toEqual(['campo']);
    // one inside the other
    expect(reasons(other({ campo: 'Campo 1', ora: '10:30', ora_fine: '10:45' }), first)).toEqual(['campo']);
  });

  it('campo compared without case and spaces; different campi do not clash', () => {
    const first = home({ campo: 'Campo  Comunale 1' });
    expect(reasons(other({ campo: ' campo comunale1 ' }), first)).toEqual(['campo']);
    expect(reasons(other({ campo: 'CAMPO COMUNALE 1' }), first)).toEqual(['campo']);
    expect(reasons(other({ campo: 'Campo Comunale 2' }), first)).toEqual([]);
  });

  it('away matches are ignored for the campo', () => {
    expect(reasons(away({ campo: 'Campo 1' }), home())).toEqual([]);
    expect(reasons(home({ squadracasa: 'A', squadratrasferta: 'B', spogliatoio_gari: 5, spogliatoio_ospiti: 6 }), away({ campo: 'Campo 1' }))).toEqual([]);
  });
});

describe('spogliatoio', () => {
  it('different campi with the same dressing room clash, naming the room', () => {
    const first = home({ campo: 'Campo 1', spogliatoio_gari: 3, spogliatoio_ospiti: 4 });
    const clashes = clashesBetween(other({ campo: 'Campo 2', spogliatoio_gari: 5, spogliatoio_ospiti: 3 }), first);
    expect(clashes.map((c) => [c.motivo, c.messaggio])).toEqual([
      ['spogliatoio', 'Spogliatoio 3 già assegnato a Garibaldina 2013 - Virtus dalle 10:00 alle 11:30'],
    ]);
    const both = clashesBetween(other({ spogliatoio_gari: 4, spogliatoio_ospiti: 3 }), first);
    expect(both[0].messaggio).toBe('Spogliatoi 3, 4 già assegnati a Garibaldina 2013 - Virtus dalle 10:00 alle 11:30');
  });

  it('the changeover margin: each match holds its rooms 15 minutes before and after', () => {
    const first = home({ spogliatoio_gari: 3 }); // 10:00-11:30, rooms held 9:45-11:45
    // starts 12:00: held from 11:45, touches -> no clash
    expect(reasons(other({ spogliatoio_gari: 3, ora: '12:00', ora_fine: '13:00' }), first)).toEqual([]);
    expect(reasons(other({ spogliatoio_gari: 3, ora: '11:59', ora_fine: '13:00' }), first)).toEqual(['spogliatoio']);
    // ends 9:30: held until 9:45, touches -> no clash; ending 9:31 clashes
    expect(reasons(other({ spogliatoio_gari: 3, ora: '08:30', ora_fine: '09:30' }), first)).toEqual([]);
    expect(reasons(other({ spogliatoio_gari: 3, ora: '08:30', ora_fine: '09:31' }), first)).toEqual(['spogliatoio']);
    // the margin is a setting: 0 leaves only real overlaps, 30 widens further
    expect(reasons(other({ spogliatoio_gari: 3, ora: '11:30', ora_fine: '13:00' }), first, 0)).toEqual([]);
    expect(reasons(other({ spogliatoio_gari: 3, ora: '12:29', ora_fine: '13:00' }), first, 30)).toEqual(['spogliatoio']);
    expect(reasons(other({ spogliatoio_gari: 3, ora: '12:30', ora_fine: '13:00' }), first, 30)).toEqual([]);
  });

  it('away matches are ignored for dressing rooms (even with numbers in the data)', () => {
    const first = home({ spogliatoio_gari: 3 });
    expect(reasons(away({ spogliatoio_gari: 3, squadratrasferta: 'Other' }), first)).toEqual([]);
  });

  it('no rooms, no room clash', () => {
    expect(reasons(other({ spogliatoio_gari: null, spogliatoio_ospiti: null }), home({ spogliatoio_gari: null, spogliatoio_ospiti: null }))).toEqual([]);
  });
});

describe('squadra', () => {
  it('the same team in two overlapping matches, home or away side, any case', () => {
    const first = home({ squadracasa: 'Garibaldina 2013', squadratrasferta: 'Virtus' });
    const c = clashesBetween(away({ squadracasa: 'Lucca', squadratrasferta: 'garibaldina  2013', ora: '11:00' }), first);
    expect(c.map((x) => [x.motivo, x.messaggio])).toEqual([['squadra', 'La squadra garibaldina  2013 (Esordienti) gioca già alle 10:00 (Garibaldina 2013 - Virtus)']]);
    expect(reasons(other({ squadracasa: 'Virtus', campo: 'Campo 9' }), first)).toEqual(['squadra']);
  });

  it('not when the times only touch', () => {
    expect(reasons(other({ squadracasa: 'Virtus', ora: '11:30', ora_fine: '12:30' }), home())).toEqual([]);
  });

  it('an away match without end time lasts its category default length', () => {
    // Esordienti: 75 minutes -> 10:00-11:15
    const awayGame = away({ squadratrasferta: 'Garibaldina 2013', ora: '10:00', gruppo: 'Esordienti' });
    expect(matchSpan(awayGame)).toEqual({ start: 600, end: 675 });
    expect(reasons(other({ squadracasa: 'Garibaldina 2013', ora: '11:15', ora_fine: '12:00' }), awayGame)).toEqual([]);
    expect(reasons(other({ squadracasa: 'Garibaldina 2013', ora: '11:14', ora_fine: '12:00' }), awayGame)).toEqual(['squadra']);
    // unknown category: 105 minutes
    expect(matchSpan(away({ ora: '10:00', gruppo: 'Amatori' }))).toEqual({ start: 600, end: 705 });
    // the message shows the computed end
    const c = clashesBetween(home({ campo: 'X', ora: '10:30', spogliatoio_gari: null, spogliatoio_ospiti: null, squadracasa: 'Garibaldina 2013' }), awayGame);
    expect(c[0].messaggio).toBe('La squadra Garibaldina 2013 (Esordienti) gioca già alle 10:00 (Atletico Pisa - Garibaldina 2013)');
  });
});

describe('squadra: a team is a name within its category', () => {
  // A real Saturday: every home team is called 'Garibaldina', two pitches, six categories.
  const piccoli = home({ squadracasa: 'Garibaldina', squadratrasferta: 'Pro Sesto', gruppo: 'Piccoli Amici', ora: '09:00', ora_fine: '10:00', campo: 'Campo 1', spogliatoio_gari: 1, spogliatoio_ospiti: 2 });

  it('two categories of the club at once are not a clash', () => {
    const primi = home({ squadracasa: 'Garibaldina', squadratrasferta: 'Aurora', gruppo: 'Primi Calci', ora: '09:30', ora_fine: '10:30', campo: 'Campo 2', spogliatoio_gari: 3, spogliatoio_ospiti: 4 });
    expect(clashesBetween(primi, piccoli)).toEqual([]);
    expect(clashesBetween(piccoli, primi)).toEqual([]);
  });

  it('the same category twice is a clash, and the message names the category', () => {
    const again = home({ squadracasa: 'Garibaldina', squadratrasferta: 'Aurora', gruppo: 'piccoli  amici', ora: '09:30', ora_fine: '10:30', campo: 'Campo 2', spogliatoio_gari: 3, spogliatoio_ospiti: 4 });
    expect(clashesBetween(again, piccoli).map((c) => [c.motivo, c.messaggio])).toEqual([
      ['squadra', 'La squadra Garibaldina (Piccoli Amici) gioca già alle 09:00 (Garibaldina - Pro Sesto)'],
    ]);
  });

  it("an opponent club's two categories at once are not a clash; the same category twice is", () => {
    const pulcini = away({ squadracasa: 'Pro Sesto', squadratrasferta: 'Garibaldina', gruppo: 'Pulcini', ora: '09:30' });
    expect(clashesBetween(pulcini, piccoli)).toEqual([]);
    const sameCategory = away({ squadracasa: 'Pro Sesto', squadratrasferta: 'Virtus', gruppo: 'Piccoli Amici', ora: '09:30' });
    expect(clashesBetween(sameCategory, piccoli).map((c) => c.messaggio)).toEqual(['La squadra Pro Sesto (Piccoli Amici) gioca già alle 09:00 (Garibaldina - Pro Sesto)']);
  });

  it('six home matches of six categories on two pitches, alternating: no clash at all', () => {
    const gruppi = ['Piccoli Amici', 'Primi Calci', 'Pulcini', 'Esordienti', 'Giovanissimi', 'Allievi'];
    const day = gruppi.map((gruppo, i) =>
      home({
        gruppo,
        squadracasa: 'Garibaldina',
        squadratrasferta: `Ospiti ${i}`,
        campo: i % 2 === 0 ? 'Campo 1' : 'Campo 2',
        ora: `${String(9 + i).padStart(2, '0')}:00`,
        ora_fine: `${String(10 + i).padStart(2, '0')}:30`,
        spogliatoio_gari: i % 2 === 0 ? 1 : 3,
        spogliatoio_ospiti: i % 2 === 0 ? 2 : 4,
      }),
    );
    expect(clashesOfAll(day, 0).size).toBe(0);
    // The batch rule (import preview, bulk moves) reads the same rule.
    expect(batchClashes(day.map((m) => ({ ...m, id: null })), [], 0).every((r) => r.total === 0)).toBe(true);
    expect(batchClashes(day.map((m) => ({ ...m, id: null })), [{ ...day[0], id: 500, squadratrasferta: 'Altri', campo: 'Campo 9', spogliatoio_gari: null, spogliatoio_ospiti: null }], 0)[0].listed.map((c) => c.motivo)).toEqual(['squadra']);
  });
});

describe('identity and days', () => {
  it('a match edited is not compared with itself', () => {
    const stored = home();
    expect(clashesBetween({ ...stored }, stored)).toEqual([]);
    expect(findClashes({ ...stored, ora: '10:15' }, [stored, home({ id: 999 })]).map((c) => c.id)).toEqual([999, 999, 999]);
  });

  it('a candidate without id (new match) is compared with everything of its day, not other days', () => {
    const stored = home();
    expect(reasons({ ...stored, id: null }, stored)).toEqual(['campo', 'spogliatoio', 'squadra']);
    expect(reasons({ ...stored, id: null, data: '2026-12-06' }, stored)).toEqual([]);
  });

  it('clashesOfAll pairs matches per day, both ways', () => {
    const a = home();
    const b = other({ campo: 'Campo 1', ora: '11:00', ora_fine: '12:00' });
    const c = other({ campo: 'Campo 1', data: '2026-12-06' });
    const all = clashesOfAll([a, b, c]);
    expect(all.get(a.id)?.listed.map((x) => x.id)).toEqual([b.id]);
    expect(all.get(b.id)?.listed.map((x) => x.id)).toEqual([a.id]);
    expect(all.has(c.id)).toBe(false);
  });
});

describe('clashCandidate', () => {
  it('null until date and start time are valid', () => {
    expect(clashCandidate({ data: '', ora: '10:00' })).toBeNull();
    expect(clashCandidate({ data: '2026-12-05', ora: '1' })).toBeNull();
  });
  it('follows the save rules: away matches lose end time and rooms; the club name makes a home match', () => {
    expect(clashCandidate({ data: '2026-12-05', ora: '10:00', oraFine: '11:00', squadraCasa: 'Lucca', spogliatoioGari: 3 })).toMatchObject({
      is_house_match: false,
      ora_fine: null,
      spogliatoio_gari: null,
    });
    expect(clashCandidate({ id: 4, data: '2026-12-05', ora: '10:00', oraFine: '11:00', squadraCasa: ' Garibaldina 2013 ', spogliatoioGari: 3 })).toMatchObject({
      id: 4,
      is_house_match: true,
      ora_fine: '11:00',
      squadracasa: 'Garibaldina 2013',
      spogliatoio_gari: 3,
    });
  });
});

it('CLASH_MSG has the sentences of the issue', () => {
  expect(CLASH_MSG.campo('10:00', '11:30', 'Garibaldina 2013 - Virtus')).toBe('Campo già occupato dalle 10:00 alle 11:30 da Garibaldina 2013 - Virtus');
});

describe('batchClashes (import and bulk moves)', () => {
  it('compares each row with the stored matches of its day and with the other rows, by day; null rows and unchecked rows are not reported', () => {
    const stored = home({ id: 900 });
    const rowOnStored = other({ id: null as unknown as number, campo: 'Campo 1', ora: '11:00', ora_fine: '12:00' });
    const a = other({ id: null as unknown as number, data: '2026-12-06', campo: 'Campo 9', spogliatoio_gari: 5, spogliatoio_ospiti: 6 });
    const b = other({ id: null as unknown as number, data: '2026-12-06', campo: 'Campo 9', squadracasa: 'X', squadratrasferta: 'Y', spogliatoio_gari: 1, spogliatoio_ospiti: 2 });
    const elsewhere = other({ id: null as unknown as number, data: '2026-12-07', campo: 'Campo 1' });
    const out = batchClashes([rowOnStored, a, null, b, elsewhere], [stored], 15);
    expect(out.map((r) => r.listed.map((c) => [c.id, c.altra, c.motivo]))).toEqual([[[900, null, 'campo']], [[null, 3, 'campo']], [], [[null, 1, 'campo']], []]);
    expect(batchClashes([rowOnStored, a, null, b], [stored], 15, (i) => i !== 3)[3]).toEqual({ listed: [], total: 0 });
  });

  it('a stored match with the id of a row is the row before its move: left out', () => {
    const stored = home({ id: 901 });
    expect(batchClashes([{ ...stored, ora: '10:30' }], [stored], 15)).toEqual([{ listed: [], total: 0 }]);
  });

  it('the changeover margin is the one given: 0 lets rooms follow each other at once', () => {
    const first = home({ id: 902, campo: 'Campo 7' });
    const next = other({ id: null as unknown as number, ora: '11:30', ora_fine: '13:00', spogliatoio_gari: 1, spogliatoio_ospiti: 9 });
    expect(batchClashes([next], [first], 0)).toEqual([{ listed: [], total: 0 }]);
    expect(batchClashes([next], [first], 30)[0].listed.map((c) => c.motivo)).toEqual(['spogliatoio']);
  });
});

describe('holdsFacilities (docs/occupancy.md, status)', () => {
  it('a cancelled match and one postponed with the date to be set free them; postponed to a date, suspended or planned hold them', () => {
    expect(holdsFacilities({ stato: 'annullata' })).toBe(false);
    expect(holdsFacilities({ stato: 'rinviata', data_da_definire: true })).toBe(false);
    expect(holdsFacilities({ stato: 'rinviata', data_da_definire: false })).toBe(true);
    expect(holdsFacilities({ stato: 'sospesa', data_da_definire: false })).toBe(true);
    expect(holdsFacilities({ stato: 'programmata' })).toBe(true);
    expect(holdsFacilities({})).toBe(true);
    // The SQL fragment states the same rule.
    expect(HOLDS_FACILITIES_SQL).toBe("(stato <> 'annullata' AND NOT (stato = 'rinviata' AND data_da_definire))");
  });
});
