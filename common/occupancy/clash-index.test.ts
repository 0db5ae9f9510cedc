// The bucketed clash check (clashIndex, clashesOfAll, batchClashes) against the pairwise rule it replaced, kept
// here as the oracle: every pair of a day through clashesBetween. Same clashes, same sentences, same counts.
import {
  CLASH_LIST_MAX,
  CLASH_MSG,
  batchClashes,
  clashesBetween,
  clashesOfAll,
  moreClashes,
  matchSpan,
  type BatchClash,
  type Clash,
  type ClashMatch,
  type ClashReason,
} from './rules';

// ---- The oracle: the pairwise check as it was ----

function pairwiseOfAll<M extends ClashMatch & { id: number }>(matches: readonly M[], margin: number): Map<number, Clash<M>[]> {
  const byDay = new Map<string, M[]>();
  for (const m of matches) byDay.set(m.data, [...(byDay.get(m.data) ?? []), m]);
  const out = new Map<number, Clash<M>[]>();
  for (const day of byDay.values()) {
    for (const m of day) {
      const found = day.flatMap((o) => clashesBetween(m, o, margin));
      if (found.length > 0) out.set(m.id, found);
    }
  }
  return out;
}

function pairwiseBatch(candidates: readonly (ClashMatch | null)[], stored: readonly ClashMatch[], margin: number, check: (i: number) => boolean): BatchClash[][] {
  const out: BatchClash[][] = candidates.map(() => []);
  const taken = new Set(candidates.flatMap((c) => (c?.id != null ? [c.id] : [])));
  const dayStored = stored.filter((s) => s.id != null && !taken.has(s.id));
  const rows = candidates.flatMap((c, index) => (c ? [{ index, match: { ...c, id: -(index + 1) } }] : []));
  for (const { index, match } of rows) {
    if (!check(index)) continue;
    for (const s of dayStored) {
      for (const c of clashesBetween(match, s, margin)) out[index].push({ indice: index, id: c.id, altra: null, motivo: c.motivo, messaggio: c.messaggio });
    }
    for (const other of rows) {
      if (other.index === index) continue;
      for (const c of clashesBetween(match, other.match, margin)) {
        out[index].push({ indice: index, id: candidates[other.index]?.id ?? null, altra: other.index, motivo: c.motivo, messaggio: c.messaggio });
      }
    }
  }
  return out;
}

// ---- A random day's worth of matches, seeded ----

/** mulberry32: the same fixture every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

function fixture(seed: number, n: number): Array<ClashMatch & { id: number }> {
  const r = random(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  // Names written in several ways that the rule takes as one (case, spaces), a few empty ones, and the
  // same team in two categories (two groups of children).
  const campi = ['Campo 1', 'campo1', ' CAMPO  1 ', 'Campo 2', 'Campo Comunale', ''];
  const teams = ['Garibaldina', 'garibaldina ', 'Virtus', 'VIRTUS', 'Pro Sesto', 'Lucca', 'Atletico Pisa', '', '  '];
  const gruppi = ['Pulcini', 'pulcini', 'Esordienti', 'Primi Calci', 'Allievi'];
  const days = ['2026-12-05', '2026-12-06', '2026-12-07'];
  const room = () => (r() < 0.3 ? null : 1 + Math.floor(r() * 6));
  return Array.from({ length: n }, (_, i) => {
    const start = 8 * 60 + 5 * Math.floor(r() * 144);
    const home = r() < 0.65;
    const gari = room();
    const end = r() < 0.2 ? null : r() < 0.1 ? hhmm(start - 30) : hhmm(Math.min(start + 30 + 5 * Math.floor(r() * 18), 23 * 60 + 59));
    return {
      id: 1000 + i,
      data: pick(days),
      ora: r() < 0.5 ? `${hhmm(start)}:00` : hhmm(start),
      ora_fine: end,
      squadracasa: pick(teams),
      squadratrasferta: pick(teams),
      campo: pick(campi),
      gruppo: pick(gruppi),
      is_house_match: home,
      spogliatoio_gari: gari,
      // Sometimes the same room for both teams (one room, named once).
      spogliatoio_ospiti: r() < 0.15 ? gari : room(),
    };
  });
}

/** A clash as one text: the other match (stored id, batch row), the reason, the sentence. */
const key = (c: { id: number | null; altra?: number | null; motivo: ClashReason; messaggio: string }) => JSON.stringify([c.id, c.altra ?? null, c.motivo, c.messaggio]);
const sorted = (xs: string[]) => [...xs].sort();
const REASONS: ClashReason[] = ['campo', 'spogliatoio', 'squadra'];

