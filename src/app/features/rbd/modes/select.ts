// Moving the selection over the diagram shown (idle, connecting and placing all steer it the same way), by
// the viewport's rule: the nearest node in the direction pressed.
import { nearestInDirection } from "../../../components/graph/navigation.ts";
import type { Direction } from "../../../components/graph/types.ts";
import { selected, shownDiagram, shownLayout } from "../store.ts";

export function moveSelection(direction: Direction): void {
  const from = selected.value;
  const layout = shownLayout.value;
  if (from === null || !layout?.nodes.has(from)) {
    selected.value = shownDiagram.value.blocks[0]?.id ?? "start";
    return;
  }
  const next = nearestInDirection(layout, from, direction);
  if (next !== undefined) selected.value = next;
}
