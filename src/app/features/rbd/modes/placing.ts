// Placing a mirror: the arrows choose the place, then "a" puts the mirror after the selection, "p" beside
// it (Enter means "after"); the original becomes a host. Escape gives up.
import { addMirror } from "../edit.ts";
import { apply, type Mode, mode, model, selected, viewPath } from "../store.ts";
import { moveSelection } from "./select.ts";
import type { ModeHandlers } from "./types.ts";

type Placing = Extract<Mode, { kind: "placing" }>;

export function placeMirror(m: Placing, where: "after" | "parallel"): boolean {
  const target = selected.value;
  if (target === null) return false;
  const placed = apply(addMirror(model.value, viewPath.value, target, m.of, where));
  if (placed) mode.value = { kind: "idle" };
  return placed;
}

export const placing: ModeHandlers<Placing> = {
  status: "modes.placing",
  arrow: (_, direction) => moveSelection(direction),
  confirm: (m) => {
    placeMirror(m, "after");
  },
  cancel: () => {
    mode.value = { kind: "idle" };
    return true;
  },
};
