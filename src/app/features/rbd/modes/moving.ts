// Moving a block by hand: each arrow shifts it by MOVE_STEP pixels on top of the automatic layout (the
// canvas draws the mode's offset live); Enter keeps the move as one undo step, Escape puts it back.
import type { Direction } from "../../../components/graph/types.ts";
import { change, currentDocument, type Mode, mode } from "../store.ts";
import type { ModeHandlers } from "./types.ts";

type Moving = Extract<Mode, { kind: "moving" }>;

export const MOVE_STEP = 12;

const STEPS: Record<Direction, [number, number]> = {
  left: [-1, 0],
  right: [1, 0],
  up: [0, -1],
  down: [0, 1],
};

export function startMoving(id: string): void {
  const origin = currentDocument.value.offsets[id] ?? { dx: 0, dy: 0 };
  mode.value = { kind: "moving", id, origin, offset: origin };
}

export const moving: ModeHandlers<Moving> = {
  status: "modes.moving",
  arrow: (m, direction) => {
    const [sx, sy] = STEPS[direction];
    mode.value = { ...m, offset: { dx: m.offset.dx + sx * MOVE_STEP, dy: m.offset.dy + sy * MOVE_STEP } };
  },
  confirm: (m) => {
    mode.value = { kind: "idle" };
    if (m.offset.dx === m.origin.dx && m.offset.dy === m.origin.dy) return;
    const doc = currentDocument.value;
    change({ ...doc, offsets: { ...doc.offsets, [m.id]: m.offset } });
  },
  cancel: () => {
    mode.value = { kind: "idle" };
    return true;
  },
};
