// The analysis results under the editor: the figures (exact and simulated reliability at the mission
// time, conditional and warranty reliability, MTTF), the reliability chart with the simulated points and
// their error bars beside the exact curve, the importance chart and table, and the run's progress bar.
// Numbers in the figures are shown in full (the shortest text that reads back as the same double), so
// they can be compared with `relbench rbd --json` digit for digit.
import { useSignals } from "@preact/signals-react/runtime";
import { useTranslation } from "react-i18next";
import { runCommand } from "../../commands/run.ts";
import {
  IMPORTANCE_MARGINS,
  IMPORTANCE_ROW_HEIGHT,
  type ImportanceRow,
  importanceChart,
  reliabilityChart,
} from "../../components/charts/rbd/charts.ts";
import { PlotFigure } from "../../components/charts/shared/PlotFigure.tsx";
import { ResultGrid } from "../../components/grid/ResultGrid.tsx";
import { Kbd } from "../../components/Kbd.tsx";
import { exactOutcome, progress, simulationOutcome } from "./analysis-state.ts";
import { blockLabel, findBlock } from "./document.ts";
import { model } from "./store.ts";

/** A double as the shortest text that reads back as the same number (what JSON.stringify writes). */
export const fullNumber = (x: number | null | undefined) =>
  x === null || x === undefined ? "—" : Number.isFinite(x) ? String(x) : x > 0 ? "∞" : "−∞";

const short = (x: number) => (Number.isFinite(x) ? Number(x.toPrecision(6)).toString() : fullNumber(x));

function Metric({
  label,
  value,
  detail,
  testId,
}: {
  label: string;
  value: string;
  detail?: string;
  testId: string;
}) {
  return (
    <div className="metric rbd-metric" data-testid={testId}>
      <div className="metric-label">{label}</div>
      <div className="metric-value" data-testid={`${testId}-value`}>
        {value}
      </div>
      {detail && <div className="rbd-metric-detail">{detail}</div>}
    </div>
  );
}

export function ProgressBar() {
  useSignals();
  const { t } = useTranslation(["rbd"]);
  const p = progress.value;
  if (!p) return null;
  const fraction = p.total > 0 ? p.done / p.total : 0;
  return (
    <div className="rbd-progress" data-testid="rbd-progress">
      <div className="rbd-progress-label">
        {p.kind === "exact"
          ? t("rbd:analysis.runningExact")
          : t("rbd:analysis.runningSimulation", {
              done: p.done.toLocaleString(),
              total: p.total.toLocaleString(),
            })}
      </div>
      <progress
        max={p.kind === "exact" ? undefined : 1}
        value={p.kind === "exact" ? undefined : fraction}
        aria-label={t("rbd:analysis.progress")}
      />
      <button type="button" className="button" onClick={() => runCommand("rbd.cancelAnalysis")}>
        {t("rbd:commands.cancelAnalysis")} <Kbd shortcut="mod+period" />
      </button>
    </div>
  );
}

