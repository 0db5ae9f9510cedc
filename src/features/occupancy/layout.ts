/**
 * Where the blocks of one column of the occupancy board (docs/occupancy.md) go side by side.
 *
 * Blocks that overlap in time form a cluster (transitively: A-B and B-C overlapping put A, B and C
 * in one cluster even when A and C do not overlap). Inside a cluster each block gets the first lane
 * free at its start, and the cluster's width is divided by its own number of lanes; a block that
 * overlaps nothing has one lane, i.e. the column's whole width. A block then widens to the right
 * over the lanes that stay free for the whole of its time.
 *
 * Times are minutes (or any number); a block ending when another starts does not overlap it.
 */
export interface Span {
  start: number;
  end: number;
}

export interface Placement {
  /** 0-based lane from the left. */
  lane: number;
  /** How many lanes the block takes (1 unless the lanes on its right are free for its time). */
  span: number;
  /** Lanes of the block's cluster: the block's width is span / lanes of the column. */
  lanes: number;
}

/** Left and width of a placement, as fractions of the column (0-1). */
export const fractionOf = (p: Placement): { left: number; width: number } => ({ left: p.lane / p.lanes, width: p.span / p.lanes });

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

/** The placements of `items`, keyed by `key(item)`. */
export function layoutColumn<T extends Span, K>(items: readonly T[], key: (item: T) => K): Map<K, Placement> {
  // By start; at the same start the longer first, so it takes the left lane.
  const order = items.map((item, i) => ({ item, i })).sort((a, b) => a.item.start - b.item.start || b.item.end - a.item.end || a.i - b.i);
  const out = new Map<K, Placement>();
  let cluster: { item: T; lane: number }[] = [];
  let laneEnds: number[] = [];
  let clusterEnd = -Infinity;

  const close = () => {
    const lanes = Math.max(1, laneEnds.length);
    for (const c of cluster) {
      let span = 1;
      while (c.lane + span < lanes && !cluster.some((o) => o.lane === c.lane + span && overlaps(o.item, c.item))) span++;
      out.set(key(c.item), { lane: c.lane, span, lanes });
    }
    cluster = [];
    laneEnds = [];
  };

  for (const { item } of order) {
    if (item.start >= clusterEnd) {
      close();
      clusterEnd = -Infinity;
    }
    let lane = laneEnds.findIndex((end) => end <= item.start);
    if (lane < 0) lane = laneEnds.length;
    laneEnds[lane] = item.end;
    cluster.push({ item, lane });
    clusterEnd = Math.max(clusterEnd, item.end);
  }
  close();
  return out;
}
