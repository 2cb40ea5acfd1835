// The structure tree screen (/fmeaTree design, /pFmeaTree process; ?fmeaId= or the FMEA record kept in
// session storage): left the structure tree, right the functions, characteristics, failures and measures
// of the structure element selected on the left. Keys, palette and buttons all run the commands of
// commands/fmea.ts; this component draws the state of store.ts and edits a name in place.
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { specialClassOf, specialMark } from "../../../shared/fmea/config.ts";
import type { FmeaNode, FmeaVariant } from "../../../shared/fmea/model.ts";
import { textAttr } from "../../../shared/fmea/risk.ts";
import type { FmeaDoc } from "../../../shared/fmea/tree.ts";
import { commandContext } from "../../commands/context.ts";
import { treeMenuCommands } from "../../commands/fmea-nets.ts";
import { runCommand } from "../../commands/run.ts";
import { ContextMenu, openContextMenu, openContextMenuAt } from "../../components/ContextMenu.tsx";
import { problemMessage } from "../../components/problem.ts";
import { ScreenHeader } from "../../components/screen.tsx";
import type { ScreenProps } from "../../router/types.ts";
import { PATHS } from "../../routes.ts";
import { ensureRiskEvents } from "../dictionary/index-store.ts";
import { useNameSuggestions } from "../dictionary/NameSuggestions.tsx";
import { AttributeDialog } from "./AttributeDialog.tsx";
import { FaultTreeDialog } from "./FaultTreeDialog.tsx";
import { NetPanel } from "./NetPanel.tsx";
import { currentCoverage, RiskEventsDialog } from "./RiskEventsDialog.tsx";
import { loadSettings, specialClasses } from "./settings.ts";
import {
  clipboard,
  closed,
  doc,
  editable,
  focusStructure,
  focusTree,
  lastChecked,
  linkMark,
  loading,
  pane,
  pending,
  rename,
  renaming,
  selected,
  selectNode,
} from "./store.ts";
import { useOpenFmea } from "./use-open-fmea.ts";
import { type Pane, paneRows, type Row } from "./view.ts";
import "./fmea.css";

function NameEditor({ node }: { node: FmeaNode }) {
  const [value, setValue] = useState(node.name);
  const ref = useRef<HTMLInputElement>(null);
  const { t } = useTranslation("fmea");
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);
  const done = (keep: boolean, name = value) => {
    const which: Pane = node.kind === "stru" ? "left" : "right";
    if (keep) rename(node.id, name.trim());
    else renaming.value = null;
    // Back to the tree at once, in the task that ends the edit: a key pressed right after (Shift+Tab to the other
    // tree) then starts from the tree, not from the vanished input or a focus that lands a frame later.
    document.querySelector<HTMLElement>(`[data-fmea-pane="${which}"]`)?.focus();
  };
  // Names from the device and failure dictionaries, picked with the arrows and Enter.
  const suggest = useNameSuggestions(node, value, (name) => done(true, name));
  return (
    <span className="fmea-name-edit">
      <input
        ref={ref}
        {...suggest.inputProps}
        className="fmea-name-input"
        aria-label={t("tree.name")}
        value={value}
        maxLength={500}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (suggest.keyDown(e)) return;
          if (e.key === "Enter") {
            e.preventDefault();
            e.stopPropagation();
            done(true);
          } else if (e.key === "Escape") {
            e.preventDefault();
            e.stopPropagation();
            done(false);
          }
        }}
        onBlur={(e) => {
          if (renaming.value !== node.id) return;
          // Focus handed back to the tree itself (the palette closing after it ran an add): keep typing.
          if ((e.relatedTarget as HTMLElement | null)?.hasAttribute("data-fmea-pane")) {
            requestAnimationFrame(() => ref.current?.focus());
            return;
          }
          done(true);
        }}
      />
      {suggest.list}
    </span>
  );
}

/** The special characteristic class a characteristic or failure is marked with (spec 3's featureClassify). */
const special = (node: FmeaNode) => textAttr(node, "featureClassify", "specialClass");

const NO_COUNTS = { up: new Map<string, number>(), down: new Map<string, number>() };
const counts = new WeakMap<FmeaDoc, typeof NO_COUNTS>();

/** How many net links reach each node from above and leave it downwards; once per document. */
function linkCounts(d: FmeaDoc): typeof NO_COUNTS {
  let found = counts.get(d);
  if (!found) {
    found = { up: new Map(), down: new Map() };
    for (const link of d.links.values()) {
      found.up.set(link.to, (found.up.get(link.to) ?? 0) + 1);
      found.down.set(link.from, (found.down.get(link.from) ?? 0) + 1);
    }
    counts.set(d, found);
  }
  return found;
}

/** From this many rows on, a tree draws only the rows in view (and a few around them). */
const WINDOW_FROM = 200;
const OVERSCAN = 20;

