// The panel under the structure screen's two trees: the function net or the failure net of what the trees
// have selected, laid out by dagre (left to right, higher levels first) on the shared graph viewport, or the
// function matrix of the selected structure element (its functions against its children's functions and
// characteristics; a cell toggles a link). Keys and buttons run the commands of commands/fmea-nets.ts.
import { useSignals } from "@preact/signals-react/runtime";
import type { TFunction } from "i18next";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { LinkKind } from "../../../shared/fmea/model.ts";
import { cellKey, functionMatrix, netAround, netFocus } from "../../../shared/fmea/nets.ts";
import { type FmeaDoc, ownerStructure } from "../../../shared/fmea/tree.ts";
import { runCommand } from "../../commands/run.ts";
import { GraphViewport, useGraphLayout } from "../../components/graph/index.ts";
import { matrixCell, netSelected, netView, viewportHandle } from "./net-view.ts";
import { doc, selected } from "./store.ts";

const NODE_W = 212;
const NODE_H = 54;
const LAYOUT = { rankdir: "LR", nodesep: 14, ranksep: 64, margin: 16 } as const;

/** A label cut to fit its box, with an ellipsis (the whole text is the node's accessible name and title). */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

function depthOfStructure(d: FmeaDoc, id: string): number {
  let depth = 0;
  let node = ownerStructure(d, id);
  while (node && node.parentId !== null && depth <= d.nodes.size) {
    depth++;
    node = d.nodes.get(node.parentId);
  }
  return depth;
}

/** FE, FM or FC for a failure one level above, on, or one level below the focus's structure level. */
function role(level: number): "FE" | "FM" | "FC" | null {
  return level === -1 ? "FE" : level === 0 ? "FM" : level === 1 ? "FC" : null;
}

function nodeLabel(t: TFunction, d: FmeaDoc, id: string, roleOf: string | null): string {
  const node = d.nodes.get(id);
  const owner = ownerStructure(d, id);
  const kind = node ? t(`fmea:kinds.${node.kind}`) : "";
  const name = node?.name || t("fmea:tree.unnamed");
  return `${roleOf ? `${roleOf} ` : ""}${kind}: ${name} (${owner?.name ?? ""})`;
}

