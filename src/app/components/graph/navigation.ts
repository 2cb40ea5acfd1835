// Arrow-key navigation over a laid-out graph when the consumer has no structure of its own to follow:
// the nearest node in the pressed direction, favouring nodes straight ahead over nodes off to the side.
import type { Direction, GraphLayout, NodeBox } from "./types.ts";

/**
 * The node to move to from `fromId` in `direction`, or undefined when there is none. A candidate must lie
 * ahead (its centre beyond the current node's centre along the direction, within a 60° cone either side);
 * the score is the distance ahead plus twice the sideways offset, so the next node in the same row or
 * column wins over a closer one diagonally.
 */
export function nearestInDirection(
  layout: GraphLayout,
  fromId: string,
  direction: Direction,
  filter?: (node: NodeBox) => boolean,
): string | undefined {
  const from = layout.nodes.get(fromId);
  if (!from) return undefined;
  let best: string | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const n of layout.nodes.values()) {
    if (n.id === fromId || (filter && !filter(n))) continue;
    const dx = n.x - from.x;
    const dy = n.y - from.y;
    let ahead: number;
    let side: number;
    switch (direction) {
      case "right":
        ahead = dx;
        side = Math.abs(dy);
        break;
      case "left":
        ahead = -dx;
        side = Math.abs(dy);
        break;
      case "down":
        ahead = dy;
        side = Math.abs(dx);
        break;
      case "up":
        ahead = -dy;
        side = Math.abs(dx);
        break;
    }
    if (ahead <= 0.5 || side > ahead * Math.tan(Math.PI / 3)) continue;
    const score = ahead + 2 * side;
    if (score < bestScore) {
      bestScore = score;
      best = n.id;
    }
  }
  return best;
}

/** The node in the same rank (same centre line across the ranks) next to `fromId` on the given side. */
export function nextInRank(layout: GraphLayout, fromId: string, side: -1 | 1): string | undefined {
  const from = layout.nodes.get(fromId);
  if (!from) return undefined;
  const horizontal = layout.rankdir === "LR" || layout.rankdir === "RL";
  let best: string | undefined;
  let bestGap = Number.POSITIVE_INFINITY;
  for (const n of layout.nodes.values()) {
    if (n.id === fromId) continue;
    const sameRank = horizontal ? Math.abs(n.x - from.x) < 1 : Math.abs(n.y - from.y) < 1;
    if (!sameRank) continue;
    const gap = side * (horizontal ? n.y - from.y : n.x - from.x);
    if (gap > 0 && gap < bestGap) {
      bestGap = gap;
      best = n.id;
    }
  }
  return best;
}
