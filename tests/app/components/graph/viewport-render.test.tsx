// @vitest-environment jsdom
// GraphViewport in a DOM: only nodes near the view are rendered, the transform is applied to the scene,
// arrow keys and clicks select, the zoom handle stays within 50–180 %, and the selection is announced.
import { act, cleanup, fireEvent, render } from "@testing-library/react";
import { createRef, useState } from "react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  GraphViewport,
  type GraphViewportHandle,
} from "../../../../src/app/components/graph/GraphViewport.tsx";
import { layoutGraph } from "../../../../src/app/components/graph/layout.ts";
import type { GraphLayout } from "../../../../src/app/components/graph/types.ts";

beforeAll(() => {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  HTMLElement.prototype.getBoundingClientRect = () => ({
    x: 0,
    y: 0,
    left: 0,
    top: 0,
    width: 800,
    height: 600,
    right: 800,
    bottom: 600,
    toJSON() {},
  });
  HTMLElement.prototype.setPointerCapture = () => {};
});
afterEach(cleanup);

/** A row of n nodes 100 wide under one root: far wider than the 800 px viewport. */
function wide(n: number): GraphLayout {
  const nodes = [{ id: "root", width: 100, height: 40 }];
  const edges = [];
  for (let i = 0; i < n; i++) {
    nodes.push({ id: `c${i}`, width: 100, height: 40 });
    edges.push({ from: "root", to: `c${i}` });
  }
  return layoutGraph({ nodes, edges }, { keepOrder: true, ranker: "longest-path" });
}

function Harness({
  layout,
  handle,
  arrowKeys,
}: {
  layout: GraphLayout;
  handle: React.Ref<GraphViewportHandle>;
  arrowKeys?: (from: string, direction: string) => string | undefined;
}) {
  const [selected, setSelected] = useState<string | null>("c0");
  return (
    <GraphViewport
      ref={handle}
      layout={layout}
      selected={selected}
      onSelect={setSelected}
      renderNode={(box) => <rect width={box.width} height={box.height} />}
      describeNode={(id) => `node ${id}`}
      ariaLabel="test graph"
      testId="vp"
      arrowKeys={arrowKeys ?? true}
    />
  );
}

describe("GraphViewport", () => {
  it("renders only what is near the view and keeps the selection in it", () => {
    const layout = wide(400);
    const handle = createRef<GraphViewportHandle>();
    const { container, getByTestId } = render(<Harness layout={layout} handle={handle} />);
    const rendered = container.querySelectorAll("[data-node-id]").length;
    expect(rendered).toBeGreaterThan(3);
    expect(rendered).toBeLessThan(60);
    // Fitted at 50 % (the row is 50,000 px wide), opened at the root.
    expect(handle.current?.transform().k).toBe(0.5);
    const scene = container.querySelector("svg > g");
    expect(scene?.getAttribute("transform")).toMatch(/scale\(0\.5\)/);
    expect(getByTestId("vp-announce").textContent).toBe("node c0");
  });

  it("moves the selection with arrow keys and pans to show it", () => {
    const layout = wide(400);
    const handle = createRef<GraphViewportHandle>();
    const { container, getByTestId } = render(<Harness layout={layout} handle={handle} />);
    const vp = getByTestId("vp");
    for (let i = 0; i < 30; i++) fireEvent.keyDown(vp, { key: "ArrowRight" });
    expect(getByTestId("vp-announce").textContent).toBe("node c30");
    const selected = container.querySelector(".graph-node-selected");
    expect(selected?.getAttribute("data-node-id")).toBe("c30");
    const t = handle.current?.transform() ?? { x: 0, y: 0, k: 1 };
    const box = layout.nodes.get("c30");
    const screenX = (box?.x ?? 0) * t.k + t.x;
    expect(screenX).toBeGreaterThan(0);
    expect(screenX).toBeLessThan(800);
    fireEvent.keyDown(vp, { key: "ArrowLeft" });
    expect(getByTestId("vp-announce").textContent).toBe("node c29");
    // The root is 20,000 px to the right: not "up" by geometry.
    fireEvent.keyDown(vp, { key: "ArrowUp" });
    expect(getByTestId("vp-announce").textContent).toBe("node c29");
    expect(vp.getAttribute("aria-activedescendant")).toBe(
      container.querySelector(".graph-node-selected")?.getAttribute("id"),
    );
  });

  it("follows the consumer's rule for arrow keys", () => {
    const layout = wide(400);
    const handle = createRef<GraphViewportHandle>();
    const rule = (from: string, direction: string) =>
      direction === "up" && from !== "root" ? "root" : undefined;
    const { getByTestId } = render(<Harness layout={layout} handle={handle} arrowKeys={rule} />);
    fireEvent.keyDown(getByTestId("vp"), { key: "ArrowUp" });
    expect(getByTestId("vp-announce").textContent).toBe("node root");
    fireEvent.keyDown(getByTestId("vp"), { key: "ArrowUp" });
    expect(getByTestId("vp-announce").textContent).toBe("node root");
  });

  it("selects on click and zooms within 50–180 %", () => {
    const layout = wide(3);
    const handle = createRef<GraphViewportHandle>();
    const { container, getByTestId } = render(<Harness layout={layout} handle={handle} />);
    const node = container.querySelector('[data-node-id="c2"] rect') as Element;
    fireEvent.pointerDown(node, { button: 0, clientX: 5, clientY: 5, pointerId: 1 });
    fireEvent.pointerUp(node, { button: 0, clientX: 5, clientY: 5, pointerId: 1 });
    expect(getByTestId("vp-announce").textContent).toBe("node c2");
    act(() => {
      for (let i = 0; i < 20; i++) handle.current?.zoomIn();
    });
    expect(handle.current?.transform().k).toBe(1.8);
    act(() => {
      for (let i = 0; i < 20; i++) handle.current?.zoomOut();
    });
    expect(handle.current?.transform().k).toBe(0.5);
  });
});
