// The plots of one or several fitted data sets: probability plot on the distribution's paper, reliability,
// unreliability, pdf, failure rate, and the likelihood-ratio contour; saved as PNG or SVG.
import { type Ref, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LifeFit } from "../../../kernels/life/types.ts";
import { contourPlot } from "../../components/charts/contourPlot.ts";
import { type CurveKind, lifeCurvePlot } from "../../components/charts/lifeCurves.ts";
import { PlotFigure, type PlotFigureHandle } from "../../components/charts/PlotFigure.tsx";
import {
  type FitForPlot,
  probabilityPlot,
  type SeriesRows,
} from "../../components/charts/probabilityPlot.ts";
import type { LifeSettings } from "./model.ts";
import { num } from "./text.ts";

export const PLOT_KINDS = [
  "probability",
  "reliability",
  "unreliability",
  "pdf",
  "failureRate",
  "contour",
] as const;
export type PlotKind = (typeof PLOT_KINDS)[number];

export interface PlotSeries {
  name: string;
  fit: LifeFit;
  rows?: SeriesRows;
  settings: LifeSettings;
}

export function PlotPanel({
  series,
  height,
  fileName,
  handleRef,
  initial = "probability",
  testId,
  onComputeContour,
}: {
  series: PlotSeries[];
  height: number;
  fileName: string;
  handleRef?: Ref<PlotFigureHandle>;
  initial?: PlotKind;
  testId?: string;
  /** Computes the likelihood-ratio contour when it is asked for and not there (it costs seconds on big sets). */
  onComputeContour?: () => Promise<void>;
}) {
  const { t } = useTranslation(["life"]);
  const [kind, setKind] = useState<PlotKind>(initial);
  const [computing, setComputing] = useState(false);
  const first = series[0];
  if (!first) return null;
  const unit = t(`life:timeUnits.${first.settings.timeUnit}`);
  const timeLabel = t("life:plot.time", { unit });
  const confidence = first.fit.bounds.confidence;
  const hasContour = series.every((s) => s.fit.contour);
  const contourPossible =
    hasContour ||
    (onComputeContour !== undefined && series.every((s) => s.fit.model.freeParameters.length === 2));
  const render = ({ width, height: h }: { width: number; height: number }) => {
    if (kind === "probability")
      return probabilityPlot(
        series.map((s) => ({ name: s.name, fit: s.fit as FitForPlot, rows: s.rows })),
        {
          width,
          height: h,
          format: (v) => num(v),
          labels: {
            time:
              first.fit.distribution === "weibull3p" || first.fit.distribution === "exponential2p"
                ? t("life:plot.timeShifted", { unit })
                : timeLabel,
            unreliability: t("life:plot.unreliability"),
            suspensions: t("life:plot.suspensions"),
            fitted: t("life:plot.fitted"),
            bounds: t("life:plot.bounds", { confidence }),
            thinned: (shown, total) => t("life:plot.thinned", { shown, total }),
          },
          bounds: series.length > 1 ? "none" : "probability",
        },
      );
    if (kind === "contour") {
      const withContour = series.filter((s) => s.fit.contour);
      return contourPlot(
        withContour.map((s) => {
          const c = s.fit.contour as NonNullable<LifeFit["contour"]>;
          return {
            name: s.name,
            contour: c,
            estimate: [s.fit.parameters[c.parameters[0]], s.fit.parameters[c.parameters[1]]] as [
              number,
              number,
            ],
          };
        }),
        { width, height: h, format: (v) => num(v) },
      );
    }
    return lifeCurvePlot(
      series
        .filter((s) => s.fit.curves)
        .map((s) => ({ name: s.name, curves: s.fit.curves as NonNullable<LifeFit["curves"]> })),
      {
        kind: kind as CurveKind,
        width,
        height: h,
        format: (v) => num(v),
        labels: { time: timeLabel, value: t(`life:plot.kinds.${kind}`) },
        showBounds: series.length === 1,
      },
    );
  };
  return (
    <div className="life-plot" data-testid={testId}>
      <div className="segmented" role="tablist" aria-label={t("life:plot.title")}>
        {PLOT_KINDS.filter((k) => k !== "contour" || contourPossible).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={kind === k}
            className={kind === k ? "segment segment-active" : "segment"}
            onClick={() => setKind(k)}
            data-plot-kind={k}
          >
            {t(`life:plot.kinds.${k}`)}
          </button>
        ))}
      </div>
      {kind === "contour" && !hasContour ? (
        <div className="life-contour-ask" style={{ height }}>
          <button
            type="button"
            className="button"
            disabled={computing}
            onClick={async () => {
              setComputing(true);
              try {
                await onComputeContour?.();
              } finally {
                setComputing(false);
              }
            }}
            data-testid="compute-contour"
          >
            {t("life:plot.computeContour")}
          </button>
          {computing && <progress aria-label={t("life:running")} />}
        </div>
      ) : (
        <PlotFigure
          render={render}
          deps={[series, kind, t]}
          height={height}
          ariaLabel={t(`life:plot.kinds.${kind}`)}
          fileName={`${fileName}-${kind}`}
          handleRef={handleRef}
          testId={`plot-${kind}`}
        />
      )}
    </div>
  );
}
