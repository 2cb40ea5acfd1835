// The current mode's handlers: the arrow, Enter and Escape commands go through here.
import type { Direction } from "../../../components/graph/types.ts";
import { type Mode, mode } from "../store.ts";
import { connecting } from "./connecting.ts";
import { idle } from "./idle.ts";
import { moving } from "./moving.ts";
import { placing } from "./placing.ts";
import type { ModeHandlers } from "./types.ts";

const HANDLERS: { [K in Mode["kind"]]: ModeHandlers<Extract<Mode, { kind: K }>> } = {
  idle,
  connecting,
  placing,
  moving,
};

function handlers<M extends Mode>(m: M): ModeHandlers<M> {
  return HANDLERS[m.kind] as unknown as ModeHandlers<M>;
}

export const modeStatus = (m: Mode): string => handlers(m).status;
export const arrow = (direction: Direction) => handlers(mode.value).arrow(mode.value, direction);
export const confirm = () => handlers(mode.value).confirm(mode.value);
export const cancel = (): boolean => handlers(mode.value).cancel(mode.value);
