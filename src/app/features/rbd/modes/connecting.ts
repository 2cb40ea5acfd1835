// Connecting (or disconnecting): the arrows choose the other end, Enter adds or removes the connection
// between the block the mode started from and the one chosen, Escape gives up and returns to it.
import { connect, disconnect } from "../edit.ts";
import { apply, type Mode, mode, model, selected } from "../store.ts";
import { moveSelection } from "./select.ts";
import type { ModeHandlers } from "./types.ts";

type Connecting = Extract<Mode, { kind: "connecting" }>;

export const connecting: ModeHandlers<Connecting> = {
  status: "modes.connecting",
  arrow: (_, direction) => moveSelection(direction),
  confirm: (m) => {
    const target = selected.value;
    if (target === null) return;
    const edit = m.disconnect ? disconnect : connect;
    // A refused target keeps the mode on, so another can be chosen.
    if (apply(edit(model.value, m.path, m.from, target))) mode.value = { kind: "idle" };
  },
  cancel: (m) => {
    selected.value = m.from;
    mode.value = { kind: "idle" };
    return true;
  },
};
