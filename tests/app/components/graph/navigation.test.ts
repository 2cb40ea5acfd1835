// Arrow-key rules of the viewport: nearest node ahead, favouring the same row or column; next in rank.
import { describe, expect, it } from "vitest";
import { layoutGraph } from "../../../../src/app/components/graph/layout.ts";
import { nearestInDirection, nextInRank } from "../../../../src/app/components/graph/navigation.ts";
import type { GraphLayout, NodeBox } from "../../../../src/app/components/graph/types.ts";

function grid(points: Record<string, [number, number]>): GraphLayout {
  const nodes = new Map<string, NodeBox>(
    Object.entries(points).map(([id, [x, y]]) => [id, { id, x, y, width: 20, height: 20 }]),
  );
  return { nodes, edges: [], width: 1000, height: 1000, rankdir: "TB", key: "k", elapsedMs: 0 };
}

describe("nearestInDirection", () => {
  const l = grid({
    c: [100, 100],
    r: [200, 100],
    rFar: [400, 100],
    d: [100, 200],
    diag: [150, 150],
    up: [100, 0],
  });
  it("prefers the node in the same row over a closer diagonal one", () => {
    expect(nearestInDirection(l, "c", "right")).toBe("r");
    expect(nearestInDirection(l, "c", "down")).toBe("d");
    expect(nearestInDirection(l, "c", "up")).toBe("up");
    expect(nearestInDirection(l, "c", "left")).toBeUndefined();
    expect(nearestInDirection(l, "r", "right")).toBe("rFar");
    expect(nearestInDirection(l, "missing", "right")).toBeUndefined();
  });
  it("takes a much closer diagonal node over a far one in the row, and honours a filter", () => {
    expect(nearestInDirection(l, "c", "right", (n) => n.id !== "r")).toBe("diag");
    expect(nearestInDirection(l, "c", "right", (n) => n.id !== "r" && n.id !== "diag")).toBe("rFar");
  });
});

describe("nextInRank", () => {
  it("walks a rank left and right, across parents", () => {
    const layout = layoutGraph(
      {
        nodes: ["a", "b", "c", "b1", "b2", "c1"].map((id) => ({ id, width: 40, height: 20 })),
        edges: [
          { from: "a", to: "b" },
          { from: "a", to: "c" },
          { from: "b", to: "b1" },
          { from: "b", to: "b2" },
          { from: "c", to: "c1" },
        ],
      },
      { keepOrder: true },
    );
    expect(nextInRank(layout, "b2", 1)).toBe("c1");
    expect(nextInRank(layout, "c1", -1)).toBe("b2");
    expect(nextInRank(layout, "b1", -1)).toBeUndefined();
    expect(nextInRank(layout, "a", 1)).toBeUndefined();
  });
});
