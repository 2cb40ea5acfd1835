// Idle: the arrows select, Enter opens a sub-diagram (else the attribute panel takes focus), Escape goes
// back up to the diagram holding the one shown.
import { requestFocus, selected, shownDiagram, viewPath } from "../store.ts";
import { moveSelection } from "./select.ts";
import type { ModeHandlers } from "./types.ts";

export function openSubdiagram(): boolean {
  const block = shownDiagram.value.blocks.find((b) => b.id === selected.value);
  if (block?.kind !== "subdiagram") return false;
  viewPath.value = [...viewPath.value, block.id];
  selected.value = block.diagram.blocks[0]?.id ?? "start";
  return true;
}

export function openParent(): boolean {
  const path = viewPath.value;
  if (path.length === 0) return false;
  viewPath.value = path.slice(0, -1);
  selected.value = path[path.length - 1];
  return true;
}

export const idle: ModeHandlers<{ kind: "idle" }> = {
  status: "modes.idle",
  arrow: (_, direction) => moveSelection(direction),
  confirm: () => {
    if (!openSubdiagram()) requestFocus("panel");
  },
  cancel: () => openParent(),
};