/**
 * The rows a tree draws: all of a small tree; of a big one (an FMEA of 5,000 elements) only those in view,
 * between two spacers, so a key press re-renders a screenful of rows, not thousands. Every row has the same
 * height (one line), measured from a drawn row. The selected row is kept in view in both cases.
 */
function useWindow(
  box: React.RefObject<HTMLDivElement | null>,
  rows: Row[],
  current: string | null,
  which: Pane,
) {
  const [scroll, setScroll] = useState({ top: 0, height: 600 });
  const rowHeight = useRef(26);
  const windowed = rows.length >= WINDOW_FROM;
  const index = current ? rows.findIndex((r) => r.node.id === current) : -1;
  const seen = useRef(scroll);
  seen.current = scroll;
  // On a new selection or new rows only: a scroll by wheel or scrollbar leaves the selection behind.
  // biome-ignore lint/correctness/useExhaustiveDependencies: new rows move the selected row
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const drawn = el.querySelector<HTMLElement>("[role=treeitem]:not(:has(input))");
    if (drawn && drawn.offsetHeight > 0) rowHeight.current = drawn.offsetHeight;
    if (index < 0) return;
    const h = rowHeight.current;
    const row = document.getElementById(`fmea-${which}-${current}`);
    const top = row ? row.offsetTop - el.offsetTop : index * h;
    const height = el.clientHeight;
    let next = el.scrollTop;
    if (top < next) next = top;
    else if (top + h > next + height) next = top + h - height;
    if (next !== el.scrollTop) el.scrollTop = next;
    if (windowed && (Math.abs(el.scrollTop - seen.current.top) > h / 2 || height !== seen.current.height))
      setScroll({ top: el.scrollTop, height });
  }, [index, windowed, which, current, rows, box]);
  const h = rowHeight.current;
  if (!windowed)
    return { start: 0, end: rows.length, before: 0, after: 0, rowHeight: h, onScroll: undefined };
  let start = Math.max(0, Math.floor(scroll.top / h) - OVERSCAN);
  let end = Math.min(rows.length, Math.ceil((scroll.top + scroll.height) / h) + OVERSCAN);
  // The selected row is always drawn (aria-activedescendant names it).
  if (index >= 0 && (index < start || index >= end)) {
    start = Math.max(0, index - OVERSCAN);
    end = Math.min(rows.length, index + OVERSCAN);
  }
  return {
    start,
    end,
    before: start,
    after: rows.length - end,
    rowHeight: h,
    onScroll: (e: React.UIEvent<HTMLDivElement>) => {
      const el = e.currentTarget;
      setScroll({ top: el.scrollTop, height: el.clientHeight });
    },
  };
}

function TreePane({ which, rows, label }: { which: Pane; rows: Row[]; label: string }) {
  useSignals();
  const { t } = useTranslation("fmea");
  const current = selected.value[which];
  const clip = clipboard.value;
  const checked = lastChecked.value?.pane === which ? lastChecked.value.id : null;
  const classes = specialClasses(doc.value.variant);
  // Net links per node: up (to a higher level) and down.
  const { up, down } = which === "right" ? linkCounts(doc.value) : NO_COUNTS;
  const risks = which === "right" ? currentCoverage().byNode : null;
  const box = useRef<HTMLDivElement>(null);
  const shown = useWindow(box, rows, current, which);
  return (
    <div
      ref={box}
      onScroll={shown.onScroll}
      className={`fmea-pane ${pane.value === which ? "fmea-pane-front" : ""}`}
      role="tree"
      aria-label={label}
      tabIndex={0}
      data-fmea-keys
      data-fmea-pane={which}
      aria-activedescendant={current ? `fmea-${which}-${current}` : undefined}
      onFocus={() => focusTree(which)}
      onContextMenu={(e) => {
        e.preventDefault();
        const row = (e.target as Element).closest(`[id^="fmea-${which}-"]`);
        if (row) selectNode(which, row.id.slice(`fmea-${which}-`.length));
        else focusTree(which);
        e.currentTarget.focus();
        // A right click opens at the pointer; the context-menu key (no pointer) at the row.
        if (e.button === 2 && (e.clientX !== 0 || e.clientY !== 0)) openContextMenu(e.clientX, e.clientY);
        else openContextMenuAt(row ?? e.currentTarget);
      }}
    >
      {rows.length === 0 && (
        <p className="fmea-empty">
          {t(
            `${which === "left" ? "tree.emptyStructure" : "tree.emptyFunctions"}${editable.value ? "" : "ReadOnly"}`,
          )}
        </p>
      )}
      {shown.before > 0 && <div role="none" style={{ height: shown.before * shown.rowHeight }} />}
      {rows.slice(shown.start, shown.end).map(({ node, depth, hasChildren, open }) => {
        const isSelected = node.id === current;
        const type = node.elementType ? t(`elements.${node.elementType}`) : t(`kinds.${node.kind}`);
        return (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the tree (aria-activedescendant) takes the keys, as commands
          <div
            key={node.id}
            id={`fmea-${which}-${node.id}`}
            role="treeitem"
            tabIndex={-1}
            aria-level={depth + 1}
            aria-selected={isSelected}
            data-last-checked={node.id === checked || undefined}
            aria-expanded={hasChildren ? open : undefined}
            className={[
              "fmea-row",
              isSelected ? "selected" : "",
              node.hidden ? "fmea-hidden" : "",
              clip?.id === node.id ? `fmea-clip-${clip.mode}` : "",
              node.id === checked ? "fmea-last-checked" : "",
              linkMark.value === node.id ? "fmea-link-mark" : "",
            ].join(" ")}
            style={{ paddingLeft: `${0.5 + depth * 1.25}rem` }}
            data-kind={node.kind}
            onClick={() => selectNode(which, node.id)}
            onDoubleClick={() => {
              selectNode(which, node.id);
              if (editable.value) renaming.value = node.id;
            }}
          >
            <span className="fmea-twisty" aria-hidden="true">
              {hasChildren ? (open ? "▾" : "▸") : "·"}
            </span>
            <span className={`fmea-badge fmea-badge-${node.kind}`}>{type}</span>
            {renaming.value === node.id ? (
              <NameEditor node={node} />
            ) : (
              <span className="fmea-name">{node.name || <em>{t("tree.unnamed")}</em>}</span>
            )}
            {special(node) && (
              <span
                className="fmea-special"
                data-testid="fmea-special"
                title={specialClassOf(classes, special(node))?.name ?? special(node)}
              >
                {specialMark(classes, special(node))}
              </span>
            )}
            {risks?.has(node.id) && (
              <span
                className="fmea-risk"
                data-testid="fmea-risk"
                title={t("riskEvents.mark", {
                  names: risks
                    .get(node.id)
                    ?.map((e) => `${e.code} ${e.name}`)
                    .join("; "),
                })}
              >
                ⚠ {risks.get(node.id)?.length}
              </span>
            )}
            {(up.get(node.id) || down.get(node.id)) && (
              <span className="fmea-links" data-testid="fmea-links">
                {t("tree.links", { up: up.get(node.id) ?? 0, down: down.get(node.id) ?? 0 })}
              </span>
            )}
          </div>
        );
      })}
      {shown.after > 0 && <div role="none" style={{ height: shown.after * shown.rowHeight }} />}
    </div>
  );
}