function NetGraph({ kind }: { kind: LinkKind }) {
  useSignals();
  const { t } = useTranslation("fmea");
  const d = doc.value;
  const structure = selected.value.left;
  const right = selected.value.right;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the document is a signal value, new on every edit
  const focus = useMemo(() => netFocus(d, kind, structure, right), [d, kind, structure, right]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the document is a signal value, new on every edit
  const net = useMemo(() => netAround(d, kind, focus), [d, kind, focus]);
  const focusKey = `${kind}:${focus.join(",")}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the document is a signal value, new on every edit
  const levels = useMemo(() => {
    const base = focus[0] ? depthOfStructure(d, focus[0]) : 0;
    return new Map(net.nodes.map((id) => [id, depthOfStructure(d, id) - base]));
  }, [d, net, focus]);
  const input = useMemo(
    () => ({
      nodes: net.nodes.map((id) => ({ id, width: NODE_W, height: NODE_H })),
      edges: net.edges.map((e) => ({ from: e.from, to: e.to })),
    }),
    [net],
  );
  const { layout } = useGraphLayout(input, LAYOUT);
  const focusSet = useMemo(() => new Set(focus), [focus]);
  const current = netSelected.value;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the selection changes (read as a signal)
  useEffect(() => {
    if (!current || !net.nodes.includes(current)) netSelected.value = focus[0] ?? net.nodes[0] ?? null;
  }, [current, net, focus]);
  const roleOf = (id: string) => (kind === "failure" ? role(levels.get(id) ?? 99) : null);
  const title = t(kind === "function" ? "nets.functionNet" : "nets.failureNet");
  return (
    <>
      <p className="fmea-net-status" data-testid="fmea-net-status">
        {net.nodes.length === 0
          ? t(kind === "function" ? "nets.emptyFunction" : "nets.emptyFailure")
          : t("nets.status", {
              nodes: t("nets.nodeCount", { count: net.nodes.length }),
              links: t("nets.linkCount", { count: net.edges.length }),
            })}
        {net.truncated ? ` ${t("nets.truncated", { limit: net.nodes.length })}` : ""}
      </p>
      <GraphViewport
        ref={(handle) => {
          viewportHandle.current = handle;
        }}
        layout={layout}
        ariaLabel={title}
        testId="fmea-net-canvas"
        fitKey={focusKey}
        selected={current && layout.nodes.has(current) ? current : null}
        onSelect={(id) => {
          netSelected.value = id;
        }}
        onActivate={() => runCommand("fmea.net.reveal")}
        edgeStyle="polyline"
        arrows
        nodeRole="img"
        nodeClass={(id) => {
          const r = roleOf(id);
          return `fmea-net-node${focusSet.has(id) ? " fmea-net-focus" : ""}${r ? ` fmea-net-${r}` : ""}`;
        }}
        describeNode={(id) => nodeLabel(t, d, id, roleOf(id))}
        renderNode={(box, state) => {
          const node = d.nodes.get(box.id);
          const owner = ownerStructure(d, box.id);
          const r = roleOf(box.id);
          const name = node?.name || t("tree.unnamed");
          return (
            <>
              <title>{nodeLabel(t, d, box.id, r)}</title>
              <rect
                className="fmea-net-box"
                width={box.width}
                height={box.height}
                rx={5}
                strokeWidth={state.selected ? 3 : focusSet.has(box.id) ? 2 : 1}
              />
              <text x={10} y={21} className="fmea-net-name">
                {clip(name, 28)}
              </text>
              <text x={10} y={41} className="fmea-net-owner">
                {clip(
                  `${r ? `${r} · ` : ""}${node ? t(`kinds.${node.kind}`) : ""} · ${owner?.name ?? ""}`,
                  34,
                )}
              </text>
            </>
          );
        }}
      />
    </>
  );
}

function Matrix() {
  useSignals();
  const { t } = useTranslation("fmea");
  const d = doc.value;
  const structure = selected.value.left;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the document is a signal value, new on every edit
  const matrix = useMemo(() => (structure ? functionMatrix(d, structure) : null), [d, structure]);
  const grid = useRef<HTMLTableElement>(null);
  const cell = matrixCell.value;
  const valid =
    matrix !== null &&
    cell !== null &&
    matrix.rows.some((r) => r.id === cell.row) &&
    matrix.columns.some((c) => c.node.id === cell.column);
  useEffect(() => {
    if (valid || !matrix) return;
    const row = matrix.rows[0];
    const column = matrix.columns[0];
    matrixCell.value = row && column ? { row: row.id, column: column.node.id } : null;
  }, [valid, matrix]);
  // Keep the active cell in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new active cell (read from the signal)
  useEffect(() => {
    if (cell)
      document
        .getElementById(`fmea-mx-${cell.row}-${cell.column}`)
        ?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [cell]);
  const element = structure ? d.nodes.get(structure) : undefined;
  if (!matrix || matrix.rows.length === 0 || matrix.columns.length === 0)
    return (
      <p className="fmea-empty" data-testid="fmea-matrix-empty">
        {t("nets.emptyMatrix", { name: element?.name ?? "" })}
      </p>
    );
  const rowIndex = cell ? matrix.rows.findIndex((r) => r.id === cell.row) : -1;
  const columnIndex = cell ? matrix.columns.findIndex((c) => c.node.id === cell.column) : -1;
  const move = (dr: number, dc: number) => {
    const r = Math.min(matrix.rows.length - 1, Math.max(0, rowIndex + dr));
    const c = Math.min(matrix.columns.length - 1, Math.max(0, columnIndex + dc));
    matrixCell.value = { row: matrix.rows[r].id, column: matrix.columns[c].node.id };
  };
  // The children as header groups over their columns.
  const groups: { id: string; name: string; span: number }[] = [];
  for (const c of matrix.columns) {
    const last = groups.at(-1);
    if (last?.id === c.structure.id) last.span++;
    else groups.push({ id: c.structure.id, name: c.structure.name, span: 1 });
  }
  const label = t("nets.matrix", { name: element?.name ?? "" });
  return (
    <div className="fmea-matrix-wrap">
      <table
        ref={grid}
        className="fmea-matrix"
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the data grid pattern (WAI-ARIA APG) on a table, keys through aria-activedescendant
        role="grid"
        aria-label={label}
        tabIndex={0}
        data-testid="fmea-matrix"
        aria-activedescendant={cell && valid ? `fmea-mx-${cell.row}-${cell.column}` : undefined}
        onKeyDown={(e) => {
          if (e.altKey || e.ctrlKey || e.metaKey) return;
          const step: Record<string, [number, number]> = {
            ArrowUp: [-1, 0],
            ArrowDown: [1, 0],
            ArrowLeft: [0, -1],
            ArrowRight: [0, 1],
          };
          const by = step[e.key];
          if (by) {
            e.preventDefault();
            move(by[0], by[1]);
          } else if (e.key === "Home") {
            e.preventDefault();
            move(0, -columnIndex);
          } else if (e.key === "End") {
            e.preventDefault();
            move(0, matrix.columns.length);
          }
        }}
      >
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            <th rowSpan={2} scope="col" className="fmea-matrix-corner">
              {t("nets.matrixCorner", { name: element?.name ?? "" })}
            </th>
            {groups.map((g) => (
              <th key={g.id} colSpan={g.span} scope="colgroup" className="fmea-matrix-group" title={g.name}>
                {clip(g.name, 16 * g.span)}
              </th>
            ))}
          </tr>
          <tr>
            {matrix.columns.map((c, i) => (
              <th
                key={c.node.id}
                scope="col"
                title={c.node.name}
                className={i === columnIndex ? "fmea-matrix-current" : undefined}
              >
                <span className={`fmea-badge fmea-badge-${c.node.kind}`}>{t(`kinds.${c.node.kind}`)}</span>{" "}
                {clip(c.node.name || t("tree.unnamed"), 40)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {matrix.rows.map((r, i) => (
            <tr key={r.id}>
              <th scope="row" title={r.name} className={i === rowIndex ? "fmea-matrix-current" : undefined}>
                {clip(r.name || t("tree.unnamed"), 36)}
              </th>
              {matrix.columns.map((c) => {
                const linked = matrix.linked.has(cellKey(r.id, c.node.id));
                const active = cell?.row === r.id && cell.column === c.node.id;
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the grid takes the keys (Space, Enter) as a command
                  <td
                    tabIndex={-1}
                    key={c.node.id}
                    id={`fmea-mx-${r.id}-${c.node.id}`}
                    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a cell of the data grid pattern
                    role="gridcell"
                    aria-selected={active}
                    aria-label={t(linked ? "nets.cellLinked" : "nets.cellFree", {
                      from: r.name,
                      to: c.node.name,
                    })}
                    data-linked={linked ? "true" : "false"}
                    className={`fmea-matrix-cell${active ? " active" : ""}${linked ? " linked" : ""}`}
                    onClick={() => {
                      matrixCell.value = { row: r.id, column: c.node.id };
                      grid.current?.focus();
                      runCommand("fmea.matrix.toggle");
                    }}
                  >
                    {linked ? "●" : ""}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function NetPanel() {
  useSignals();
  const { t } = useTranslation("fmea");
  const view = netView.value;
  if (view === null) return null;
  return (
    <section className="fmea-net-panel" data-fmea-net data-testid="fmea-net-panel" data-view={view}>
      <div className="fmea-net-head">
        <h2>{t(`nets.${view}Title`)}</h2>
        <span className="fmea-toolbar">
          {(["functionNet", "failureNet", "matrix"] as const).map((v) => (
            <button
              key={v}
              type="button"
              className={`button${v === view ? " button-primary" : ""}`}
              aria-pressed={v === view}
              onClick={() => runCommand(`fmea.view.${v}`)}
            >
              {t(`commands.view.${v}`)}
            </button>
          ))}
          {view !== "matrix" && (
            <button type="button" className="button" onClick={() => runCommand("fmea.net.fit")}>
              {t("nets.fit")}
            </button>
          )}
          <button type="button" className="button" onClick={() => runCommand("fmea.view.close")}>
            {t("commands.view.close")}
          </button>
        </span>
      </div>
      <p className="fmea-hint">{t(view === "matrix" ? "nets.matrixHint" : "nets.netHint")}</p>
      <div className="fmea-net-body">
        {view === "matrix" ? <Matrix /> : <NetGraph kind={view === "functionNet" ? "function" : "failure"} />}
      </div>
    </section>
  );
}
