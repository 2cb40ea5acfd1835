// The viewport's pointer state machine: click selects, drag pans (from a node or the canvas), slop.
import { describe, expect, it } from "vitest";
import { DRAG_SLOP, ViewportInteraction } from "../../../../src/app/components/graph/interaction.ts";

function machine() {
  const log: string[] = [];
  const m = new ViewportInteraction({
    panBy: (dx, dy) => log.push(`pan ${dx},${dy}`),
    select: (id) => log.push(`select ${id}`),
    activate: (id) => log.push(`activate ${id}`),
    canvasClick: () => log.push("canvas"),
    setPanning: (p) => log.push(p ? "grab" : "release"),
  });
  return { m, log };
}

describe("ViewportInteraction", () => {
  it("selects a node on click, even after a small wobble", () => {
    const { m, log } = machine();
    m.pointerDown({ point: { x: 10, y: 10 }, nodeId: "a", button: 0 });
    expect(m.state).toBe("pointingNode");
    m.pointerMove({ point: { x: 10 + DRAG_SLOP - 1, y: 10 } });
    m.pointerUp({ point: { x: 12, y: 10 } });
    expect(log).toEqual(["select a"]);
    expect(m.state).toBe("idle");
  });

  it("pans when a press on a node or the canvas moves beyond the slop", () => {
    const { m, log } = machine();
    m.pointerDown({ point: { x: 0, y: 0 }, nodeId: "a", button: 0 });
    m.pointerMove({ point: { x: 10, y: 0 } });
    expect(m.state).toBe("panning");
    m.pointerMove({ point: { x: 15, y: 5 } });
    m.pointerUp({ point: { x: 15, y: 5 } });
    expect(log).toEqual(["grab", "pan 10,0", "pan 5,5", "release"]);
    expect(m.state).toBe("idle");

    const c = machine();
    c.m.pointerDown({ point: { x: 0, y: 0 }, button: 0 });
    c.m.pointerUp({ point: { x: 1, y: 1 } });
    expect(c.log).toEqual(["canvas"]);
  });

  it("pans with the middle button at once, ignores the right button, and cancels cleanly", () => {
    const { m, log } = machine();
    m.pointerDown({ point: { x: 0, y: 0 }, nodeId: "a", button: 1 });
    expect(m.state).toBe("panning");
    m.cancel();
    expect(m.state).toBe("idle");
    m.pointerDown({ point: { x: 0, y: 0 }, nodeId: "a", button: 2 });
    expect(m.state).toBe("idle");
    m.doubleClick({ point: { x: 0, y: 0 }, nodeId: "b" });
    expect(log).toEqual(["grab", "release", "activate b"]);
  });
});
