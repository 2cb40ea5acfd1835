// The results of a degradation analysis: the measurements and fitted paths per unit with the threshold, the
// per-unit fit quality (parameters, R squared, pseudo failure time, F or S), then the life fit of the pseudo
// times (parameters with bounds, probability plot, reliability curve) on the shared chart components.
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { type DegradationResult, MODEL_INFO } from "../../../kernels/degradation.ts";
import { degradationPathsChart } from "../../components/charts/degradation/charts.ts";
import { lifeCurvePlot } from "../../components/charts/life/lifeCurves.ts";
import { probabilityPlot } from "../../components/charts/life/probabilityPlot.ts";
import { PlotFigure } from "../../components/charts/shared/PlotFigure.tsx";
import { formatNumber } from "../../components/charts/shared/style.ts";
import { PLOTTED_UNITS } from "./state.ts";

const num = (v: number | null | undefined) =>
  v === null || v === undefined || Number.isNaN(v) ? "" : formatNumber(v);

/** Units listed in the table (the rest are counted). */
const LISTED_UNITS = 500;

export interface UnitMeasurements {
  time: Float64Array;
  value: Float64Array;
}

export function DegradationResults({
  result,
  measurements,
}: {
  result: DegradationResult;
  /** The first units' measurements, in the order of result.units. */
  measurements: UnitMeasurements[];
}) {
  const { t } = useTranslation(["degradation"]);
  const fit = result.fit;
  const names = MODEL_INFO[result.model].parameters;
  const rows = useMemo(
    () => ({
      end: Float64Array.from(result.units, (u) => u.pseudoFailureTime),
      state: Uint8Array.from(result.units, (u) => (u.suspended ? 0 : 1)),
    }),
    [result],
  );
  return (
    <div className="degradation-results" data-testid="degradation-results">
      <PlotFigure
        testId="degradation-paths"
        height={340}
        ariaLabel={t("degradation:pathsChart")}
        fileName="degradation-paths"
        deps={[result, measurements]}
        render={({ width, height }) =>
          degradationPathsChart(
            { model: result.model, threshold: result.threshold, units: result.units, measurements },
            {
              width,
              height,
              maxUnits: PLOTTED_UNITS,
              labels: {
                time: t("degradation:columns.time"),
                value: t("degradation:columns.value"),
                threshold: t("degradation:threshold"),
                failure: t("degradation:pseudoFailure"),
                suspension: t("degradation:suspension"),
              },
            },
          )
        }
      />
      {result.units.length > PLOTTED_UNITS && (
        <p className="muted">
          {t("degradation:plottedUnits", { shown: PLOTTED_UNITS, total: result.units.length })}
        </p>
      )}
      <p className="muted" data-testid="degradation-counts">
        {MODEL_INFO[result.model].formula} ·{" "}
        {t("degradation:counts", { failures: result.failures, suspensions: result.suspensions })}
      </p>
      <table className="table" data-testid="degradation-fit">
        <caption>
          {t("degradation:lifeFit", {
            distribution: fit.distribution,
            method: fit.method.toUpperCase(),
            confidence: fit.bounds.confidence,
          })}
        </caption>
        <thead>
          <tr>
            <th>{t("degradation:parameter")}</th>
            <th>{t("degradation:value")}</th>
            <th>{t("degradation:lower")}</th>
            <th>{t("degradation:upper")}</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(fit.parameters).map(([name, value]) => (
            <tr key={name} data-parameter={name}>
              <th scope="row">{name}</th>
              <td title={String(value)}>{num(value)}</td>
              <td>{num(fit.bounds.parameters[name]?.lower)}</td>
              <td>{num(fit.bounds.parameters[name]?.upper)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">{t("degradation:logLikelihood")}</th>
            <td>{num(fit.logLikelihood)}</td>
            <td />
            <td />
          </tr>
        </tbody>
      </table>
      <PlotFigure
        testId="degradation-probability"
        height={360}
        ariaLabel={t("degradation:probabilityChart")}
        fileName="degradation-probability"
        deps={[result]}
        render={({ width, height }) =>
          probabilityPlot([{ name: t("degradation:pseudoTimes"), fit, rows }], {
            width,
            height,
            labels: {
              time: t("degradation:columns.time"),
              unreliability: t("degradation:unreliability"),
              suspensions: t("degradation:suspensions"),
              fitted: t("degradation:fitted"),
              bounds: t("degradation:bounds"),
            },
          })
        }
      />
      {fit.curves && (
        <PlotFigure
          testId="degradation-reliability"
          height={280}
          ariaLabel={t("degradation:reliabilityChart")}
          fileName="degradation-reliability"
          deps={[result]}
          render={({ width, height }) =>
            lifeCurvePlot(
              [{ name: fit.distribution, curves: fit.curves as NonNullable<typeof fit.curves> }],
              {
                kind: "reliability",
                width,
                height,
                labels: { time: t("degradation:columns.time"), value: t("degradation:reliability") },
                showBounds: true,
              },
            )
          }
        />
      )}
      <table className="table degradation-units" data-testid="degradation-units">
        <caption>{t("degradation:unitsCaption")}</caption>
        <thead>
          <tr>
            <th>{t("degradation:columns.unit")}</th>
            {names.map((n) => (
              <th key={n}>{n}</th>
            ))}
            <th>R²</th>
            <th>{t("degradation:pseudoTime")}</th>
            <th>{t("degradation:state")}</th>
          </tr>
        </thead>
        <tbody>
          {result.units.slice(0, LISTED_UNITS).map((u) => (
            <tr key={u.id} data-unit={u.id}>
              <th scope="row">{u.id}</th>
              {names.map((n) => (
                <td key={n} title={String(u.parameters[n])}>
                  {num(u.parameters[n])}
                </td>
              ))}
              <td>{num(u.rSquared)}</td>
              <td title={String(u.pseudoFailureTime)}>{num(u.pseudoFailureTime)}</td>
              <td>{u.suspended ? "S" : "F"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {result.units.length > LISTED_UNITS && (
        <p className="muted">
          {t("degradation:listedUnits", { shown: LISTED_UNITS, total: result.units.length })}
        </p>
      )}
    </div>
  );
}
