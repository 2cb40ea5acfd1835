// The diagram shown, drawn by the shared GraphViewport (zoom 50–180 %, pan, fit) left to right with dagre,
// manual moves added on top. Arrow keys and every other key belong to the command registry (arrowKeys is
// off); the pointer selects, double-click opens a sub-diagram or the attributes. A host and its mirrors
// are marked together whenever one of them is selected, so the user sees where a component is shared.
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { RbdBlock, RbdDiagram, RbdDistribution } from "../../../kernels/rbd/model.ts";
import { GraphViewport, type GraphViewportHandle } from "../../components/graph/GraphViewport.tsx";
import type { GraphInput, GraphLayout, NodeBox } from "../../components/graph/types.ts";
import { useGraphLayout } from "../../components/graph/useGraphLayout.ts";
import { blockLabel, isTerminal, mirrorsOf, originalOf, predecessors, type RbdDocument } from "./document.ts";
import { useFocusRequest } from "./focus.ts";
import {
  currentDocument,
  mode,
  model,
  requestFocus,
  selected,
  shownDiagram,
  shownLayout,
  viewPath,
  viewport,
} from "./store.ts";
import { blocksWithProblems } from "./validation.ts";

const SIZE: Record<string, [number, number]> = {
  terminal: [56, 28],
  regular: [128, 48],
  host: [128, 48],
  mirror: [128, 48],
  kofn: [52, 52],
  subdiagram: [140, 54],
};

const LAYOUT = { rankdir: "LR", nodesep: 22, ranksep: 44, margin: 28 } as const;

export function graphInput(diagram: RbdDiagram): GraphInput {
  const [tw, th] = SIZE.terminal;
  return {
    nodes: [
      { id: "start", width: tw, height: th, kind: "start" },
      ...diagram.blocks.map((b) => ({
        id: b.id,
        width: SIZE[b.kind][0],
        height: SIZE[b.kind][1],
        kind: b.kind,
      })),
      { id: "end", width: tw, height: th, kind: "end" },
    ],
    edges: diagram.edges.map(([from, to]) => ({ from, to })),
  };
}

/** The layout with the manual moves (and the block being moved) applied. */
export function withOffsets(
  layout: GraphLayout,
  offsets: RbdDocument["offsets"],
  live?: { id: string; dx: number; dy: number },
): GraphLayout {
  const moved = (id: string) => (live?.id === id ? live : offsets[id]);
  if (!live && ![...layout.nodes.keys()].some((id) => offsets[id])) return layout;
  const nodes = new Map<string, NodeBox>();
  let width = layout.width;
  let height = layout.height;
  for (const [id, box] of layout.nodes) {
    const o = moved(id);
    const next = o ? { ...box, x: box.x + o.dx, y: box.y + o.dy } : box;
    nodes.set(id, next);
    width = Math.max(width, next.x + next.width / 2 + LAYOUT.margin);
    height = Math.max(height, next.y + next.height / 2 + LAYOUT.margin);
  }
  return { ...layout, nodes, width, height, edges: layout.edges.map((e) => ({ ...e, points: [] })) };
}

const short = (x: number) => (Number.isFinite(x) ? Number(x.toPrecision(4)).toString() : "?");

