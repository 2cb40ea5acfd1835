// ePDT (/epdt): reliability prediction by MIL-HDBK-217F. The system tree on the left (arrows, Enter to rename,
// Insert to add, Delete), the parts of the selected assembly in the shared data sheet (paste from Excel, import
// xlsx), the selected line's factors with their handbook tables on the right, the roll-up, Pareto and allocation
// below. Every button runs a command (commands/prediction.ts); the prediction runs in the kernel worker.
import { effect } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ENVIRONMENTS, type Environment } from "../../../kernels/prediction/model.ts";
import type { LineResult } from "../../../kernels/prediction/predict.ts";
import { runChild, runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { contributorsChart } from "../../components/charts/prediction/charts.ts";
import { PlotFigure } from "../../components/charts/shared/PlotFigure.tsx";
import { Dialog } from "../../components/Dialog.tsx";
import { DataSheet, type DataSheetHandle } from "../../components/grid/DataSheet.tsx";
import { ResultGrid } from "../../components/grid/ResultGrid.tsx";
import { problemMessage } from "../../components/problem.ts";
import type { CellMessage } from "../../components/spreadsheet/table.ts";
import { useLeaveWarning } from "../../components/unsaved.ts";
import type { ScreenProps } from "../../router/types.ts";
import { registerKeeper } from "../../state/drafts.ts";
import * as actions from "./actions.ts";
import { treeOrder } from "./document.ts";
import type { PredictionActions } from "./page-actions.ts";
import { predictionSlot } from "./page-actions.ts";
import { PARTS_SCHEMA } from "./schema.ts";
import {
  assemblies,
  dictionary,
  dictionaryOpen,
  dirty,
  draftOf,
  lineId,
  metaRevision,
  name,
  redoableTree,
  redoTree,
  renaming,
  result,
  resultRevision,
  revision,
  running,
  selectedAssembly,
  selectedRow,
  settings,
  sheetOf,
  stored,
  undoableTree,
  undoTree,
} from "./store.ts";
import "./prediction.css";
import { ImportReportDialog } from "../../components/ImportReportDialog.tsx";

const num = (v: number | null | undefined, digits = 6) =>
  v == null || !Number.isFinite(v) ? "—" : String(Number(v.toPrecision(digits)));
const treeFocused = () => document.activeElement?.closest("[data-prediction-tree]") != null;

function Button({ id, label, disabled }: { id: string; label: string; disabled?: boolean }) {
  return (
    <button
      type="button"
      className="btn"
      disabled={disabled}
      onClick={() => runCommand(id)}
      data-command={id}
    >
      {label}
    </button>
  );
}

/** A draft left by a reload is offered once per session, when the screen first shows. */
let draftOffered = false;

/** Columns whose titles with their units need more than the sheet's default width (in every language). */
const PART_WIDTHS: Record<string, number> = {
  capacitance: 140,
  seriesResistance: 190,
  temperatureRise: 200,
  currentRatio: 140,
  loadType: 120,
  contactForm: 130,
  cycleRate: 150,
  ratedTemperature: 190,
  construction: 160,
  matingCycles: 170,
  contactCurrent: 200,
  contactGauge: 180,
  waveSolderedHoles: 200,
  handSolderedHoles: 200,
  circuitPlanes: 140,
};

export default function PredictionPage(_props: ScreenProps) {
  useSignals();
  const { t } = useTranslation(["prediction", "grid", "messages", "common"]);
  const sheet = useRef<DataSheetHandle>(null);
  const tree = useRef<HTMLDivElement>(null);
  if (!name.value) name.value = t("prediction:untitled");
  revision.value;
  const current = result.value !== null && resultRevision.value === revision.value;
  const selected = assemblies.value.find((a) => a.id === selectedAssembly.value) ?? assemblies.value[0];
  const store = sheetOf(selected.id);
  const r = result.value;
  const lines = r ? r.lines.filter((l) => l.assembly === selected.id) : [];

  const pageActions: PredictionActions = {
    running: running.value !== null,
    current,
    treeFocused,
    canUndoTree: undoableTree.value,
    canRedoTree: redoableTree.value,
    rootSelected: selected.parent === null,
    calculate: actions.calculate,
    cancel: actions.cancel,
    newPrediction: actions.newPrediction,
    open: actions.showOpenList,
    save: actions.save,
    importBom: () => actions.importBom(),
    importDictionary: () => actions.importDictionary(),
    toggleDictionary: () => {
      dictionaryOpen.value = !dictionaryOpen.value;
    },
    exportReport: actions.exportReport,
    exportRbd: actions.exportToRbd,
    copyEvidence: actions.copyEvidence,
    addAssembly: actions.addChild,
    renameAssembly: actions.startRename,
    deleteAssembly: actions.removeSelected,
    up: () => actions.moveSelection(-1),
    down: () => actions.moveSelection(1),
    undoTree,
    redoTree,
    assemblies: assemblies.value.map((a) => ({ id: a.id, name: a.name })),
    selectAssembly: actions.selectAssembly,
    storedItems: actions.openListItems.value ?? [],
    openStored: (id) => actions.openStored(id),
    problemLinks: problemLinks(lines, (key, n) => t(key, { n })),
    goToProblem: (row, col) => {
      selectedRow.value = row;
      sheet.current?.focusCell(row, Math.max(0, col));
    },
  };
  useScreenActions(predictionSlot, pageActions);
  // The browser asks before a reload or a closed tab drops unsaved work.
  useLeaveWarning(dirty.value);

  // Unsaved work is copied to a local draft as it changes (dropped once saved or discarded); the first time
  // the screen shows in a session, a draft left by a reload or a closed tab is offered back.
  useEffect(() => {
    if (!draftOffered) {
      draftOffered = true;
      void actions.restoreDraft();
    }
    const unregister = registerKeeper(actions.drafts);
    const stop = effect(() => {
      revision.value;
      metaRevision.value;
      const meta = stored.value;
      if (dirty.value) actions.drafts.keep(actions.predictionDraftKey(meta.id), name.value, draftOf);
      else void actions.drafts.clear();
    });
    return () => {
      stop();
      unregister();
    };
  }, []);

  // The factors follow the sheet's selected line, read once the grid has settled: the grid can hand the
  // keyboard to the page body and still move its cursor (see DataSheet), and when a move scrolls it focuses
  // the new cell (focusin) and reports it only after the key or click has come up. So the window's keyup,
  // mouseup and focusin, each read a frame and a task later.
  useEffect(() => {
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      const rows = sheet.current?.selectedRows();
      if (rows) selectedRow.value = rows.first;
    };
    const follow = () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      frame = requestAnimationFrame(() => {
        timer = setTimeout(read, 0);
      });
    };
    const events = ["keyup", "mouseup", "focusin"] as const;
    for (const e of events) window.addEventListener(e, follow, true);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      for (const e of events) window.removeEventListener(e, follow, true);
    };
  }, []);

  // After a rename or a keyboard move, focus stays in the tree on the selected item.
  useEffect(() => {
    if (renaming.value === null && treeFocused())
      tree.current?.querySelector<HTMLElement>("[aria-selected=true]")?.focus();
  });

  const headers = useMemo(
    () => Object.fromEntries(PARTS_SCHEMA.columns.map((c) => [c.key, t(`prediction:columns.${c.key}`)])),
    [t],
  );
  const cellText = (m: CellMessage) => String(t(m.key, { ...(m.params ?? {}) }));
  const line: LineResult | undefined =
    selectedRow.value !== null && r
      ? r.lines.find((l) => l.id === lineId(selected.id, selectedRow.value as number))
      : undefined;
  const assemblyResult = r?.assemblies.find((a) => a.id === selected.id);
  const order = treeOrder(assemblies.value);
  // Back to the tree's selected item once the field is gone (the item is rendered again in its place).
  const focusTreeItem = () =>
    requestAnimationFrame(() => tree.current?.querySelector<HTMLElement>("[aria-selected=true]")?.focus());
  const pareto = (r?.pareto ?? []).slice(0, 15);

  return (
    <div className="pdt" data-testid="prediction-page">
      <div className="screen-header">
        <h1 className="screen-title" title={name.value}>
          {t("prediction:title")} · <span data-testid="prediction-name">{name.value}</span>
          {dirty.value && (
            <span className="pdt-dirty" title={t("prediction:unsaved")}>
              {" "}
              *
            </span>
          )}
        </h1>
        <div className="screen-actions pdt-toolbar">
          <Button id="prediction.new" label={t("prediction:toolbar.new")} />
          <Button id="prediction.open" label={t("prediction:toolbar.open")} />
          <Button id="prediction.save" label={t("prediction:toolbar.save")} />
          <Button id="prediction.importBom" label={t("prediction:toolbar.importBom")} />
          <Button id="prediction.toggleDictionary" label={t("prediction:toolbar.dictionary")} />
          {running.value ? (
            <Button id="prediction.cancel" label={t("prediction:toolbar.cancel")} />
          ) : (
            <Button id="prediction.calculate" label={t("prediction:toolbar.calculate")} />
          )}
          <Button
            id="prediction.exportReport"
            label={t("prediction:toolbar.exportReport")}
            disabled={!current}
          />
          <Button id="prediction.exportRbd" label={t("prediction:toolbar.exportRbd")} disabled={!current} />
          <Button
            id="prediction.copyEvidence"
            label={t("prediction:toolbar.copyEvidence")}
            disabled={!current}
          />
        </div>
      </div>
      <div className="pdt-settings">
        <label>
          {t("prediction:settings.name")}
          <input
            value={name.value}
            onChange={(e) => {
              name.value = e.target.value;
              metaRevision.value++;
            }}
            className="pdt-name"
            data-testid="prediction-name-field"
          />
        </label>
        <label>
          {t("prediction:settings.method")}
          <select
            value={settings.value.method}
            onChange={(e) => actions.setSettings({ method: e.target.value as "partsCount" | "partsStress" })}
            data-testid="prediction-method"
          >
            <option value="partsCount">{t("prediction:methods.partsCount")}</option>
            <option value="partsStress">{t("prediction:methods.partsStress")}</option>
          </select>
        </label>
        <NumberInput
          label={t("prediction:settings.missionTime")}
          value={settings.value.missionTime}
          onChange={(v) => actions.setSettings({ missionTime: v ?? Number.NaN })}
          testId="prediction-mission"
        />
        <NumberInput
          label={t("prediction:settings.target")}
          value={settings.value.target ?? null}
          onChange={(v) => actions.setSettings({ target: v })}
        />
        <label>
          {t("prediction:settings.allocation")}
          <select
            value={settings.value.allocation ?? ""}
            onChange={(e) =>
              actions.setSettings({
                allocation: (e.target.value || null) as "equal" | "arinc" | "agree" | null,
              })
            }
          >
            <option value="">{t("prediction:allocation.none")}</option>
            <option value="equal">{t("prediction:allocation.equal")}</option>
            <option value="arinc">ARINC</option>
            <option value="agree">AGREE</option>
          </select>
        </label>
      </div>
      <div className="pdt-body">
        <div
          className="pdt-tree"
          role="tree"
          aria-label={t("prediction:tree.label")}
          data-prediction-tree
          ref={tree}
          data-testid="prediction-tree"
        >
          {order.map(({ assembly, depth }) => {
            const isSelected = assembly.id === selected.id;
            const rate = r?.assemblies.find((a) => a.id === assembly.id)?.rate;
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the tree's keys are commands (commands/prediction.ts)
              <div
                key={assembly.id}
                role="treeitem"
                aria-selected={isSelected}
                aria-level={depth + 1}
                tabIndex={isSelected ? 0 : -1}
                className={`pdt-tree-item${isSelected ? " selected" : ""}`}
                style={{ paddingLeft: 8 + depth * 16 }}
                onClick={() =>
                  runChild("prediction.selectAssembly", `prediction.selectAssembly.${assembly.id}`)
                }
                onDoubleClick={() => actions.startRename()}
              >
                {renaming.value === assembly.id ? (
                  <input
                    // biome-ignore lint/a11y/noAutofocus: renaming starts typing in the field at once
                    autoFocus
                    defaultValue={assembly.name}
                    onFocus={(e) => e.currentTarget.select()}
                    aria-label={t("prediction:tree.rename")}
                    onKeyDown={(e) => {
                      e.stopPropagation();
                      if (e.key === "Enter") {
                        actions.rename(assembly.id, e.currentTarget.value);
                        focusTreeItem();
                      }
                      if (e.key === "Escape") {
                        renaming.value = null;
                        focusTreeItem();
                      }
                    }}
                    onBlur={(e) => actions.rename(assembly.id, e.currentTarget.value)}
                  />
                ) : (
                  <>
                    <span className="pdt-tree-name">{assembly.name}</span>
                    <span className="pdt-tree-env">{assembly.environment ?? ""}</span>
                    {rate !== undefined && current && <span className="pdt-tree-rate">{num(rate, 4)}</span>}
                  </>
                )}
              </div>
            );
          })}
          <p className="pdt-hint">{t("prediction:tree.hint")}</p>
        </div>
        <div className="pdt-main">
          <div className="pdt-assembly">
            <strong>{selected.name}</strong>
            <label>
              {t("prediction:columns.environment")}
              <select
                value={selected.environment ?? ""}
                onChange={(e) =>
                  actions.setAssemblyField(selected.id, {
                    environment: (e.target.value || null) as Environment | null,
                  })
                }
                data-testid="prediction-environment"
              >
                <option value="">{t("prediction:inherited")}</option>
                {ENVIRONMENTS.map((env) => (
                  <option key={env} value={env}>
                    {env} · {t(`prediction:environments.${env}`)}
                  </option>
                ))}
              </select>
            </label>
            <NumberInput
              label={t("prediction:columns.ambient")}
              value={selected.temperature ?? null}
              onChange={(v) => actions.setAssemblyField(selected.id, { temperature: v })}
            />
            <NumberInput
              label={t("prediction:columns.duty")}
              value={selected.duty ?? null}
              onChange={(v) => actions.setAssemblyField(selected.id, { duty: v })}
            />
            {assemblyResult && current && (
              <span className="pdt-assembly-rate" data-testid="prediction-assembly-rate">
                λ = {num(assemblyResult.rate)} /10⁶ h · {assemblyResult.environment} ·{" "}
                {num(assemblyResult.temperature)} °C
              </span>
            )}
          </div>
          <div className="pdt-sheet">
            <DataSheet
              key={selected.id}
              store={store}
              headers={headers}
              widths={PART_WIDTHS}
              messageText={cellText}
              ariaLabel={t("prediction:sheetLabel", { name: selected.name })}
              maxRows={10_000}
              spareRows={10}
              handleRef={sheet}
              testId="prediction-sheet"
            />
          </div>
          {current && lines.some((l) => l.problems.length) && (
            <ul className="pdt-problems" data-testid="prediction-problems">
              {lines
                .flatMap((l) => l.problems.map((p, i) => ({ l, p, i })))
                .slice(0, 50)
                .map(({ l, p, i }) => (
                  <li key={`${l.id}-${i}`} className={p.severity === "warning" ? "warning" : "error"}>
                    <button
                      type="button"
                      className="link"
                      onClick={() =>
                        runChild("prediction.goToProblem", `prediction.goToProblem.${l.id}-${i}`)
                      }
                    >
                      {problemLabel(l, (key, n) => t(key, { n }))}
                    </button>
                    : {problemMessage(p)}
                  </li>
                ))}
            </ul>
          )}
        </div>
        <aside
          className="pdt-factors"
          data-testid="prediction-factors"
          aria-label={t("prediction:factors.title")}
        >
          <h2>{t("prediction:factors.title")}</h2>
          {!line ? (
            <p className="muted">
              {t(current ? "prediction:factors.pick" : "prediction:factors.calculateFirst")}
            </p>
          ) : (
            <>
              <p>
                <strong>{line.ref}</strong> · {t(`prediction:methods.${line.method}`)} · ×{line.quantity}
              </p>
              <table className="pdt-factor-table">
                <tbody>
                  {line.factors.map((f) => (
                    <tr key={f.symbol}>
                      <th>{f.symbol}</th>
                      <td className="num">{num(f.value)}</td>
                      <td className="ref">{f.reference}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p>
                λ<sub>p</sub> = {num(line.rateEach)} · {t("prediction:factors.line")} = {num(line.rate)} /10⁶
                h ({num(line.fit)} FIT)
              </p>
              {line.problems.map((p) => (
                <p
                  key={`${p.key}-${p.where?.join(".")}`}
                  className={p.severity === "warning" ? "warning" : "error"}
                >
                  {problemMessage(p)}
                </p>
              ))}
            </>
          )}
        </aside>
      </div>
      {r && (
        <section className={`pdt-results${current ? "" : " stale"}`} data-testid="prediction-results">
          <div className="pdt-summary">
            <span>
              {t("prediction:results.system")}:{" "}
              <strong data-testid="prediction-system-rate">{String(r.system.rate)}</strong> /10⁶ h
            </span>
            <span>FIT: {num(r.system.fit)}</span>
            <span>MTBF: {num(r.system.mtbf)} h</span>
            <span>
              R({num(r.system.missionTime)} h):{" "}
              <span data-testid="prediction-system-reliability">{String(r.system.reliability)}</span>
            </span>
            {!current && <span className="warning">{t("prediction:calc.staleShort")}</span>}
          </div>
          <div className="pdt-results-grid">
            <ResultGrid
              rows={r.assemblies}
              getRowId={(a) => a.id}
              ariaLabel={t("prediction:results.assemblies")}
              height={220}
              columns={[
                {
                  key: "name",
                  header: t("prediction:columns.assembly"),
                  value: (a) => a.name,
                  flex: 1,
                  width: 120,
                },
                {
                  key: "env",
                  header: t("prediction:columns.environment"),
                  value: (a) => a.environment,
                  width: 60,
                },
                { key: "rate", header: t("prediction:results.rate"), value: (a) => a.rate, width: 100 },
                { key: "fit", header: "FIT", value: (a) => a.fit, width: 80 },
                { key: "mtbf", header: "MTBF (h)", value: (a) => a.mtbf, width: 90 },
                {
                  key: "rel",
                  header: t("prediction:results.reliability"),
                  value: (a) => a.reliability,
                  width: 90,
                },
              ]}
              onActivate={(a) => actions.selectAssembly(a.id)}
            />
            <PlotFigure
              height={Math.max(140, 40 + pareto.length * 18)}
              ariaLabel={t("prediction:results.pareto")}
              fileName="pareto"
              deps={[r, t]}
              render={({ width, height }) =>
                contributorsChart(
                  pareto.map((p) => ({ label: p.ref, rate: p.rate, cumulative: p.cumulative })),
                  {
                    width,
                    height,
                    labels: {
                      rate: t("prediction:results.rate"),
                      cumulative: t("prediction:results.cumulative"),
                    },
                  },
                )
              }
            />
          </div>
          {r.allocation && (
            <table className="pdt-allocation" data-testid="prediction-allocation">
              <thead>
                <tr>
                  <th>{t("prediction:columns.assembly")}</th>
                  <th>{t("prediction:results.allocated")}</th>
                  <th>{t("prediction:results.rate")}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {r.allocation.map((a) => (
                  <tr key={a.id}>
                    <td>{a.name}</td>
                    <td className="num">{num(a.allocated)}</td>
                    <td className="num">{num(a.predicted)}</td>
                    <td className={a.meets ? "ok" : "error"}>
                      {t(a.meets ? "prediction:results.meets" : "prediction:results.exceeds")}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
      <DictionaryDialog />
      <ImportReport />
      <OpenDialog />
    </div>
  );
}

function NumberInput(props: {
  label: string;
  value: number | null;
  onChange(v: number | null): void;
  testId?: string;
}) {
  const { t } = useTranslation(["prediction"]);
  const text = props.value === null || Number.isNaN(props.value) ? "" : String(props.value);
  const bad = props.value !== null && Number.isNaN(props.value);
  return (
    <label>
      {props.label}
      <input
        inputMode="decimal"
        defaultValue={text}
        key={text}
        aria-invalid={bad}
        title={bad ? t("prediction:notNumber") : undefined}
        data-testid={props.testId}
        onBlur={(e) => {
          const s = e.currentTarget.value.trim();
          const v = s === "" ? null : Number(s);
          if (v !== props.value) props.onChange(v === null ? null : Number.isFinite(v) ? v : Number.NaN);
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter") e.currentTarget.blur();
        }}
      />
    </label>
  );
}

const DICTIONARY_HEADERS = ["code", "name", "distribution", "p1", "p2", "p3"] as const;

function DictionaryDialog() {
  useSignals();
  const { t } = useTranslation(["prediction", "grid", "messages"]);
  const headers = useMemo(
    () => Object.fromEntries(DICTIONARY_HEADERS.map((k) => [k, t(`prediction:dictionary.columns.${k}`)])),
    [t],
  );
  return (
    <Dialog
      open={dictionaryOpen.value}
      onOpenChange={(open) => {
        dictionaryOpen.value = open;
      }}
      title={t("prediction:dictionary.title")}
      description={t("prediction:dictionary.description")}
      width={900}
      testId="prediction-dictionary"
      footer={
        <button type="button" className="btn" onClick={() => runCommand("prediction.importDictionary")}>
          {t("prediction:toolbar.importDictionary")}
        </button>
      }
    >
      <div className="pdt-dictionary-sheet">
        <DataSheet
          store={dictionary}
          headers={headers}
          messageText={(m) => String(t(m.key, { ...(m.params ?? {}) }))}
          ariaLabel={t("prediction:dictionary.title")}
          maxRows={10_000}
          testId="prediction-dictionary-sheet"
        />
      </div>
    </Dialog>
  );
}

function ImportReport() {
  useSignals();
  const report = actions.importReport.value;
  return (
    <ImportReportDialog
      report={report}
      onClose={() => {
        actions.importReport.value = null;
      }}
      title={report?.title ?? ""}
      ns="prediction"
      testId="prediction-import-report"
      summaryTestId="prediction-import-summary"
    />
  );
}

function OpenDialog() {
  useSignals();
  const { t } = useTranslation(["prediction"]);
  const open = actions.openListVisible.value;
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        actions.openListVisible.value = o;
      }}
      title={t("prediction:files.openTitle")}
      width={560}
    >
      {open && <StoredList />}
    </Dialog>
  );
}

function StoredList() {
  const { t } = useTranslation(["prediction"]);
  const items = actions.openListItems.value;
  if (items === null) return <p>{t("prediction:files.loading")}</p>;
  if (!items.length) return <p>{t("prediction:files.none")}</p>;
  return (
    <ul className="pdt-open-list">
      {items.map((m) => (
        <li key={m.id}>
          <button
            type="button"
            className="link"
            onClick={() => runChild("prediction.openStored", `prediction.openStored.${m.id}`)}
          >
            {m.name}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** A problem line's link text: the part's reference, else its row. */
function problemLabel(l: { id: string; ref?: string }, t: (key: string, n: number) => string): string {
  return l.ref || t("prediction:row", Number(l.id.split("#")[1]) + 1);
}

/** The problems under the sheet (the first 50), each with the cell it leads to. */
function problemLinks(
  lines: ReadonlyArray<{
    id: string;
    ref?: string;
    problems: ReadonlyArray<{ where?: readonly (string | number)[] }>;
  }>,
  t: (key: string, n: number) => string,
): PredictionActions["problemLinks"] {
  return lines
    .flatMap((l) => l.problems.map((p, i) => ({ l, p, i })))
    .slice(0, 50)
    .map(({ l, p, i }) => ({
      key: `${l.id}-${i}`,
      label: problemLabel(l, t),
      row: Number(l.id.split("#")[1]),
      col: PARTS_SCHEMA.columns.findIndex((c) => c.key === p.where?.at(-1)),
    }));
}
