// The risk table screens (/fmeaTable design, /pFmeaTable process; ?fmeaId= or the FMEA record in session
// storage): form A of AIAG-VDA, one line per failure chain and action, in the shared data sheet, editing the
// nodes the structure tree edits (store.ts); the PFMEA's control plan in a second sheet; the action list and
// the one-page management summary. Every button runs a command of commands/fmea-table.ts.
import { useSignals } from "@preact/signals-react/runtime";
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { specialClassOf } from "../../../shared/fmea/config.ts";
import { type ControlPlanLine, controlPlan } from "../../../shared/fmea/control-plan.ts";
import { type EditContext, type FormRow, formColumns } from "../../../shared/fmea/form.ts";
import type { FmeaVariant } from "../../../shared/fmea/model.ts";
import { ACTION_STATUSES, type ActionStatus, apLabel } from "../../../shared/fmea/risk.ts";
import { fmeaSummary } from "../../../shared/fmea/summary.ts";
import { nextOrd } from "../../../shared/fmea/tree.ts";
import type { Problem } from "../../../shared/problem.ts";
import { fmeaStores } from "../../api/fmea.ts";
import { runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { DataSheet, type DataSheetHandle } from "../../components/grid/DataSheet.tsx";
import { message } from "../../components/message.ts";
import { ScreenHeader } from "../../components/screen.tsx";
import type { CellMessage } from "../../components/spreadsheet/table.ts";
import type { ScreenProps } from "../../router/types.ts";
import { PATHS } from "../../routes.ts";
import { fmeaRecord } from "../../state/fmea.ts";
import { canRedo, canUndo } from "../../state/history.ts";
import { ImportDialog } from "./ImportDialog.tsx";
import { cancelExport, exportWorkbook, importState, pickImport } from "./io.ts";
import { RatingHint } from "./RatingHint.tsx";
import { derivedRows } from "./rows.ts";
import { classLabel, currentSettings, fmeaSettings, loadSettings, specialClasses } from "./settings.ts";
import {
  doc,
  edit,
  fmeaProblemText,
  load,
  loading,
  nodeIds,
  openFmea,
  pending,
  redo,
  selected,
  startPolling,
  steps,
  stopPolling,
  undo,
} from "./store.ts";
import {
  controlPlanSheetRows,
  formSheetRows,
  NodeSheet,
  type SheetHost,
  specialIconRules,
  type TableView,
  viewRows,
} from "./table.ts";
import { exporting, fmeaName, type TableMode, tableMode, tableSlot, tableView } from "./table-state.ts";
import { useFmeaId } from "./use-open-fmea.ts";
import "./fmea.css";
import { focusOnArrival } from "../../state/overlays.ts";

const host = (): SheetHost => ({
  doc: () => doc.peek(),
  edit: (ops, applied) => edit(ops, applied),
  undo: () => undo(),
  redo: () => redo(),
  canUndo: () => canUndo(steps.peek()),
  canRedo: () => canRedo(steps.peek()),
  newId: () => nodeIds.newId(),
  refused: (problem: Problem) => message.warning(fmeaProblemText(problem)),
});

/** Node ids for new nodes, and the configuration's special characteristic classes and attributes as they are now. */
const editContext = (variant: FmeaVariant): EditContext => ({
  newId: () => nodeIds.newId(),
  get specialClasses() {
    return specialClasses(variant);
  },
  get customAttributes() {
    return currentSettings(variant).customAttributes;
  },
});

/**
 * A value derived from signal values, computed again only when one of them is another object (useMemo's
 * dependency rule takes values read from module signals for constants).
 */
function useDerived<A, B, R>(a: A, b: B, derive: (a: A, b: B) => R): R {
  const cache = useRef<{ a: A; b: B; value: R } | null>(null);
  if (!cache.current || cache.current.a !== a || cache.current.b !== b)
    cache.current = { a, b, value: derive(a, b) };
  return cache.current.value;
}

/** The images of the configuration's icon-marked classes, for the sheets' special characteristic cells. */
function SpecialIconStyle({ variant }: { variant: FmeaVariant }) {
  useSignals();
  void fmeaSettings.value;
  const rules = specialIconRules(specialClasses(variant));
  return rules ? <style>{rules}</style> : null;
}

/** Up to this many lines the form draws every column. */
const ALL_COLUMNS_LINES = 1000;

function cellMessage(m: CellMessage): string {
  const key = m.key.startsWith("messages:") ? m.key.slice("messages:".length) : m.key;
  return fmeaProblemText({ key: key as Problem["key"], params: m.params });
}

// Memoised: the screen's own updates (an edit on its way, the export's progress) do not draw the form again.
const Filters = memo(function Filters({ variant }: { variant: FmeaVariant }) {
  useSignals();
  const { t } = useTranslation("fmeatable");
  const view = tableView.value;
  const set = (patch: Partial<typeof view>) => {
    tableView.value = { ...tableView.value, ...patch };
  };
  // The configuration's classes, then any mark stored that no class has (kept from before, or a file).
  const classes = specialClasses(variant);
  const strays = useDerived(derivedRows(doc.value).chains, classes, (chains, known) => {
    const found = new Set<string>();
    for (const c of chains) if (c.special && !specialClassOf(known, c.special)) found.add(c.special);
    return [...found].sort();
  });
  return (
    <fieldset className="fmea-filters" data-fmea-filters aria-label={t("filter.label")}>
      <label>
        {t("filter.ap")}
        <select value={view.ap} onChange={(e) => set({ ap: e.target.value as typeof view.ap })}>
          <option value="">{t("filter.all")}</option>
          {["H", "M", "L"].map((ap) => (
            <option key={ap} value={ap}>
              {ap}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("filter.minSeverity")}
        <select value={view.minSeverity} onChange={(e) => set({ minSeverity: Number(e.target.value) })}>
          <option value={0}>{t("filter.all")}</option>
          {[10, 9, 8, 7, 6, 5, 4, 3, 2].map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("filter.status")}
        <select value={view.status} onChange={(e) => set({ status: e.target.value as ActionStatus | "" })}>
          <option value="">{t("filter.all")}</option>
          {ACTION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("filter.responsible")}
        <input
          type="search"
          value={view.responsible}
          maxLength={150}
          onChange={(e) => set({ responsible: e.target.value })}
        />
      </label>
      <label>
        {t("filter.special")}
        <select value={view.special} onChange={(e) => set({ special: e.target.value })}>
          <option value="">{t("filter.all")}</option>
          <option value="*">{t("filter.anyMarked")}</option>
          {classes.map((c) => (
            <option key={c.name} value={c.name}>
              {classLabel(c)}
            </option>
          ))}
          {strays.map((m) => (
            <option key={m} value={m}>
              {t("filter.notInConfig", { mark: m })}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("filter.sort")}
        <select value={view.sort} onChange={(e) => set({ sort: e.target.value as typeof view.sort })}>
          {(["none", "ap", "severity", "status", "responsible", "special"] as const).map((s) => (
            <option key={s} value={s}>
              {t(`sort.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="fmea-check">
        <input type="checkbox" checked={view.rpn} onChange={(e) => set({ rpn: e.target.checked })} />
        {t("filter.rpn")}
      </label>
    </fieldset>
  );
});

function useStatusLabels() {
  const { t } = useTranslation("fmeatable");
  return useMemo(() => {
    const labels: Partial<Record<ActionStatus, string>> = {};
    for (const s of ACTION_STATUSES) labels[s] = t(`status.${s}`);
    return labels;
  }, [t]);
}

const FormView = memo(function FormView({
  variant,
  sheetRef,
}: {
  variant: FmeaVariant;
  sheetRef: React.RefObject<DataSheetHandle | null>;
}) {
  useSignals();
  const { t } = useTranslation(["fmeatable", "common"]);
  const view = tableView.value;
  const labels = useStatusLabels();
  const labelsRef = useRef(labels);
  labelsRef.current = labels;
  // The configuration's custom attributes are columns after form A's (read again when it arrives).
  const attributes = currentSettings(variant).customAttributes;
  // (Another variant's attributes are another array, so they also stand for the variant.)
  const columns = useDerived(attributes, view.rpn, (a, rpn) => formColumns(variant, { rpn, attributes: a }));

  const store = useMemo(
    () =>
      new NodeSheet<FormRow>(
        formSheetRows(columns, editContext(variant), () => labelsRef.current),
        host(),
      ),
    [columns, variant],
  );
  // Marks are shown by the configuration's classes: read again when the configuration arrives.
  const settings = fmeaSettings.value;
  // After an edit of names or ratings only the chains it touches are rated again (rows.ts) and, while the
  // sheet shows the derivation it was patched from in the same view, only their cells are rewritten.
  const derived = derivedRows(doc.value);
  const all = derived.rows;
  const viewKey = useDerived(view, settings, (v, k) => ({ view: v, settings: k }));
  const shown = useDerived(all, viewKey, (rows, k) => viewRows(rows, k.view, specialClasses(variant)));
  const onSheet = useRef<{
    serial: number;
    view: TableView;
    settings: typeof settings;
    store: NodeSheet<FormRow>;
  } | null>(null);
  /** Brings the sheet up to the lines shown: patched in place where it can, else written anew. */
  const sync = () => {
    const was = onSheet.current;
    const same = was !== null && was.store === store && was.view === view;
    onSheet.current = { serial: derived.serial, view, settings, store };
    if (same && derived.changed && derived.from === was.serial) store.patch(shown, derived.changed);
    else if (!same || was.serial !== derived.serial) store.show(shown);
    if (same && was.settings !== settings) {
      // The configuration arrived: lines with a special characteristic are written in place (their mark may
      // read otherwise), keeping the focused cell.
      const keys = new Set<string>();
      for (const r of shown) if (r.chain.special !== "") keys.add(r.key);
      if (keys.size > 0) store.patch(shown, keys);
    }
    // An edit typed into the sheet, measured to its lines shown re-rated (the "AP recomputation").
    const started = store.takeEditStart();
    if (started !== null) performance.measure("fmea.table.edit", { start: started, end: performance.now() });
  };
  // The first lines are written in the commit, before the sheet's grid is made in the effects after it, so the
  // two (each tens of milliseconds on a long form) are not one task; the grid reads them when it is ready.
  // Every later change in the effect, after the sheet's own: a new store (other columns) is subscribed to then.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `sync` reads the values listed
  useLayoutEffect(() => {
    if (onSheet.current === null) sync();
  }, [store, shown, derived]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `sync` reads the values listed
  useEffect(() => sync(), [store, shown, derived]);
  const headers = useMemo(() => {
    const out: Record<string, string> = {};
    for (const c of columns)
      out[c.key] = c.attribute
        ? c.attribute.label
        : variant === "process"
          ? t(`processColumns.${c.key}`, { defaultValue: t(`columns.${c.key}`) })
          : t(`columns.${c.key}`);
    return out;
  }, [columns, variant, t]);
  const widths = useMemo(() => {
    const out: Record<string, number> = {};
    for (const c of columns)
      out[c.key] =
        c.kind === "rating"
          ? // The PFMEA's severity columns carry longer titles (S plant, S ship-to, S end user).
            c.key.startsWith("severity") && c.key !== "severity"
            ? 96
            : 56
          : c.key === "ap" || c.key === "newAp" || c.key === "rpn"
            ? 64
            : 150;
    return out;
  }, [columns]);
  return (
    <>
      <p className="fmea-table-count" data-testid="fmea-table-count">
        {t("rows", { shown: shown.length, total: all.length })}
      </p>
      {all.length === 0 ? <p className="fmea-empty">{t("empty")}</p> : null}
      <DataSheet
        store={store}
        headers={headers}
        widths={widths}
        messageText={cellMessage}
        ariaLabel={t(`title.${variant}`)}
        spareRows={0}
        maxRows={shown.length}
        handleRef={sheetRef}
        testId="fmea-form-sheet"
        className="fmea-form-sheet"
        // Every column drawn (read across as a form, found by screen readers) while that stays cheap; a long
        // form draws only the columns in view, so paging through thousands of lines stays smooth.
        allColumns={shown.length <= ALL_COLUMNS_LINES}
        cellClass={(row, col) => store.cellClass(row, col)}
      />
      <RatingHint variant={variant} />
      <SpecialIconStyle variant={variant} />
    </>
  );
});

function ControlPlanView({ sheetRef }: { sheetRef: React.RefObject<DataSheetHandle | null> }) {
  useSignals();
  const { t } = useTranslation("fmeatable");
  const store = useMemo(
    () => new NodeSheet<ControlPlanLine>(controlPlanSheetRows(editContext("process")), host()),
    [],
  );
  const lines = useDerived(doc.value, null, controlPlan);
  const settings = fmeaSettings.value;
  const shownPlan = useRef<{ lines: ControlPlanLine[]; settings: typeof settings } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: written again when the configuration's classes arrive
  useEffect(() => {
    const before = shownPlan.current;
    shownPlan.current = { lines, settings };
    // The configuration arriving rewrites only the lines with a class, in place (the focused cell stays).
    if (before?.lines === lines && before.settings !== settings)
      store.patch(lines, new Set(lines.filter((l) => l.specialClass !== "").map((l) => l.key)));
    else store.show(lines);
  }, [store, lines, settings]);
  const headers = useMemo(() => {
    const out: Record<string, string> = {};
    for (const c of store.columns) out[c.key] = t(`controlPlan.${c.key}`);
    return out;
  }, [store, t]);
  return (
    <>
      <SpecialIconStyle variant="process" />
      <DataSheet
        store={store}
        headers={headers}
        widths={{ charNo: 70, processNo: 90, sampleSize: 90 }}
        messageText={cellMessage}
        ariaLabel={t("modes.controlPlan")}
        spareRows={0}
        maxRows={lines.length}
        handleRef={sheetRef}
        testId="fmea-control-plan"
        allColumns
        cellClass={(row, col) => store.cellClass(row, col)}
      />
    </>
  );
}

function ActionList() {
  useSignals();
  const { t } = useTranslation("fmeatable");
  const rows = useDerived(derivedRows(doc.value).rows, null, (all) => all.filter((r) => r.action !== null));
  return (
    <table className="fmea-report-table" data-testid="fmea-action-list">
      <thead>
        <tr>
          <th>{t("actions.chain")}</th>
          <th>{t("actions.type")}</th>
          <th>{t("actions.action")}</th>
          <th>{t("columns.responsible")}</th>
          <th>{t("columns.targetDate")}</th>
          <th>{t("columns.status")}</th>
          <th>{t("columns.completionDate")}</th>
          <th>{t("columns.ap")}</th>
          <th>{t("columns.newAp")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => {
          const a = r.action as NonNullable<FormRow["action"]>;
          const attrs = a.node.attrs as Record<string, Record<string, unknown>>;
          return (
            <tr key={r.key}>
              <td>
                {r.chain.fm.name}
                {r.chain.fc ? ` / ${r.chain.fc.name}` : ""}
              </td>
              <td>{t(`actionType.${a.type}`)}</td>
              <td>{a.node.name}</td>
              <td>{a.responsible}</td>
              <td>{String(attrs.responsible?.targetDate ?? "")}</td>
              <td>{t(`status.${a.status}`)}</td>
              <td>{String(attrs.status?.completionDate ?? "")}</td>
              <td className={`fmea-ap fmea-ap-${r.chain.ap ?? ""}`}>{apLabel(r.chain)}</td>
              <td className={`fmea-ap fmea-ap-${a.ap ?? ""}`}>{a.ap ?? ""}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The summary is a page for a review: it lists this many high-severity chains and says how many there are. */
const HIGH_SEVERITY_SHOWN = 25;

function Summary({ variant }: { variant: FmeaVariant }) {
  useSignals();
  const { t } = useTranslation("fmeatable");
  const today = new Date().toISOString().slice(0, 10);
  const s = useDerived(doc.value, today, (current, date) =>
    fmeaSummary(current, date, derivedRows(current).chains),
  );
  const aps = ["H", "M", "L", "none"] as const;
  return (
    <article className="fmea-summary" data-testid="fmea-summary">
      <h2>
        {`${t("summary.heading")}: ${fmeaName.value || fmeaRecord.value?.fmeaName || ""} (${variant === "design" ? "DFMEA" : "PFMEA"})`}
      </h2>
      <p className="fmea-summary-date">{t("summary.printed", { date: today })}</p>
      <section>
        <h3>{t("summary.byAp")}</h3>
        <table className="fmea-report-table">
          <thead>
            <tr>
              <th />
              {aps.map((ap) => (
                <th key={ap} className={`fmea-ap fmea-ap-${ap}`}>
                  {ap === "none" ? t("summary.none") : ap}
                </th>
              ))}
              <th>{t("summary.chains")}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th>{t("summary.now")}</th>
              {aps.map((ap) => (
                <td key={ap} data-testid={`summary-ap-${ap}`}>
                  {s.byAp[ap]}
                </td>
              ))}
              <td>{s.chains}</td>
            </tr>
            <tr>
              <th>{t("summary.after")}</th>
              {aps.map((ap) => (
                <td key={ap}>{s.byApAfter[ap]}</td>
              ))}
              <td>{s.chains}</td>
            </tr>
          </tbody>
        </table>
        <p>
          {t("summary.highOpen")}: <strong>{s.highOpen}</strong>
        </p>
      </section>
      <section>
        <h3>{t("summary.highSeverity")}</h3>
        {s.highSeverity.length === 0 ? (
          <p>{t("summary.noHighSeverity")}</p>
        ) : (
          <table className="fmea-report-table">
            <thead>
              <tr>
                <th>{t("columns.effect")}</th>
                <th>{t("columns.severity")}</th>
                <th>{t("columns.mode")}</th>
                <th>{t("columns.cause")}</th>
                <th>{t("columns.ap")}</th>
              </tr>
            </thead>
            <tbody>
              {s.highSeverity.slice(0, HIGH_SEVERITY_SHOWN).map((c) => (
                <tr key={c.key}>
                  <td>{c.fe?.name ?? ""}</td>
                  <td>{c.sWorst}</td>
                  <td>{c.fm.name}</td>
                  <td>{c.fc?.name ?? ""}</td>
                  <td className={`fmea-ap fmea-ap-${c.ap ?? ""}`}>{apLabel(c)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {s.highSeverity.length > HIGH_SEVERITY_SHOWN ? (
          <p data-testid="summary-high-more">
            {t("summary.highSeverityMore", { shown: HIGH_SEVERITY_SHOWN, total: s.highSeverity.length })}
          </p>
        ) : null}
      </section>
      <section>
        <h3>{t("summary.actions")}</h3>
        <p>
          {t("summary.total")} {s.actions.total} · {t("summary.open")} {s.actions.open} ·{" "}
          {t("summary.completed")} {s.actions.completed} · {t("summary.notImplemented")}{" "}
          {s.actions.notImplemented}
        </p>
        <h3>{t("summary.byOwner")}</h3>
        <table className="fmea-report-table" data-testid="summary-owners">
          <thead>
            <tr>
              <th>{t("summary.owner")}</th>
              <th>{t("summary.open")}</th>
              <th>{t("summary.overdue")}</th>
            </tr>
          </thead>
          <tbody>
            {s.openByOwner.map((o) => (
              <tr key={o.owner}>
                <td>{o.owner || t("summary.nobody")}</td>
                <td>{o.open}</td>
                <td>{o.overdue}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </article>
  );
}

function ModeButton({ mode, label }: { mode: TableMode; label: string }) {
  useSignals();
  return (
    <button
      type="button"
      className={`button ${tableMode.value === mode ? "active" : ""}`}
      aria-pressed={tableMode.value === mode}
      onClick={() => runCommand(`fmea.table.${mode}`)}
    >
      {label}
    </button>
  );
}

export default function FmeaTable({ view }: ScreenProps) {
  useSignals();
  const { t } = useTranslation(["fmeatable", "common"]);
  const variant: FmeaVariant = view.path === PATHS.processFmeaTable ? "process" : "design";
  const { id } = useFmeaId(view, variant);
  const [failed, setFailed] = useState(false);
  const sheetRef = useRef<DataSheetHandle>(null);
  const screenRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0) return;
    setFailed(false);
    if (variant === "design" && tableMode.peek() === "controlPlan") tableMode.value = "form";
    fmeaName.value = "";
    const settingsRead = loadSettings(variant, id);
    fmeaStores[variant].get(id).then(
      (answer) => {
        fmeaName.value = answer.data.name ?? "";
      },
      () => undefined,
    );
    // The keyboard goes to the form once its configuration is read too: its custom attributes are columns,
    // and a form drawn again with them would lose the focused cell.
    Promise.all([load(variant, id), settingsRead]).then(
      () => {
        startPolling();
        focusOnArrival(
          () => screenRef.current,
          () => {
            if (!sheetRef.current) return false;
            sheetRef.current.focusCell(0, 0);
          },
        );
      },
      () => setFailed(true),
    );
    return () => stopPolling();
  }, [variant, id]);

  useScreenActions(tableSlot, {
    variant,
    focusedLine: () => sheetRef.current?.selectedRows()?.first ?? null,
    addAction: () => {
      const line = sheetRef.current?.selectedRows()?.first ?? 0;
      const rows = viewRows(derivedRows(doc.peek()).rows, tableView.peek(), specialClasses(variant));
      const row = rows[line];
      if (!row) return;
      // A new action line of the chain: typed into its prevention action cell.
      const columns = formColumns(variant, { rpn: tableView.peek().rpn });
      const col = columns.findIndex((c) => c.key === "preventionAction");
      if (row.action === null) {
        sheetRef.current?.focusCell(line, col);
        return;
      }
      const id = nodeIds.newId();
      const ok = edit([
        {
          op: "add",
          node: {
            id,
            parentId: row.chain.ratingNode.id,
            kind: "optMeas",
            elementType: null,
            name: "",
            ord: nextOrd(doc.peek(), row.chain.ratingNode.id),
            hidden: false,
            attrs: { status: { actionType: "prevention", status: "open" } },
          },
        },
      ]);
      if (!ok) return;
      // The new action's line, once the sheet shows the changed document.
      const at = viewRows(derivedRows(doc.peek()).rows, tableView.peek(), specialClasses(variant)).findIndex(
        (r) => r.action?.node.id === id,
      );
      if (at >= 0) requestAnimationFrame(() => sheetRef.current?.focusCell(at, col));
    },
    exportXlsx: () => exportWorkbook(variant),
    cancelExport: () => cancelExport(),
    importXlsx: () => pickImport(variant, selected.peek().left),
    focusFilters: () => document.querySelector<HTMLElement>("[data-fmea-filters] select")?.focus(),
    print: () => {
      tableMode.value = "summary";
      requestAnimationFrame(() => window.print());
    },
  });

  if (!Number.isInteger(id) || id <= 0 || failed)
    return (
      <div className="screen" data-testid="fmea-table">
        <ScreenHeader view={view} />
        <p className="fmea-empty">{t("noFmea")}</p>
      </div>
    );

  const mode = tableMode.value;
  const progress = exporting.value;
  return (
    <div
      ref={screenRef}
      className="screen fmea-table-screen"
      data-testid="fmea-table"
      data-pending={pending.value}
      data-loading={loading.value}
      data-fmea={openFmea.value?.id ?? ""}
    >
      <ScreenHeader
        view={view}
        actions={
          <span className="fmea-toolbar">
            <button type="button" className="button" onClick={() => runCommand("fmea.top.table")}>
              {t("commands.top.table")}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => runCommand(variant === "design" ? "fmea.top.diagram" : "fmea.top.flow")}
            >
              {t(variant === "design" ? "commands.top.diagram" : "commands.top.flow")}
            </button>
            <button type="button" className="button" onClick={() => runCommand("fmea.top.tree")}>
              {t("commands.top.tree")}
            </button>
            <span className="fmea-toolbar-gap" />
            <button type="button" className="button" onClick={() => runCommand("fmea.table.exportXlsx")}>
              {t("commands.exportXlsx")}
            </button>
            <button type="button" className="button" onClick={() => runCommand("fmea.table.importXlsx")}>
              {t("commands.importXlsx")}
            </button>
          </span>
        }
      />
      <div className="fmea-modes">
        <ModeButton mode="form" label={t("modes.form")} />
        {variant === "process" ? <ModeButton mode="controlPlan" label={t("modes.controlPlan")} /> : null}
        <ModeButton mode="actions" label={t("modes.actions")} />
        <ModeButton mode="summary" label={t("modes.summary")} />
        {mode === "form" ? (
          <button type="button" className="button" onClick={() => runCommand("fmea.table.addAction")}>
            {t("commands.addAction")}
          </button>
        ) : null}
        {mode === "summary" ? (
          <button type="button" className="button" onClick={() => runCommand("fmea.table.print")}>
            {t("summary.print")}
          </button>
        ) : null}
      </div>
      {progress ? (
        <div className="fmea-progress" data-testid="fmea-export-progress">
          <progress max={progress.total || 1} value={progress.done} />
          <span>{t("export.progress", { done: progress.done, total: progress.total })}</span>
          <button type="button" className="button" onClick={() => runCommand("fmea.table.cancelExport")}>
            {t("export.cancel")}
          </button>
        </div>
      ) : null}
      {mode === "form" ? <Filters variant={variant} /> : null}
      {mode === "form" ? <FormView variant={variant} sheetRef={sheetRef} /> : null}
      {mode === "controlPlan" && variant === "process" ? <ControlPlanView sheetRef={sheetRef} /> : null}
      {mode === "actions" ? <ActionList /> : null}
      {mode === "summary" ? <Summary variant={variant} /> : null}
      {importState.value ? <ImportDialog /> : null}
    </div>
  );
}