export function distributionSummary(d: RbdDistribution): string {
  switch (d.type) {
    case "fixed":
      return `Q=${short(d.probability)}`;
    case "exponential":
      return `Exp λ=${short(d.lambda)}${d.gamma ? ` γ=${short(d.gamma)}` : ""}`;
    case "weibull2p":
      return `Wbl β=${short(d.beta)} η=${short(d.eta)}`;
    case "weibull3p":
      return `Wbl β=${short(d.beta)} η=${short(d.eta)} γ=${short(d.gamma)}`;
    case "lognormal":
      return `LogN μ'=${short(d.mu)} σ'=${short(d.sigma)}`;
    case "normal":
      return `Nor μ=${short(d.mu)} σ=${short(d.sigma)}`;
    case "gamma":
      return `Gam k=${short(d.k)} θ=${short(d.theta)}`;
    case "loglogistic":
      return `LogL μ'=${short(d.mu)} σ'=${short(d.sigma)}`;
    case "gumbel":
      return `Gmb μ=${short(d.mu)} σ=${short(d.sigma)}`;
  }
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function BlockShape({ block, box, shared }: { block: RbdBlock; box: NodeBox; shared: number }) {
  const { t } = useTranslation(["rbd"]);
  const m = model.value;
  const w = box.width;
  const h = box.height;
  if (block.kind === "kofn") {
    const n = predecessors(shownDiagram.value, block.id).length;
    return (
      <>
        <circle cx={w / 2} cy={h / 2} r={w / 2 - 1} className="graph-selection rbd-shape rbd-kofn" />
        <text x={w / 2} y={h / 2 + 1} className="rbd-kofn-text" textAnchor="middle" dominantBaseline="middle">
          {`${short(block.k)}/${n}`}
        </text>
        <text x={w / 2} y={h + 12} className="rbd-node-caption" textAnchor="middle">
          {clip(blockLabel(block), 18)}
        </text>
      </>
    );
  }
  const original = block.kind === "mirror" ? originalOf(m, block.id) : block;
  const name = block.kind === "mirror" && !block.name && original ? blockLabel(original) : blockLabel(block);
  const detail =
    block.kind === "subdiagram"
      ? t("rbd:canvas.subdiagram", { count: block.diagram.blocks.length })
      : original && (original.kind === "regular" || original.kind === "host")
        ? distributionSummary(original.distribution)
        : t("rbd:canvas.noOriginal");
  return (
    <>
      <rect
        x={1}
        y={1}
        width={w - 2}
        height={h - 2}
        rx={block.kind === "subdiagram" ? 2 : 6}
        className={`graph-selection rbd-shape rbd-${block.kind}`}
      />
      {block.kind === "subdiagram" && (
        <rect x={5} y={5} width={w - 10} height={h - 10} rx={1} className="rbd-inner" />
      )}
      {block.kind === "mirror" && (
        // Two overlapping squares: "the same component, shown again".
        <g className="rbd-mirror-mark" transform={`translate(${w - 22},6)`}>
          <rect x={0} y={3} width={9} height={9} rx={1.5} />
          <rect x={4} y={0} width={9} height={9} rx={1.5} />
        </g>
      )}
      <text x={10} y={19} className="rbd-node-name">
        {clip(name, 17)}
      </text>
      <text x={10} y={36} className="rbd-node-detail">
        {clip(detail, 22)}
      </text>
      {shared > 0 && (
        <g transform={`translate(${w - 22},${-8})`} className="rbd-badge">
          <rect width={28} height={16} rx={8} />
          <text x={14} y={12} textAnchor="middle">{`×${shared}`}</text>
        </g>
      )}
    </>
  );
}

function TerminalShape({ id, box }: { id: "start" | "end"; box: NodeBox }) {
  const { t } = useTranslation(["rbd"]);
  return (
    <>
      <rect
        x={1}
        y={1}
        width={box.width - 2}
        height={box.height - 2}
        rx={box.height / 2 - 1}
        className="graph-selection rbd-shape rbd-terminal"
      />
      <text
        x={box.width / 2}
        y={box.height / 2 + 1}
        textAnchor="middle"
        dominantBaseline="middle"
        className="rbd-terminal-text"
      >
        {t(`rbd:canvas.${id}`)}
      </text>
    </>
  );
}

export function RbdCanvas() {
  useSignals();
  const { t } = useTranslation(["rbd"]);
  const handle = useRef<GraphViewportHandle>(null);
  const diagram = shownDiagram.value;
  const doc = currentDocument.value;
  const m = model.value;
  const current = mode.value;
  // biome-ignore lint/correctness/useExhaustiveDependencies: signal values change between renders
  const input = useMemo(() => graphInput(diagram), [diagram]);
  const { layout } = useGraphLayout(input, LAYOUT);
  const live = current.kind === "moving" ? { id: current.id, ...current.offset } : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: signal values change between renders
  const drawn = useMemo(
    () => withOffsets(layout, doc.offsets, live),
    [layout, doc.offsets, live?.id, live?.dx, live?.dy],
  );
  useEffect(() => {
    shownLayout.value = drawn;
  }, [drawn]);
  useEffect(() => {
    viewport.current = handle.current;
    return () => {
      if (viewport.current === handle.current) viewport.current = null;
    };
  });
  useFocusRequest("diagram", () => handle.current?.focus());

  const sel = selected.value;
  const problems = blocksWithProblems.value;
  // The component of the selection, when it is shown in more than one place: all its places are marked.
  // biome-ignore lint/correctness/useExhaustiveDependencies: signal values change between renders
  const sharedComponent = useMemo(() => {
    if (!sel || isTerminal(sel)) return null;
    const original = originalOf(m, sel);
    return original && mirrorsOf(m, original.id).length > 0 ? original.id : null;
  }, [m, sel]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: signal values change between renders
  const appearances = useMemo(() => {
    const count = new Map<string, number>();
    for (const b of diagram.blocks) if (b.kind === "host") count.set(b.id, mirrorsOf(m, b.id).length + 1);
    return count;
  }, [diagram, m]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: signal values change between renders
  const blockById = useMemo(() => new Map(diagram.blocks.map((b) => [b.id, b])), [diagram]);
  const from = current.kind === "connecting" ? current.from : current.kind === "placing" ? current.of : null;

  const nodeClass = (id: string) => {
    const classes: string[] = [];
    if (problems.has(id)) classes.push("rbd-node-problem");
    const b = blockById.get(id);
    if (
      sharedComponent &&
      b &&
      (b.id === sharedComponent || (b.kind === "mirror" && b.of === sharedComponent))
    )
      classes.push("rbd-node-shared");
    if (id === from) classes.push("rbd-node-from");
    if (current.kind === "moving" && current.id === id) classes.push("rbd-node-moving");
    return classes.join(" ") || undefined;
  };

  const describe = (id: string) => {
    if (id === "start" || id === "end") return t(`rbd:canvas.${id}`);
    const b = blockById.get(id);
    if (!b) return id;
    const original = b.kind === "mirror" ? originalOf(m, b.id) : b;
    const life =
      original && (original.kind === "regular" || original.kind === "host")
        ? `, ${distributionSummary(original.distribution)}`
        : "";
    const k = b.kind === "kofn" ? `, k = ${b.k}` : "";
    return `${t(`rbd:kinds.${b.kind}`)} ${blockLabel(b)}${k}${life}${problems.has(id) ? `, ${t("rbd:canvas.hasProblem")}` : ""}`;
  };

  return (
    <GraphViewport
      ref={handle}
      layout={drawn}
      ariaLabel={t("rbd:canvas.label", { name: [m.name, ...viewPath.value].join(" › ") })}
      testId="rbd-canvas"
      className="rbd-canvas"
      selected={sel}
      arrowKeys={false}
      arrows
      fitKey={viewPath.value.join("/")}
      onSelect={(id) => {
        selected.value = id;
      }}
      onActivate={(id) => {
        selected.value = id;
        if (blockById.get(id)?.kind === "subdiagram") import("./actions.ts").then((a) => a.openSubdiagram());
        else requestFocus("panel");
      }}
      nodeClass={nodeClass}
      describeNode={describe}
      renderNode={(box) => {
        if (box.id === "start" || box.id === "end") return <TerminalShape id={box.id} box={box} />;
        const b = blockById.get(box.id);
        return b ? <BlockShape block={b} box={box} shared={appearances.get(b.id) ?? 0} /> : null;
      }}
    />
  );
}
