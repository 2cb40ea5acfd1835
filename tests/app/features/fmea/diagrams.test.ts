// The diagrams' layout and drawing without a browser: every boundary holds its members with room for its
// title, sibling boundaries and blocks never overlap, interfaces end on the borders of what they join, and
// the exported SVG holds every name, escaped.
import { describe, expect, it } from "vitest";
import type { NodeBox } from "../../../../src/app/components/graph/types.ts";
import {
  BOUNDARY_TITLE,
  boundaryNodeSvg,
  diagramSvg,
  escapeXml,
  flowNodeSvg,
  wrapText,
} from "../../../../src/app/features/fmea/diagram-draw.ts";
import {
  boundaryLayout,
  boundaryLayoutCached,
  flowLayout,
  reworkId,
} from "../../../../src/app/features/fmea/diagram-layout.ts";
import {
  addInterface,
  boundaryGraph,
  flowSteps,
  setFlowAttrs,
} from "../../../../src/shared/fmea/diagrams.ts";
import { designTree, processTree } from "../../../shared/fmea/build.ts";

const rect = (b: NodeBox) => ({
  x0: b.x - b.width / 2,
  y0: b.y - b.height / 2,
  x1: b.x + b.width / 2,
  y1: b.y + b.height / 2,
});
const inside = (inner: NodeBox, outer: NodeBox) => {
  const a = rect(inner);
  const b = rect(outer);
  return a.x0 > b.x0 && a.x1 < b.x1 && a.y0 >= b.y0 + BOUNDARY_TITLE && a.y1 < b.y1;
};
const overlap = (p: NodeBox, q: NodeBox) => {
  const a = rect(p);
  const b = rect(q);
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
};

function bigDesign() {
  const t = designTree();
  const { b, system, subsystem, component, component2 } = t;
  const sub2 = b.run(system, "addStructure", { name: "Frame & <fork>" });
  const c3 = b.run(sub2, "addStructure", { name: "Fork" });
  b.run(sub2, "addStructure", { name: "Headset" });
  for (const [from, to, type] of [
    [component, component2, "energy"],
    [c3, component, "physical"],
    [sub2, subsystem, "information"],
  ] as const) {
    const r = addInterface(b.doc, b.ctx, from, to, type, `${type} link`);
    if (!r.ok) throw new Error(r.problem.key);
    b.apply(r.ops);
  }
  return { ...t, sub2, c3 };
}

