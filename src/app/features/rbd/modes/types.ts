// What every interaction mode answers to: the arrows, Enter and Escape. The commands route those keys to the
// current mode (modes/index.ts), so a mode is one small object, not flags spread over the canvas.
import type { Direction } from "../../../components/graph/types.ts";
import type { Mode } from "../store.ts";

export interface ModeHandlers<M extends Mode> {
  /** i18n key (rbd namespace) of the status line while the mode is on. */
  status: string;
  arrow(mode: M, direction: Direction): void;
  /** Enter. */
  confirm(mode: M): void;
  /** Escape; answers false when the mode has nothing to cancel (Escape then means something else). */
  cancel(mode: M): boolean;
}
