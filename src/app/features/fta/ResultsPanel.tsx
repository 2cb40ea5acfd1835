// The analysis strip and the results: settings (mission time, algorithm, order limit, cut-off), progress
// with cancel, the top event probability (exact, rare-event, min-cut upper bound), cut sets by order; then
// the minimal cut sets in a sortable grid (xlsx export), the importance chart and the probability over time,
// each with spec 8's message when there is nothing to show.
import { useSignals } from "@preact/signals-react/runtime";
import { type Ref, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FtaAnalysisResult, FtaImportance } from "../../../kernels/fta/result.ts";
import { runCommand } from "../../commands/run.ts";
import { importanceChart, probabilityCurveChart } from "../../components/charts/fta/charts.ts";
import { PlotFigure } from "../../components/charts/shared/PlotFigure.tsx";
import { type ResultColumn, ResultGrid, type ResultGridHandle } from "../../components/grid/ResultGrid.tsx";
import { parseNumber } from "./AttributePanel.tsx";
import { type CutSetRow, cutSetRows, GRID_CUT_SETS } from "./analysis.ts";
import type { ResultTab } from "./bridge.ts";
import { cutSetGrid } from "./results-grid.ts";
import type { StoredFtaResults } from "./storage.ts";
import {
  analysis,
  analysisSettings,
  commit,
  currentResult,
  model,
  resultsOpen,
  resultTab,
  shownSavedResults,
} from "./store.ts";

type Measure = "birnbaum" | "criticality" | "fussellVesely" | "raw" | "rrw";
const MEASURES: Measure[] = ["birnbaum", "criticality", "fussellVesely", "raw", "rrw"];

/** Progress as a percentage: one decimal below 10 %, so a long run is seen to move from the start. */
function percentOf(done: number, total: number): string {
  const p = (100 * done) / Math.max(1, total);
  return p < 10 ? p.toFixed(1) : p.toFixed(0);
}

/** Every digit the kernel computed (the CLI prints the same). */
const full = (p: number | null) => (p === null ? "—" : String(p));