describe("the boundary diagram's layout", () => {
  it("each boundary holds its members below its title; siblings never overlap", () => {
    const { b } = bigDesign();
    const graph = boundaryGraph(b.doc);
    const layout = boundaryLayout(graph);
    expect(layout.nodes.size).toBe(graph.items.length);
    for (const item of graph.items) {
      const box = layout.nodes.get(item.id) as NodeBox;
      if (item.parent)
        expect(inside(box, layout.nodes.get(item.parent) as NodeBox), item.node.name).toBe(true);
      for (const other of graph.items)
        if (other.id !== item.id && other.parent === item.parent)
          expect(
            overlap(box, layout.nodes.get(other.id) as NodeBox),
            `${item.node.name} / ${other.node.name}`,
          ).toBe(false);
      // Inside the drawing.
      const r = rect(box);
      expect(r.x0).toBeGreaterThanOrEqual(0);
      expect(r.y0).toBeGreaterThanOrEqual(0);
      expect(r.x1).toBeLessThanOrEqual(layout.width);
      expect(r.y1).toBeLessThanOrEqual(layout.height);
    }
  });

  it("an interface's lines end on the borders of the boxes they join", () => {
    const { b } = bigDesign();
    const layout = boundaryLayout(boundaryGraph(b.doc));
    for (const edge of layout.edges) {
      for (const [id, point] of [
        [edge.from, edge.points[0]],
        [edge.to, edge.points[1]],
      ] as const) {
        const r = rect(layout.nodes.get(id) as NodeBox);
        const onX = Math.abs(point.x - r.x0) < 1e-9 || Math.abs(point.x - r.x1) < 1e-9;
        const onY = Math.abs(point.y - r.y0) < 1e-9 || Math.abs(point.y - r.y1) < 1e-9;
        expect(onX || onY).toBe(true);
      }
    }
  });

  it("the SVG file holds every name, escaped, and every interface line", () => {
    const { b } = bigDesign();
    const layout = boundaryLayout(boundaryGraph(b.doc));
    const svg = diagramSvg(
      layout,
      "Boundary <diagram>",
      (box) => boundaryNodeSvg(box, { name: b.doc.nodes.get(box.id)?.name ?? "", type: "T" }, false),
      false,
    );
    expect(svg).toContain("Frame &amp; &lt;fork&gt;");
    expect(svg).toContain("<title>Boundary &lt;diagram&gt;</title>");
    expect(svg).not.toContain("<fork>");
    expect(svg.match(/<path d="M/g)?.length).toBe(layout.edges.length);
    expect(escapeXml(`a"b'c`)).toBe("a&quot;b&#39;c");
  });
});

describe("the flow chart's layout and drawing", () => {
  it("steps top to bottom in order, a rework loop through its label", () => {
    const { b, item, step, step2 } = processTree();
    const step3 = b.run(item, "addProcessStep", { name: "OP40 pack" });
    const r = setFlowAttrs(b.doc, step2, { symbol: "inspection", reworkTo: step });
    if (!r.ok) throw new Error(r.problem.key);
    b.apply(r.ops);
    const layout = flowLayout(flowSteps(b.doc, item));
    const y = (id: string) => (layout.nodes.get(id) as NodeBox).y;
    expect(y(step)).toBeLessThan(y(step2));
    expect(y(step2)).toBeLessThan(y(step3));
    expect(layout.nodes.get(reworkId(step2))?.kind).toBe("rework");
    expect(layout.edges.map((e) => [e.from, e.to])).toContainEqual([reworkId(step2), step]);
    const svg = flowNodeSvg(
      layout.nodes.get(step2) as NodeBox,
      {
        name: "OP30 inspect",
        symbol: "Inspection",
        symbolKey: "inspection",
        product: "Product: depth",
        process: "Process: –",
      },
      false,
    );
    expect(svg).toContain("OP30 inspect");
    // The inspection symbol: a square centred on the symbol column.
    expect(svg).toContain('<rect x="13" y="25" width="26" height="26"');
  });

  it("wraps long names into lines and cuts the last with an ellipsis", () => {
    expect(wrapText("Press bearing to depth", 10, 3)).toEqual(["Press", "bearing to", "depth"]);
    expect(wrapText("a".repeat(30), 10, 2)).toEqual(["a".repeat(10), `${"a".repeat(9)}…`]);
    // Wide characters count two.
    expect(wrapText("压装轴承到深度", 6, 2)).toEqual(["压装轴", "承到…"]);
  });
});

describe("the boundary layout is kept while only names change", () => {
  it("a rename gives the same layout object; a new element a new one", () => {
    const { b, component, subsystem } = bigDesign();
    const first = boundaryLayoutCached(boundaryGraph(b.doc));
    const node = b.doc.nodes.get(component);
    if (!node) throw new Error("component");
    b.apply([{ op: "update", id: component, base: node.version, set: { name: "Hub motor" } }]);
    expect(boundaryLayoutCached(boundaryGraph(b.doc))).toBe(first);
    b.run(subsystem, "addStructure", { name: "Controller" });
    const second = boundaryLayoutCached(boundaryGraph(b.doc));
    expect(second).not.toBe(first);
    expect(second.nodes.size).toBe(first.nodes.size + 1);
  });
});

describe("an item's markup", () => {
  it("has each attribute once, selected or not (a repeated attribute is dropped by the parser)", () => {
    for (const kind of ["block", "hidden", "boundary", "interface"])
      for (const selected of [false, true]) {
        const svg = boundaryNodeSvg(
          { id: "a", x: 0, y: 0, width: 150, height: 50, kind },
          { name: "A", type: "T" },
          selected,
        );
        for (const tag of svg.match(/<[a-z]+ [^>]*>/g) ?? []) {
          const names = [...tag.matchAll(/ ([a-z-]+)=/g)].map((m) => m[1]);
          expect(new Set(names).size, `${kind} ${selected}: ${tag}`).toBe(names.length);
        }
        if (selected && kind !== "interface") expect(svg).toContain('stroke="#0b6bcb"');
      }
  });
});

describe("a branch in the flow chart", () => {
  it("the main steps stay in one column, the branch beside the step it runs with", () => {
    const { b, item, step, step2 } = processTree();
    const step3 = b.run(item, "addProcessStep", { name: "OP35 manual" });
    const step4 = b.run(item, "addProcessStep", { name: "OP40 pack" });
    const r = setFlowAttrs(b.doc, step3, { branch: true });
    if (!r.ok) throw new Error(r.problem.key);
    b.apply(r.ops);
    const layout = flowLayout(flowSteps(b.doc, item));
    const at = (id: string) => layout.nodes.get(id) as NodeBox;
    expect(at(step2).x).toBe(at(step).x);
    expect(at(step4).x).toBe(at(step).x);
    expect(at(step3).y).toBe(at(step2).y);
    expect(at(step3).x).not.toBe(at(step2).x);
    for (const p of [step, step2, step4]) expect(overlap(at(step3), at(p))).toBe(false);
  });
});
