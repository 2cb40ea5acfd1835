// The fault tree drawing: the view tree laid out top to bottom by dagre (in the layout worker for big trees),
// each occurrence drawn with its standard symbol and, after an analysis, its probability. Arrow keys and
// every other key go through the command registry (commands/fta.ts); the viewport only draws and pans.
import { useSignals } from "@preact/signals-react/runtime";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FtaBasicEvent, FtaGate, FtaHouseEvent, FtaModel } from "../../../kernels/fta/model.ts";
import type { FtaAnalysisResult } from "../../../kernels/fta/result.ts";
import { validateFaultTree } from "../../../kernels/fta/validate.ts";
import { GraphViewport, type GraphViewportHandle } from "../../components/graph/GraphViewport.tsx";
import type { GraphInput, LayoutOptions, NodeBox } from "../../components/graph/types.ts";
import { useGraphLayout } from "../../components/graph/useGraphLayout.ts";
import { editAttributes, select } from "./actions.ts";
import { canvas, clipboard, currentResult, fitKey, model, selected, view } from "./store.ts";
import { EventSymbol, GateSymbol, LabelBox, NODE_HEIGHT, NODE_WIDTH, TransferOutMark } from "./symbols.tsx";
import type { TreeNode, ViewTree } from "./view-tree.ts";

const LAYOUT: LayoutOptions = {
  rankdir: "TB",
  nodesep: 18,
  ranksep: 34,
  margin: 30,
  keepOrder: true,
  ranker: "longest-path",
};

export function graphInput(v: ViewTree): GraphInput {
  const nodes = v.order.map((id) => ({
    id,
    width: NODE_WIDTH,
    height: NODE_HEIGHT,
    kind: v.nodes.get(id)?.kind,
  }));
  const edges = [];
  for (const id of v.order) {
    const parent = v.nodes.get(id)?.parent;
    if (parent) edges.push({ from: parent, to: id });
  }
  return { nodes, edges };
}

export function formatProbability(p: number | undefined): string | undefined {
  if (p === undefined || !Number.isFinite(p)) return undefined;
  if (p === 0) return "0";
  return p < 1e-3 || p >= 1e4 ? p.toExponential(3) : `${+p.toPrecision(4)}`;
}

interface Lookups {
  gates: Map<string, FtaGate>;
  basics: Map<string, FtaBasicEvent>;
  houses: Map<string, FtaHouseEvent>;
  uses: Map<string, number>;
  problems: Set<string>;
}

function lookups(m: FtaModel): Lookups {
  const uses = new Map<string, number>();
  for (const g of m.gates) for (const input of g.inputs) uses.set(input, (uses.get(input) ?? 0) + 1);
  const problems = new Set<string>();
  for (const p of validateFaultTree(m)) if (p.severity === "error" && p.element) problems.add(p.element.code);
  return {
    gates: new Map(m.gates.map((g) => [g.code, g])),
    basics: new Map(m.basicEvents.map((e) => [e.code, e])),
    houses: new Map(m.houseEvents.map((h) => [h.code, h])),
    uses,
    problems,
  };
}

function FtaNode({
  node,
  look,
  result,
  top,
}: {
  node: TreeNode;
  look: Lookups;
  result: FtaAnalysisResult | null;
  top: string | undefined;
}) {
  const gate = look.gates.get(node.code);
  const basic = look.basics.get(node.code);
  const house = look.houses.get(node.code);
  const element = gate ?? basic ?? house;
  const name = element?.name;
  const probability = formatProbability(
    gate ? result?.gateProbabilities?.[node.code] : basic ? result?.eventProbabilities[node.code] : undefined,
  );
  const title = [node.code, name, element && "remark" in element ? element.remark : undefined]
    .filter(Boolean)
    .join("\n");
  return (
    <>
      <rect width={NODE_WIDTH} height={NODE_HEIGHT} className="fta-hit" />
      <LabelBox
        code={node.kind === "missing" ? `${node.code} ?` : node.code}
        name={name}
        probability={probability}
        top={node.kind === "gate" && node.code === top}
        title={title}
      />
      {node.kind === "gate" && gate && <GateSymbol type={gate.type} k={gate.k} inputs={gate.inputs.length} />}
      {node.kind === "gate" && node.transferRoot && <TransferOutMark />}
      {(node.kind === "transferIn" || node.kind === "reference") && <EventSymbol kind="transfer" />}
      {node.kind === "basic" && basic && (
        <EventSymbol kind={basic.undeveloped ? "undeveloped" : "basic"} repeated={look.uses.get(node.code)} />
      )}
      {node.kind === "house" && house && (
        <EventSymbol kind="house" houseState={house.state} repeated={look.uses.get(node.code)} />
      )}
    </>
  );
}