function SettingsStrip() {
  useSignals();
  const { t } = useTranslation(["fta"]);
  const s = analysisSettings.value;
  const m = model.value;
  const a = analysis.value;
  const [mission, setMission] = useState<string | null>(null);
  const [cutOff, setCutOff] = useState<string | null>(null);
  const cutOffValue = cutOff === null ? s.cutOff : parseNumber(cutOff);
  const cutOffError = cutOffValue >= 0 && cutOffValue < 1 ? null : t("fta:analysis.cutOffRange");
  const applyCutOff = () => {
    if (cutOff === null || cutOffError) return;
    analysisSettings.value = { ...s, cutOff: cutOffValue };
    setCutOff(null);
  };
  const missionError =
    mission !== null && !(parseNumber(mission) > 0) ? t("messages:fta.missionTimeRange") : null;
  const applyMission = () => {
    if (mission === null) return;
    const value = parseNumber(mission);
    if (value > 0) {
      if (value !== m.missionTime) commit({ ...m, missionTime: value });
      setMission(null);
    }
  };
  return (
    <div className="fta-strip" data-testid="fta-strip">
      {a.status === "running" ? (
        <>
          <progress
            max={Math.max(1, a.total)}
            value={a.done}
            aria-label={t("fta:analysis.running", {
              percent: percentOf(a.done, a.total),
            })}
          />
          <span>{t("fta:analysis.running", { percent: percentOf(a.done, a.total) })}</span>
          <button type="button" className="button" onClick={() => runCommand("fta.cancelAnalysis")}>
            {t("fta:analysis.cancel")}
          </button>
        </>
      ) : (
        <button type="button" className="button button-primary" onClick={() => runCommand("fta.analyze")}>
          {t("fta:commands.analyze")}
        </button>
      )}
      <label className="fta-strip-field">
        <span>{t("fta:analysis.missionTime")}</span>
        <input
          className="input"
          name="missionTime"
          value={mission ?? String(m.missionTime)}
          aria-invalid={missionError ? true : undefined}
          title={missionError ?? undefined}
          onChange={(e) => setMission(e.currentTarget.value)}
          onBlur={applyMission}
          onKeyDown={(e) => e.key === "Enter" && applyMission()}
          size={8}
        />
      </label>
      <label className="fta-strip-field">
        <span>{t("fta:analysis.algorithm")}</span>
        <select
          className="input"
          value={s.algorithm}
          onChange={(e) => {
            analysisSettings.value = { ...s, algorithm: e.currentTarget.value as typeof s.algorithm };
          }}
        >
          {(["bdd", "zbdd", "mocus"] as const).map((a) => (
            <option key={a} value={a}>
              {t(`fta:analysis.algorithms.${a}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="fta-strip-field">
        <span>{t("fta:analysis.limitOrder")}</span>
        <input
          className="input"
          type="number"
          min={1}
          max={100}
          value={s.limitOrder}
          onChange={(e) => {
            const n = Math.round(Number(e.currentTarget.value));
            if (n >= 1 && n <= 100) analysisSettings.value = { ...s, limitOrder: n };
          }}
          style={{ width: 64 }}
        />
      </label>
      <label className="fta-strip-field">
        <span>{t("fta:analysis.cutOff")}</span>
        <input
          className="input"
          name="cutOff"
          value={cutOff ?? String(s.cutOff)}
          aria-invalid={cutOffError ? true : undefined}
          title={cutOffError ?? undefined}
          onChange={(e) => setCutOff(e.currentTarget.value)}
          onBlur={applyCutOff}
          onKeyDown={(e) => e.key === "Enter" && applyCutOff()}
          size={7}
        />
      </label>
      {(missionError || cutOffError) && (
        <span className="field-error" role="alert">
          {missionError ?? cutOffError}
        </span>
      )}
      <button
        type="button"
        className="button fta-strip-toggle"
        aria-expanded={resultsOpen.value}
        onClick={() => runCommand("fta.toggleResults")}
      >
        {t("fta:analysis.title")}
      </button>
    </div>
  );
}

/** The probabilities and counts of a result, or of the summary a stored tree was saved with. */
function Summary({ result }: { result: FtaAnalysisResult | StoredFtaResults }) {
  const { t } = useTranslation(["fta"]);
  const live = "cutSets" in result;
  const byOrderCounts = live ? result.cutSets.byOrder : result.byOrder;
  const count = live ? result.cutSets.count : result.cutSetCount;
  const byOrder = byOrderCounts
    .map((n, order) => ({ order, n }))
    .filter((x) => x.n > 0)
    .map((x) => `${x.order}: ${x.n.toLocaleString()}`)
    .join(" · ");
  return (
    <dl className="fta-summary" data-testid="fta-summary">
      <div className="fta-summary-top">
        <dt>{t("fta:analysis.topEvent")}</dt>
        <dd data-testid="fta-top">{result.top}</dd>
      </div>
      <div>
        <dt>{t("fta:analysis.exact")}</dt>
        <dd data-testid="fta-p-exact">{full(result.probability.exact)}</dd>
      </div>
      <div>
        <dt>{t("fta:analysis.rareEvent")}</dt>
        <dd data-testid="fta-p-rare">{full(result.probability.rareEvent)}</dd>
      </div>
      <div>
        <dt>{t("fta:analysis.mcub")}</dt>
        <dd data-testid="fta-p-mcub">{full(result.probability.mcub)}</dd>
      </div>
      <div>
        <dt>{t("fta:analysis.cutSets")}</dt>
        <dd data-testid="fta-cutset-count">{count.toLocaleString()}</dd>
      </div>
      <div>
        <dt>{t("fta:analysis.byOrder")}</dt>
        <dd>{byOrder || "—"}</dd>
      </div>
      {live && (
        <div>
          <dt>{t("fta:analysis.elapsed", { ms: Math.round(result.elapsedMs) })}</dt>
          <dd />
        </div>
      )}
    </dl>
  );
}

function CutSetsTab({ result, gridRef }: { result: FtaAnalysisResult; gridRef: Ref<ResultGridHandle> }) {
  const { t } = useTranslation(["fta"]);
  const rows = useMemo(() => cutSetRows(result), [result]);
  const columns = useMemo<ResultColumn<CutSetRow>[]>(
    () => [
      {
        key: "rank",
        header: t("fta:analysis.columns.rank"),
        value: (r) => r.rank,
        width: 70,
        align: "right",
      },
      {
        key: "order",
        header: t("fta:analysis.columns.order"),
        value: (r) => r.order,
        width: 90,
        align: "right",
      },
      {
        key: "probability",
        header: t("fta:analysis.columns.probability"),
        value: (r) => r.probability,
        format: (v) =>
          typeof v !== "number" ? "" : v !== 0 && v < 1e-4 ? v.toExponential(5) : v.toPrecision(6),
        width: 140,
        align: "right",
      },
      {
        key: "events",
        header: t("fta:analysis.columns.events"),
        value: (r) => [...r.events].sort().join(" · "),
        flex: 1,
        sortable: false,
      },
    ],
    [t],
  );
  return (
    <div className="fta-tab-body">
      {result.cutSets.count > GRID_CUT_SETS && (
        <p className="fta-note">
          {t("fta:analysis.shown", {
            shown: rows.length.toLocaleString(),
            count: result.cutSets.count.toLocaleString(),
          })}
        </p>
      )}
      <div className="fta-grid-actions">
        <button type="button" className="button" onClick={() => runCommand("fta.exportCutSets")}>
          {t("fta:commands.exportCutSets")}
        </button>
      </div>
      <ResultGrid
        rows={rows}
        columns={columns}
        getRowId={(r) => String(r.rank)}
        ariaLabel={t("fta:analysis.cutSets")}
        height={200}
        handleRef={gridRef}
        testId="fta-cutsets"
      />
    </div>
  );
}

function ImportanceTab({ result }: { result: FtaAnalysisResult }) {
  const { t } = useTranslation(["fta"]);
  const [measure, setMeasure] = useState<Measure>("birnbaum");
  const importance = result.importance ?? {};
  const entries = useMemo(
    () =>
      Object.entries(importance)
        .map(([event, imp]) => ({ event, value: (imp as FtaImportance)[measure] }))
        .sort((a, b) => b.value - a.value),
    [importance, measure],
  );
  const shown = entries.slice(0, 20);
  const rows = useMemo(
    () => Object.entries(importance).map(([event, imp]) => ({ event, ...(imp as FtaImportance) })),
    [importance],
  );
  const columns = useMemo<ResultColumn<(typeof rows)[number]>[]>(
    () => [
      {
        key: "event",
        header: t("fta:analysis.columns.event"),
        value: (r) => r.event,
        width: 140,
        pinned: "left",
      },
      ...MEASURES.map((k) => ({
        key: k,
        header: t(`fta:analysis.columns.${k}`),
        value: (r: (typeof rows)[number]) => r[k],
        width: 130,
        align: "right" as const,
      })),
      {
        key: "diagnostic",
        header: t("fta:analysis.columns.diagnostic"),
        value: (r) => r.diagnostic,
        width: 130,
        align: "right",
      },
      {
        key: "occurrences",
        header: t("fta:analysis.columns.occurrences"),
        value: (r) => r.occurrences,
        width: 110,
        align: "right",
      },
    ],
    [t],
  );
  return (
    <div className="fta-tab-body fta-importance">
      <label className="fta-strip-field">
        <span>{t("fta:analysis.measure")}</span>
        <select
          className="input"
          value={measure}
          onChange={(e) => setMeasure(e.currentTarget.value as Measure)}
        >
          {MEASURES.map((k) => (
            <option key={k} value={k}>
              {t(`fta:analysis.columns.${k}`)}
            </option>
          ))}
        </select>
      </label>
      <p className="fta-muted">{t(`fta:analysis.measures.${measure}`)}</p>
      <PlotFigure
        render={({ width, height }) =>
          importanceChart(shown, { width, height, label: t(`fta:analysis.columns.${measure}`) })
        }
        deps={[shown, measure]}
        height={Math.max(160, 28 + shown.length * 22)}
        ariaLabel={t("fta:analysis.chartTop", {
          count: shown.length,
          measure: t(`fta:analysis.columns.${measure}`),
        })}
        fileName={`${result.top}-importance`}
        testId="fta-importance-chart"
      />
      <ResultGrid
        rows={rows}
        columns={columns}
        getRowId={(r) => r.event}
        ariaLabel={t("fta:analysis.tabs.importance")}
        height={220}
        testId="fta-importance-grid"
      />
    </div>
  );
}

function CurveTab({ result }: { result: FtaAnalysisResult }) {
  const { t } = useTranslation(["fta"]);
  if (result.fixedProbabilityEvents.length > 0 || !result.curve)
    return (
      <p className="fta-message" role="status" data-testid="fta-curve-message">
        {t("fta:messages.fixedEventsCannotBePlotted")}
      </p>
    );
  const curve = result.curve;
  return (
    <div className="fta-tab-body">
      <PlotFigure
        render={({ width, height }) =>
          probabilityCurveChart(curve, {
            width,
            height,
            labels: { time: t("fta:analysis.time"), probability: t("fta:analysis.probabilityAxis") },
          })
        }
        deps={[curve]}
        height={240}
        ariaLabel={t("fta:analysis.tabs.curve")}
        fileName={`${result.top}-probability`}
        testId="fta-curve-chart"
      />
    </div>
  );
}

const TABS: ResultTab[] = ["cutSets", "importance", "curve"];
const TAB_COMMANDS: Record<ResultTab, string> = {
  cutSets: "fta.showCutSets",
  importance: "fta.showImportance",
  curve: "fta.showCurve",
};

export function ResultsPanel() {
  useSignals();
  const { t } = useTranslation(["fta"]);
  const result = currentResult.value;
  const saved = shownSavedResults.value;
  const a = analysis.value;
  const tab = resultTab.value;
  // An edit makes the results stale: said above spec 8's messages, which take the results' place.
  const stale = a.status === "done" && !result;
  return (
    <section className="fta-results" aria-label={t("fta:analysis.title")} data-testid="fta-results">
      <SettingsStrip />
      {resultsOpen.value && (
        <div className="fta-results-body">
          {stale && (
            <p className="fta-note" role="status" data-testid="fta-stale">
              {t("fta:analysis.stale")}
            </p>
          )}
          {result ? (
            <Summary result={result} />
          ) : (
            saved && (
              <>
                <p className="fta-note" role="status" data-testid="fta-saved-results">
                  {a.status === "running" ? t("fta:analysis.savedRecomputing") : t("fta:analysis.saved")}
                </p>
                <Summary result={saved} />
              </>
            )
          )}
          <div className="tabs-list fta-tabs" role="tablist" aria-label={t("fta:analysis.title")}>
            {TABS.map((k) => (
              <button
                key={k}
                type="button"
                role="tab"
                aria-selected={tab === k}
                className="tabs-trigger"
                data-state={tab === k ? "active" : "inactive"}
                onClick={() => runCommand(TAB_COMMANDS[k])}
              >
                {t(`fta:analysis.tabs.${k}`)}
              </button>
            ))}
          </div>
          <div role="tabpanel" className="fta-tab" data-testid={`fta-tab-${tab}`}>
            {!result && a.status === "running" ? (
              <p className="fta-message" role="status">
                {t("fta:analysis.running", { percent: percentOf(a.done, a.total) })}
              </p>
            ) : !result ? (
              <p className="fta-message" role="status" data-testid="fta-no-result">
                {tab === "cutSets" ? t("fta:messages.analyzeFirst") : t("fta:messages.noResultToDraw")}
              </p>
            ) : tab === "cutSets" ? (
              <CutSetsTab result={result} gridRef={cutSetGrid} />
            ) : tab === "importance" ? (
              <ImportanceTab result={result} />
            ) : (
              <CurveTab result={result} />
            )}
          </div>
        </div>
      )}
    </section>
  );
}