export function ResultsView() {
  useSignals();
  const { t } = useTranslation(["rbd"]);
  const m = model.value;
  const exact = exactOutcome.value;
  const sim = simulationOutcome.value;
  if (!exact && !sim)
    return (
      <section className="rbd-results rbd-results-empty" data-testid="rbd-results" data-rbd-nokeys>
        <p>
          {t("rbd:results.empty")} <Kbd shortcut="mod+enter" /> {t("rbd:commands.analyse")} ·{" "}
          <Kbd shortcut="mod+shift+enter" /> {t("rbd:commands.simulate")}
        </p>
      </section>
    );
  const e = exact?.result;
  const s = sim?.result;
  const stale = (exact && exact.model !== m) || (sim && sim.model !== m);
  const analysed = exact?.model ?? sim?.model ?? m;
  const time = e?.time ?? s?.time ?? analysed.missionTime;
  const interval = (r: number, se: number) =>
    `± ${short(se)} (${sim?.confidence}%: ${short(Math.max(0, r - (sim?.z ?? 0) * se))} – ${short(Math.min(1, r + (sim?.z ?? 0) * se))})`;
  const importance: ImportanceRow[] =
    e?.importance.map((c) => {
      const block = findBlock(analysed, c.blockId)?.block;
      return { ...c, label: block ? blockLabel(block) : c.blockId };
    }) ?? [];

  return (
    <section
      className="rbd-results"
      data-testid="rbd-results"
      data-rbd-nokeys
      aria-label={t("rbd:results.title")}
    >
      {stale && <p className="rbd-stale">{t("rbd:results.stale")}</p>}
      <div className="metrics rbd-metrics">
        <Metric
          testId="rbd-exact-reliability"
          label={t("rbd:results.reliabilityAt", { time })}
          value={e ? fullNumber(e.reliability) : "—"}
          detail={
            e
              ? t("rbd:results.exactDetail", { q: fullNumber(e.unreliability), nodes: e.bddNodes })
              : t("rbd:results.noExact")
          }
        />
        {s && (
          <Metric
            testId="rbd-simulated-reliability"
            label={t("rbd:results.simulatedAt", { time: s.time })}
            value={short(s.reliability)}
            detail={interval(s.reliability, s.standardError)}
          />
        )}
        <Metric
          testId="rbd-exact-mttf"
          label={t("rbd:results.mttf")}
          value={e ? (e.mttf === null ? t("rbd:results.mttfUndefined") : fullNumber(e.mttf)) : "—"}
          detail={
            s?.mttf
              ? t("rbd:results.mttfSimulated", {
                  mean: short(s.mttf.mean),
                  lower: short(s.mttf.lower),
                  upper: short(s.mttf.upper),
                  confidence: s.mttf.confidence,
                })
              : undefined
          }
        />
        {(e?.conditional || s?.conditional) && (
          <Metric
            testId="rbd-conditional"
            label={t("rbd:results.conditional", { age: analysed.currentAge ?? 0 })}
            value={e?.conditional ? fullNumber(e.conditional.reliability) : "—"}
            detail={
              s?.conditional
                ? `${t("rbd:results.simulated")} ${short(s.conditional.reliability)} ${interval(s.conditional.reliability, s.conditional.standardError)}`
                : undefined
            }
          />
        )}
        {(e?.warranty || s?.warranty) && (
          <Metric
            testId="rbd-warranty"
            label={t("rbd:results.warranty", { time: analysed.warrantyLife ?? 0 })}
            value={e?.warranty ? fullNumber(e.warranty.reliability) : "—"}
            detail={
              s?.warranty
                ? `${t("rbd:results.simulated")} ${short(s.warranty.reliability)} ${interval(s.warranty.reliability, s.warranty.standardError)}`
                : undefined
            }
          />
        )}
        {s && (
          <Metric
            testId="rbd-simulation-run"
            label={t("rbd:results.run")}
            value={t("rbd:results.trials", { trials: s.trials.toLocaleString() })}
            detail={t("rbd:results.runDetail", {
              seed: s.seed,
              workers: sim?.workers ?? 1,
              seconds: (s.elapsedMs / 1000).toFixed(2),
              rate: Math.round(s.trialsPerSecond).toLocaleString(),
            })}
          />
        )}
      </div>
      <div className="rbd-charts">
        <PlotFigure
          testId="rbd-reliability-chart"
          ariaLabel={t("rbd:results.reliabilityChart")}
          fileName={`${analysed.name} reliability`}
          height={300}
          deps={[exact, sim, t]}
          render={({ width, height }) =>
            reliabilityChart(
              {
                exact: exact?.curve,
                simulated: sim ? { points: sim.result.curve, z: sim.z } : undefined,
                missionTime: analysed.missionTime,
              },
              {
                width,
                height,
                labels: {
                  time: t("rbd:results.time"),
                  reliability: t("rbd:results.reliability"),
                  exact: t("rbd:results.exact"),
                  simulated: t("rbd:results.simulatedBars", { confidence: sim?.confidence ?? 95 }),
                  mission: t("rbd:fields.missionTime"),
                },
              },
            )
          }
        />
        {importance.length > 0 && (
          <PlotFigure
            testId="rbd-importance-chart"
            ariaLabel={t("rbd:results.importanceChart")}
            fileName={`${analysed.name} importance`}
            height={Math.min(560, IMPORTANCE_MARGINS + IMPORTANCE_ROW_HEIGHT * importance.length)}
            deps={[exact, t]}
            render={({ width, height }) =>
              importanceChart(importance, {
                width,
                height,
                labels: {
                  birnbaum: t("rbd:results.birnbaum"),
                  criticality: t("rbd:results.criticality"),
                  value: t("rbd:results.importanceAt", { time }),
                },
              })
            }
          />
        )}
      </div>
      {importance.length > 0 && (
        <ResultGrid
          testId="rbd-importance-grid"
          ariaLabel={t("rbd:results.importanceTable")}
          rows={importance}
          getRowId={(r) => r.blockId}
          height={Math.min(360, 40 + 30 * importance.length)}
          onActivate={(r) => import("./actions.ts").then((a) => a.selectBlock(r.blockId))}
          columns={[
            { key: "label", header: t("rbd:results.block"), value: (r) => r.label, flex: 1 },
            { key: "mirrors", header: t("rbd:results.mirrors"), value: (r) => r.mirrors.join(", "), flex: 1 },
            {
              key: "reliability",
              header: t("rbd:results.componentReliability"),
              value: (r) => r.reliability,
              align: "right",
              flex: 1.2,
            },
            {
              key: "birnbaum",
              header: t("rbd:results.birnbaum"),
              value: (r) => r.birnbaum,
              align: "right",
              flex: 1,
            },
            {
              key: "criticality",
              header: t("rbd:results.criticality"),
              value: (r) => r.criticality,
              align: "right",
              flex: 1,
            },
          ]}
        />
      )}
    </section>
  );
}
