// Pointer interaction of the viewport as a small state machine (after tldraw's tools): each state is an
// object with the handlers it cares about, and a handler answers the next state. No React, no DOM: the
// viewport feeds it events and it calls back `actions`, so it is tested on its own.
//
//   idle ──down on node──▶ pointingNode ──up──▶ idle (select)
//     │                        └──moved > slop──▶ panning
//     └──down on canvas──▶ pointingCanvas ──up──▶ idle (canvas click)
//                              └──moved > slop──▶ panning ──up / cancel──▶ idle

import type { Point } from "./types.ts";

export interface PointerInput {
  point: Point;
  /** The node under the pointer, if any. */
  nodeId?: string;
  button?: number;
}

export interface InteractionActions {
  panBy(dx: number, dy: number): void;
  select(nodeId: string): void;
  activate(nodeId: string): void;
  canvasClick(): void;
  /** The machine entered or left panning (the viewport shows a grabbing cursor). */
  setPanning(panning: boolean): void;
}

export type StateName = "idle" | "pointingNode" | "pointingCanvas" | "panning";

interface State {
  onEnter?(input?: PointerInput): void;
  onExit?(): void;
  onPointerDown?(input: PointerInput): StateName | undefined;
  onPointerMove?(input: PointerInput): StateName | undefined;
  onPointerUp?(input: PointerInput): StateName | undefined;
  onCancel?(): StateName | undefined;
  onDoubleClick?(input: PointerInput): StateName | undefined;
}

/** Movement (px) below which a press is a click, not a drag. */
export const DRAG_SLOP = 4;

export class ViewportInteraction {
  private name: StateName = "idle";
  private start: Point = { x: 0, y: 0 };
  private last: Point = { x: 0, y: 0 };
  private pressedNode: string | undefined;
  private readonly states: Record<StateName, State>;

  constructor(private readonly actions: InteractionActions) {
    const moved = (p: Point) => Math.hypot(p.x - this.start.x, p.y - this.start.y) > DRAG_SLOP;
    const press = (input: PointerInput) => {
      this.start = input.point;
      this.last = input.point;
    };
    this.states = {
      idle: {
        onPointerDown: (input) => {
          if (input.button !== undefined && input.button !== 0 && input.button !== 1) return undefined;
          press(input);
          // The middle button always pans.
          if (input.button === 1) return "panning";
          this.pressedNode = input.nodeId;
          return input.nodeId ? "pointingNode" : "pointingCanvas";
        },
        onDoubleClick: (input) => {
          if (input.nodeId) actions.activate(input.nodeId);
          return undefined;
        },
      },
      pointingNode: {
        onPointerMove: (input) => (moved(input.point) ? "panning" : undefined),
        onPointerUp: () => {
          if (this.pressedNode) actions.select(this.pressedNode);
          return "idle";
        },
        onCancel: () => "idle",
      },
      pointingCanvas: {
        onPointerMove: (input) => (moved(input.point) ? "panning" : undefined),
        onPointerUp: () => {
          actions.canvasClick();
          return "idle";
        },
        onCancel: () => "idle",
      },
      panning: {
        onEnter: (input) => {
          actions.setPanning(true);
          if (input) this.follow(input.point);
        },
        onExit: () => actions.setPanning(false),
        onPointerMove: (input) => {
          this.follow(input.point);
          return undefined;
        },
        onPointerUp: () => "idle",
        onCancel: () => "idle",
      },
    };
  }

  private follow(p: Point): void {
    const dx = p.x - this.last.x;
    const dy = p.y - this.last.y;
    this.last = p;
    if (dx !== 0 || dy !== 0) this.actions.panBy(dx, dy);
  }

  get state(): StateName {
    return this.name;
  }

  private transition(next: StateName | undefined, input?: PointerInput): void {
    if (!next || next === this.name) return;
    this.states[this.name].onExit?.();
    this.name = next;
    this.states[next].onEnter?.(input);
  }

  pointerDown(input: PointerInput): void {
    this.transition(this.states[this.name].onPointerDown?.(input), input);
  }
  pointerMove(input: PointerInput): void {
    this.transition(this.states[this.name].onPointerMove?.(input), input);
  }
  pointerUp(input: PointerInput): void {
    this.transition(this.states[this.name].onPointerUp?.(input), input);
  }
  cancel(): void {
    this.transition(this.states[this.name].onCancel?.());
  }
  doubleClick(input: PointerInput): void {
    this.transition(this.states[this.name].onDoubleClick?.(input), input);
  }
}