export default function FmeaTree({ view }: ScreenProps) {
  useSignals();
  const { t } = useTranslation(["fmea", "common"]);
  const variant: FmeaVariant = view.path === PATHS.processFmeaTree ? "process" : "design";
  // Keyboard first: the structure tree takes the keys as soon as it is there.
  const { valid, failed } = useOpenFmea(view, variant, '[data-fmea-pane="left"]', (id) => {
    void loadSettings(variant, id);
    ensureRiskEvents();
  });

  if (!valid || failed)
    return (
      <div className="screen" data-testid="fmea-tree">
        <ScreenHeader view={view} />
        <p className="fmea-empty">{t("fmea:tree.noFmea")}</p>
      </div>
    );

  const left = paneRows(doc.value, "left", null, closed.value);
  const structure = focusStructure();
  const right = paneRows(doc.value, "right", structure, closed.value);
  const structureName = structure ? (doc.value.nodes.get(structure)?.name ?? "") : "";
  return (
    <div
      className="screen fmea-tree-screen"
      data-testid="fmea-tree"
      data-pending={pending.value}
      data-loading={loading.value}
    >
      <ScreenHeader
        view={view}
        actions={
          editable.value && (
            <span className="fmea-toolbar">
              <button type="button" className="button" onClick={() => runCommand("fmea.addRoot")}>
                {t("fmea:commands.addRoot")}
              </button>
              <button type="button" className="button" onClick={() => runCommand("fmea.undo")}>
                {t("fmea:commands.undo")}
              </button>
              <button type="button" className="button" onClick={() => runCommand("fmea.redo")}>
                {t("fmea:commands.redo")}
              </button>
            </span>
          )
        }
      />
      {editable.value ? (
        <p className="fmea-hint">{t("fmea:tree.hint")}</p>
      ) : (
        <p className="fmea-hint" data-testid="fmea-read-only">
          {problemMessage({ key: "fmea.notEditor" })}
        </p>
      )}
      <div className="fmea-panes">
        <section>
          <h2>{t("fmea:tree.structure")}</h2>
          <TreePane which="left" rows={left} label={t("fmea:tree.structure")} />
        </section>
        <section>
          <h2>{t("fmea:tree.functions", { name: structureName })}</h2>
          <TreePane which="right" rows={right} label={t("fmea:tree.functions", { name: structureName })} />
        </section>
      </div>
      <NetPanel />
      <ContextMenu commands={() => treeMenuCommands(commandContext())} testId="fmea-tree-menu" />
      <AttributeDialog />
      <FaultTreeDialog />
      <RiskEventsDialog />
    </div>
  );
}