export function TreeCanvas() {
  useSignals();
  const { t } = useTranslation(["fta"]);
  const v = view.value;
  const m = model.value;
  const result = currentResult.value;
  const clip = clipboard.value;
  const handle = useRef<GraphViewportHandle>(null);
  const [zoom, setZoom] = useState(1);

  // biome-ignore lint/correctness/useExhaustiveDependencies: signal values change between renders
  const input = useMemo(() => graphInput(v), [v]);
  const { layout, pending } = useGraphLayout(input, LAYOUT);
  canvas.layout = layout;
  // biome-ignore lint/correctness/useExhaustiveDependencies: signal values change between renders
  const look = useMemo(() => lookups(m), [m]);

  useEffect(() => {
    canvas.handle = handle.current;
    return () => {
      canvas.handle = null;
    };
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: signal values change between renders
  const renderNode = useCallback(
    (box: NodeBox) => {
      const node = v.nodes.get(box.id);
      return node ? <FtaNode node={node} look={look} result={result} top={v.top} /> : null;
    },
    [v, look, result],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: signal values change between renders
  const nodeClass = useCallback(
    (id: string) => {
      const node = v.nodes.get(id);
      const classes: string[] = [`fta-node-${node?.kind ?? "missing"}`];
      if (node && look.problems.has(node.code)) classes.push("fta-problem");
      if (clip?.mode === "cut" && clip.occurrence === id) classes.push("fta-cut");
      return classes.join(" ");
    },
    [v, look, clip],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: signal values change between renders
  const describe = useCallback(
    (id: string) => {
      const node = v.nodes.get(id);
      if (!node) return "";
      const kind = kindLabel(node, m, v, t);
      const name =
        look.gates.get(node.code)?.name ??
        look.basics.get(node.code)?.name ??
        look.houses.get(node.code)?.name;
      const siblings = node.parent ? (v.nodes.get(node.parent)?.children.length ?? 1) : v.roots.length;
      const position = node.parent
        ? t("fta:describePosition", { depth: node.depth, index: node.index + 1, count: siblings })
        : t("fta:describeRoot");
      return t("fta:describe", { kind, code: node.code, name: name ? ` ${name}` : "", position });
    },
    [v, m, look, t],
  );

  return (
    <div className="fta-canvas" data-fta-tree>
      <GraphViewport
        ref={handle}
        layout={layout}
        selected={selected.value}
        onSelect={select}
        onActivate={(id) => {
          select(id);
          editAttributes();
        }}
        arrowKeys={false}
        renderNode={renderNode}
        nodeClass={nodeClass}
        describeNode={describe}
        ariaLabel={t("fta:canvas.label")}
        role="tree"
        nodeRole="treeitem"
        fitKey={fitKey.value}
        onZoomChange={setZoom}
        testId="fta-canvas"
        className="fta-viewport"
      >
        {v.order.length === 0 && <p className="fta-empty">{t("fta:canvas.empty")}</p>}
        <div className="fta-canvas-status" aria-live="off">
          {pending && (
            <span className="fta-pending">{t("fta:toolbar.layingOut", { count: v.order.length })}</span>
          )}
          <span data-testid="fta-zoom">{t("fta:toolbar.zoom", { percent: Math.round(zoom * 100) })}</span>
        </div>
      </GraphViewport>
    </div>
  );
}

/** Spec 3's event type of an occurrence, in words. */
export function kindLabel(
  node: TreeNode,
  m: FtaModel,
  v: ViewTree,
  t: (key: string, params?: Record<string, unknown>) => string,
): string {
  switch (node.kind) {
    case "gate":
      return t(
        node.code === v.top || (node.parent === null && !node.transferRoot)
          ? "fta:kinds.top"
          : "fta:kinds.middle",
      );
    case "basic": {
      const e = m.basicEvents.find((x) => x.code === node.code);
      const repeated = (v.byCode.get(node.code)?.length ?? 0) > 1;
      return t(
        `fta:kinds.${e?.undeveloped ? (repeated ? "repeatedUnexpanded" : "unexpanded") : repeated ? "repeated" : "elementary"}`,
      );
    }
    case "house":
      return t("fta:kinds.house");
    case "transferIn":
      return t("fta:kinds.transferIn", { code: node.code });
    case "reference":
      return t("fta:kinds.reference", { code: node.code });
    default:
      return t("fta:kinds.missing");
  }
}