describe('clashesOfAll (board, dashboard) gives the clashes of the pairwise rule', () => {
  it.each([
    [1, 0],
    [2, 15],
    [3, 30],
    [4, 120],
  ])('random fixture %i, margin %i: every clash of every match, the same sentences', (seed, margin) => {
    const matches = fixture(seed, 400);
    const want = pairwiseOfAll(matches, margin);
    const got = clashesOfAll(matches, margin, Infinity);
    expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
    let pairs = 0;
    for (const [id, clashes] of want) {
      const mine = got.get(id)!;
      expect(mine.total).toBe(clashes.length);
      expect(sorted(mine.listed.map(key))).toEqual(sorted(clashes.map(key)));
      pairs += clashes.length;
    }
    // The fixture does clash, on every ground.
    expect(pairs).toBeGreaterThan(1000);
    expect(new Set([...want.values()].flat().map((c) => c.motivo))).toEqual(new Set(REASONS));
  });

  it('listed: the first CLASH_LIST_MAX by the other match’s start (then its place, then campo, room, team); the count is whole', () => {
    const matches = fixture(5, 400);
    const index = new Map(matches.map((m, i) => [m.id, i]));
    const want = pairwiseOfAll(matches, 15);
    const got = clashesOfAll(matches, 15);
    for (const [id, clashes] of want) {
      const ordered = [...clashes].sort(
        (x, y) =>
          matchSpan(x.partita).start - matchSpan(y.partita).start || index.get(x.id)! - index.get(y.id)! || REASONS.indexOf(x.motivo) - REASONS.indexOf(y.motivo),
      );
      const mine = got.get(id)!;
      expect(mine.total).toBe(clashes.length);
      expect(mine.listed.map(key)).toEqual(ordered.slice(0, CLASH_LIST_MAX).map(key));
      expect(mine.listed.every((c) => c.partita === matches[index.get(c.id)!])).toBe(true);
    }
  });
});

describe('batchClashes (import, bulk moves) gives the clashes of the pairwise rule', () => {
  it.each([
    [11, 15],
    [12, 0],
    [13, 45],
  ])('random fixture %i, margin %i: rows against stored matches and each other; null, unchecked and moved rows', (seed, margin) => {
    const all = fixture(seed, 500);
    const stored = all.slice(0, 200);
    // New rows (no id), some rows that are stored matches moved (their id: the stored one is left out), some null.
    const candidates = all.slice(200).map((m, i): ClashMatch | null => (i % 17 === 0 ? null : i % 11 === 0 ? { ...m, id: stored[i % 200].id } : { ...m, id: null }));
    const check = (i: number) => i % 7 !== 3;
    const want = pairwiseBatch(candidates, stored, margin, check);
    const got = batchClashes(candidates, stored, margin, check, Infinity);
    expect(got.map((row) => row.total)).toEqual(want.map((row) => row.length));
    got.forEach((row, i) => expect(sorted(row.listed.map(key))).toEqual(sorted(want[i].map(key))));
    expect(want.flat().length).toBeGreaterThan(1000);
    // Capped: the same counts, at most CLASH_LIST_MAX listed, each one of the row's.
    const capped = batchClashes(candidates, stored, margin, check);
    capped.forEach((row, i) => {
      expect(row.total).toBe(want[i].length);
      expect(row.listed).toHaveLength(Math.min(CLASH_LIST_MAX, want[i].length));
      const mine = new Set(want[i].map(key));
      for (const c of row.listed) expect(mine.has(key(c))).toBe(true);
    });
  });
});

describe("the cap: three clashes listed, then 'e altre N sovrapposizioni'", () => {
  const row = (i: number): ClashMatch => ({
    id: null,
    data: '2026-12-05',
    ora: '10:00',
    ora_fine: '11:30',
    squadracasa: 'Garibaldina',
    squadratrasferta: `Ospiti ${i}`,
    campo: 'Campo 1',
    gruppo: 'Pulcini',
    is_house_match: true,
    spogliatoio_gari: 1,
    spogliatoio_ospiti: 2,
  });

  it('2,000 rows of one day on one campo, rooms and team: each row lists 3 and counts the other 5,994', () => {
    const rows = Array.from({ length: 2000 }, (_, i) => row(i));
    const out = batchClashes(rows, [], 15);
    expect(out.every((r) => r.total === 1999 * 3 && r.listed.length === 3)).toBe(true);
    expect(out[0].listed.map((c) => [c.altra, c.motivo])).toEqual([
      [1, 'campo'],
      [1, 'spogliatoio'],
      [1, 'squadra'],
    ]);
    expect(out[0].listed[1].messaggio).toBe('Spogliatoi 1, 2 già assegnati a Garibaldina - Ospiti 1 dalle 10:00 alle 11:30');
    expect(moreClashes(out[0])).toBe('e altre 5994 sovrapposizioni');
    // The last row: the first three of the day are rows 0 and 1 (row 0 first: same start, earlier place).
    expect(out[1999].listed.map((c) => [c.altra, c.motivo])).toEqual([
      [0, 'campo'],
      [0, 'spogliatoio'],
      [0, 'squadra'],
    ]);
  });

  it("moreClashes: null when every clash is listed, 'e un'altra' for one more", () => {
    expect(moreClashes({ listed: [1, 2, 3], total: 3 })).toBeNull();
    expect(moreClashes({ listed: [1, 2, 3], total: 4 })).toBe("e un'altra sovrapposizione");
    expect(CLASH_MSG.andMore(7)).toBe('e altre 7 sovrapposizioni');
    const day = Array.from({ length: 5 }, (_, i) => ({ ...row(i), id: i + 1 }));
    const found = clashesOfAll(day, 15).get(1)!;
    expect(found.listed.map((c) => [c.id, c.motivo])).toEqual([
      [2, 'campo'],
      [2, 'spogliatoio'],
      [2, 'squadra'],
    ]);
    expect(moreClashes(found)).toBe('e altre 9 sovrapposizioni');
  });
});
