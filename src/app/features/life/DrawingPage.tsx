// /lifeData/drawing, the drawing tool: probability paper for every life distribution with a straight-line
// paper. The user types rank data as (X-Time, Y-Value %) pairs in the shared data sheet, or loads a stored
// Weibull set's plotting positions; the line is fitted by RRX or RRY in the kernel worker (the life kernels'
// own regression), its parameters read beside the paper, and for a loaded set compared with the MLE of its
// data. PNG and SVG are the figure's own. Every button runs a command (commands/drawing.ts); the sheet, paper and
// method are kept as a draft (state/drafts.ts) until cleared.
import { effect } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { kernels } from "../../../kernels/client.ts";
import type { LifeFit } from "../../../kernels/life/types.ts";
import type { PaperDistribution } from "../../../kernels/life.ts";
import { runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { drawingPlot } from "../../components/charts/life/drawingPlot.ts";
import { PlotFigure } from "../../components/charts/shared/PlotFigure.tsx";
import { DataSheet, type DataSheetHandle } from "../../components/grid/DataSheet.tsx";
import { Kbd } from "../../components/Kbd.tsx";
import { message } from "../../components/message.ts";
import { ScreenHeader, useRemote } from "../../components/screen.tsx";
import type { SheetData } from "../../components/spreadsheet/store.ts";
import { offerDraft } from "../../components/unsaved.ts";
import { i18n } from "../../i18n.ts";
import type { ScreenProps } from "../../router/types.ts";
import { DraftKeeper, draftKey, registerKeeper } from "../../state/drafts.ts";
import {
  blankSheet,
  type DrawingMethod,
  type DrawingState,
  drawingState,
  positionsSheet,
  sheetPoints,
} from "./drawing.ts";
import { DRAWING_DISTRIBUTIONS, drawingSlot } from "./drawing-actions.ts";
import { openSet, wb } from "./service.ts";
import { kernelColumns } from "./table.ts";
import "./drawing.css";

interface DrawingDraft {
  sheet: SheetData;
  distribution: PaperDistribution;
  method: DrawingMethod;
}

const DRAFT_KEY = () => draftKey("drawing", "paper");
const keeper = new DraftKeeper<DrawingDraft>("drawing", 1000);

/** Fits the line through the sheet's points and, for a loaded set, its MLE; problems listed by row. */
async function fitLine(state: DrawingState): Promise<void> {
  if (state.running.value) return;
  const sheetIssues = state.store
    .issues(20)
    .issues.map((i) => ({ key: i.key, params: i.params, row: i.row + 1 }));
  const { points, incomplete } = sheetPoints(state.store);
  const problems = [
    ...sheetIssues,
    ...incomplete.map((row) => ({ key: "grid:cell.empty", row: row + 1 })),
  ].sort((a, b) => a.row - b.row);
  if (problems.length > 0) {
    state.problems.value = problems;
    return;
  }
  const distribution = state.distribution.value;
  const method = state.method.value;
  const source = state.sourceCurrent;
  state.running.value = true;
  try {
    const outcome = await kernels.call("life", "tryFitPaperLine", [points, { distribution, method }]);
    if (!outcome.ok) {
      state.problems.value = outcome.issues.map((i) => ({
        key: `messages:${i.key}`,
        params: i.params,
        row: i.row,
      }));
      state.line.value = null;
      state.mle.value = null;
      return;
    }
    state.problems.value = [];
    state.line.value = outcome.value as LifeFit;
    state.mle.value = null;
    if (source) {
      const mle = await kernels.call("life", "tryFitLife", [
        source.columns,
        { distribution, method: "mle", ranks: source.ranks, positions: false },
      ]);
      if (mle.ok) state.mle.value = mle.value as LifeFit;
      else state.problems.value = mle.issues.map((i) => ({ key: `messages:${i.key}`, params: i.params }));
    }
    state.stale.value = false;
  } catch (error) {
    message.error((error as Error).message);
  } finally {
    state.running.value = false;
  }
}

/** Puts a stored Weibull set's plotting positions (its own rank method) into the sheet, as one undo step. */
async function loadSet(state: DrawingState, id: number) {
  const t = i18n.t;
  const set = await openSet(id);
  const { columns } = kernelColumns(set.store);
  const ranks = set.settings.value.rankMethod;
  const outcome = await kernels.call("life", "tryFitLife", [
    columns,
    { distribution: "weibull2p", method: "rrx", ranks, curvePoints: 0 },
  ]);
  if (!outcome.ok) {
    message.warning(
      t("drawing:loadFailed", {
        name: set.name.value,
        message: outcome.issues.map((i) => i.message).join(" "),
      }),
    );
    return;
  }
  const positions = outcome.value.positions;
  if (!positions) return;
  state.store.replace(positionsSheet(positions), "load");
  state.source.value = { id, name: set.name.value, ranks, revision: state.store.revision, columns };
  message.success(t("drawing:loaded", { name: set.name.value, count: positions.time.length }));
  await fitLine(state);
}

function useDrawingDraft(state: DrawingState): void {
  useEffect(() => {
    const unregister = registerKeeper(keeper);
    const stop = effect(() => {
      void state.revision.value;
      const distribution = state.distribution.value;
      const method = state.method.value;
      if (!state.dirty.value) {
        void keeper.clear();
        return;
      }
      keeper.keep(DRAFT_KEY(), i18n.t("routes:drawingTool"), () => ({
        sheet: state.store.snapshot(),
        distribution,
        method,
      }));
    });
    return () => {
      stop();
      unregister();
      void keeper.flush();
    };
  }, [state]);
}

/** The draft of an earlier visit (a reload, a closed tab), offered once when the page first opens. */
let draftOffered = false;

export default function DrawingPage({ view }: ScreenProps) {
  useSignals();
  const { t } = useTranslation(["drawing", "life", "common", "grid", "messages"]);
  const state = drawingState();
  const sheet = useRef<DataSheetHandle>(null);
  state.revision.value;
  const distribution = state.distribution.value;
  const method = state.method.value;
  const line = state.line.value;
  const mle = state.mle.value;
  const source = state.sourceCurrent;
  useDrawingDraft(state);

  useEffect(() => {
    if (draftOffered || state.dirty.value) return;
    draftOffered = true;
    void offerDraft<DrawingDraft>(DRAFT_KEY()).then((draft) => {
      if (!draft || state.dirty.value) return;
      state.distribution.value = draft.data.distribution;
      state.method.value = draft.data.method;
      state.store.replace(draft.data.sheet, "draft");
    });
  }, [state]);

  const sets = useRemote(() => wb.list({ pageSize: 200, kind: "weibull" }).then((r) => r.data.items), []);
  const setItems = sets.data ?? [];

  const choose = (patch: { distribution?: PaperDistribution; method?: DrawingMethod }) => {
    if (patch.distribution) state.distribution.value = patch.distribution;
    if (patch.method) state.method.value = patch.method;
    state.dirty.value = true;
    // A line on screen follows the paper and method at once (milliseconds in the worker).
    if (state.line.value) void fitLine(state);
  };

  useScreenActions(drawingSlot, {
    running: state.running.value,
    distribution,
    method,
    canLoad: state.pickedSet.value !== null,
    hasLine: line !== null,
    fit: () => void fitLine(state),
    setDistribution: (d) => choose({ distribution: d as PaperDistribution }),
    setMethod: (m) => choose({ method: m }),
    loadPicked: () => {
      const id = state.pickedSet.value;
      // A set that cannot be read is reported by the API client.
      if (id !== null) void loadSet(state, id).catch(() => undefined);
    },
    clear: () => {
      state.store.replace(blankSheet(), "clear");
      state.line.value = null;
      state.mle.value = null;
      state.problems.value = [];
      state.source.value = null;
      state.stale.value = false;
      state.dirty.value = false;
      void keeper.clear();
    },
    focusSheet: () =>
      requestAnimationFrame(() => requestAnimationFrame(() => sheet.current?.focusCell(0, 0))),
  });

  const { points } = sheetPoints(state.store);
  const valid = Array.from(points.time.keys()).filter(
    (i) => points.time[i] > 0 && points.percent[i] > 0 && points.percent[i] < 100,
  );
  const plotted = {
    time: valid.map((i) => points.time[i]),
    probability: valid.map((i) => points.percent[i] / 100),
    row: valid.map((i) => points.row?.[i] ?? i),
  };
  // gamma is a parameter of the shifted papers only (the others report it as 0).
  const shifted = line?.distribution === "weibull3p" || line?.distribution === "exponential2p";
  const names = line ? Object.keys(line.parameters).filter((n) => n !== "gamma" || shifted) : [];

  return (
    <div className="screen drawing-page" data-testid="drawing-page">
      <ScreenHeader
        view={view}
        actions={
          <>
            <button
              type="button"
              className="button button-primary"
              disabled={state.running.value}
              onClick={() => runCommand("drawing.fit")}
            >
              {t("drawing:actions.fit")} <Kbd shortcut="mod+enter" />
            </button>
            <button type="button" className="button" onClick={() => runCommand("drawing.clear")}>
              {t("drawing:actions.clear")}
            </button>
          </>
        }
      />
      <p className="muted">{t("drawing:intro")}</p>
      <div className="drawing-layout">
        <div className="drawing-input">
          <div className="form-grid drawing-settings" data-testid="drawing-settings">
            <label className="field">
              <span className="field-label">{t("drawing:paper")}</span>
              <select
                className="input"
                value={distribution}
                onChange={(e) => choose({ distribution: e.target.value as PaperDistribution })}
              >
                {DRAWING_DISTRIBUTIONS.map((d) => (
                  <option key={d} value={d}>
                    {t(`life:distributions.${d}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span className="field-label">{t("drawing:method")}</span>
              <select
                className="input"
                value={method}
                onChange={(e) => choose({ method: e.target.value as DrawingMethod })}
              >
                {(["rrx", "rry"] as const).map((m) => (
                  <option key={m} value={m}>
                    {t(`life:methods.${m}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span className="field-label">{t("drawing:storedSet")}</span>
              <select
                className="input"
                value={state.pickedSet.value ?? ""}
                onChange={(e) => {
                  state.pickedSet.value = e.target.value ? Number(e.target.value) : null;
                }}
              >
                <option value="">{t("drawing:noSetPicked")}</option>
                {setItems.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </label>
            <div className="field drawing-load">
              <button
                type="button"
                className="button"
                disabled={state.pickedSet.value === null}
                onClick={() => runCommand("drawing.loadSet")}
              >
                {t("drawing:actions.loadSet")}
              </button>
            </div>
          </div>
          <div className="drawing-sheet" data-testid="drawing-sheet">
            <DataSheet
              store={state.store}
              headers={{ x: t("drawing:columns.x"), y: t("drawing:columns.y") }}
              messageText={(m) => String(t(m.key, { ...(m.params ?? {}) }))}
              ariaLabel={t("drawing:sheet")}
              maxRows={10_000}
              widths={{ x: 120, y: 120 }}
              handleRef={sheet}
            />
          </div>
          {state.problems.value.length > 0 && (
            <ul className="drawing-problems" data-testid="drawing-problems" aria-live="polite">
              {state.problems.value.map((p) => (
                <li key={`${p.key}-${p.row}`}>
                  {p.row
                    ? t("drawing:rowProblem", { row: p.row, message: t(p.key, { ...(p.params ?? {}) }) })
                    : t(p.key, { ...(p.params ?? {}) })}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="drawing-output">
          <PlotFigure
            render={({ width, height }) =>
              drawingPlot(
                {
                  distribution,
                  points: plotted,
                  line: line && line.distribution === distribution ? line : null,
                  mle: mle && mle.distribution === distribution ? mle : null,
                },
                {
                  width,
                  height,
                  labels: {
                    time: t("drawing:columns.x"),
                    unreliability: t("drawing:columns.y"),
                    points: line
                      ? t("drawing:pointsWithLine", { method: method.toUpperCase() })
                      : t("drawing:points"),
                    mle: t("drawing:mleOf", { name: source?.name ?? "" }),
                    fitted: t("drawing:line"),
                  },
                },
              )
            }
            deps={[state.revision.value, distribution, line, mle, t]}
            height={400}
            ariaLabel={t("drawing:plot", { paper: t(`life:distributions.${distribution}`) })}
            fileName={`drawing-${distribution}`}
            testId="drawing-plot"
          />
          <div aria-live="polite">
            {state.running.value && <p className="muted">{t("life:running")}</p>}
            {line && state.stale.value && <p className="notice-panel">{t("drawing:stale")}</p>}
            {line && (
              <table className="table drawing-results" data-testid="drawing-results">
                <caption className="visually-hidden">{t("drawing:results")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("life:results.parameter")}</th>
                    <th scope="col">{t("drawing:lineColumn", { method: line.method.toUpperCase() })}</th>
                    {mle && <th scope="col">{t("drawing:mleColumn")}</th>}
                  </tr>
                </thead>
                <tbody>
                  {names.map((name) => (
                    <tr key={name} data-parameter={name}>
                      <th scope="row">{t(`life:parameters.${name}`, { defaultValue: name })}</th>
                      <td title={String(line.parameters[name])} data-value={line.parameters[name]}>
                        {Number(line.parameters[name].toPrecision(6))}
                      </td>
                      {mle && (
                        <td title={String(mle.parameters[name])} data-value={mle.parameters[name]}>
                          {mle.parameters[name] === undefined
                            ? ""
                            : Number(mle.parameters[name].toPrecision(6))}
                        </td>
                      )}
                    </tr>
                  ))}
                  <tr data-parameter="rho">
                    <th scope="row">{t("life:results.rho")}</th>
                    <td title={String(line.goodnessOfFit.rho)}>
                      {Number((line.goodnessOfFit.rho ?? Number.NaN).toPrecision(6))}
                    </td>
                    {mle && <td />}
                  </tr>
                  <tr>
                    <th scope="row">{t("drawing:pointCount")}</th>
                    <td>{line.positions?.time.length ?? 0}</td>
                    {mle && <td>{t("drawing:setRows", { count: mle.counts.rows })}</td>}
                  </tr>
                </tbody>
              </table>
            )}
            {source && <p className="muted">{t("drawing:fromSet", { name: source.name })}</p>}
            {!line && <p className="muted">{t("drawing:noLine")}</p>}
          </div>
        </div>
      </div>
    </div>
  );
}
