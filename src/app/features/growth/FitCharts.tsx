// The growth plot and the MTBF chart of a fit, one component for Crow-AMSAA and Duane (both draw a power
// law, ChartFit): the observed failures with the fitted line, and the cumulative and instantaneous MTBF over
// time, with their confidence bounds when the fit has a bound curve (Crow-AMSAA; Duane has no bounds).
import { useTranslation } from "react-i18next";
import type { MtbfCurvePoint } from "../../../kernels/growth.ts";
import { type ChartFit, growthPlot, mtbfChart } from "../../components/charts/growth/charts.ts";
import { PlotFigure } from "../../components/charts/shared/PlotFigure.tsx";

export function FitCharts({
  times,
  counts,
  fit,
  curve,
  fittedLabel,
  name,
}: {
  times: ArrayLike<number>;
  /** Grouped data: `times` are the interval ends, these the failures in each. */
  counts: ArrayLike<number> | null;
  fit: ChartFit;
  curve: readonly MtbfCurvePoint[] | null;
  /** The fitted line's name in the growth plot's legend ("Crow-AMSAA", "Duane"). */
  fittedLabel: string;
  name: string;
}) {
  const { t } = useTranslation(["growth"]);
  return (
    <>
      <PlotFigure
        testId="growth-plot"
        ariaLabel={t("growth:charts.growthPlot")}
        fileName={`${name} growth plot`}
        height={300}
        deps={[times, counts, fit, fittedLabel, t]}
        render={({ width, height }) =>
          growthPlot(
            { times, counts, fit },
            {
              width,
              height,
              labels: {
                time: t("growth:charts.time"),
                failures: t("growth:charts.failures"),
                observed: t("growth:charts.observed"),
                fitted: fittedLabel,
              },
            },
          )
        }
      />
      <PlotFigure
        testId="growth-mtbf-chart"
        ariaLabel={t("growth:charts.mtbfChart")}
        fileName={`${name} MTBF`}
        height={300}
        deps={[times, counts, fit, curve, t]}
        render={({ width, height }) =>
          mtbfChart(
            { times, counts, fit, curve },
            {
              width,
              height,
              labels: {
                time: t("growth:charts.time"),
                mtbf: t("growth:charts.mtbf"),
                observed: t("growth:charts.observedCumulative"),
                cumulative: t("growth:charts.cumulative"),
                instantaneous: t("growth:charts.instantaneous"),
                bounds: t("growth:charts.bounds"),
              },
            },
          )
        }
      />
    </>
  );
}
