// The plots of one or several fitted data sets: probability plot on the distribution's paper, reliability,
// unreliability, pdf, failure rate, and the likelihood-ratio contour; saved as PNG or SVG.
import { type Ref, useImperativeHandle, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LifeFit } from "../../../kernels/life/types.ts";
import { runChild, runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { contourPlot } from "../../components/charts/life/contourPlot.ts";
import { type CurveKind, lifeCurvePlot } from "../../components/charts/life/lifeCurves.ts";
import {
  type FitForPlot,
  probabilityPlot,
  type SeriesRows,
} from "../../components/charts/life/probabilityPlot.ts";
import { PlotFigure, type PlotFigureHandle } from "../../components/charts/shared/PlotFigure.tsx";
import type { LifeSettings } from "./model.ts";
import { plotSlot } from "./page-actions.ts";
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
  const figure = useRef<PlotFigureHandle>(null);
  // The caller's handle (if any) is the figure's own, so both the page and the commands can save it.
  useImperativeHandle(handleRef, () => ({
    svg: () => figure.current?.svg() ?? null,
    savePng: async (name) => figure.current?.savePng(name),
    saveSvg: (name) => figure.current?.saveSvg(name),
  }));
  const first = series[0];
  const hasContour = series.length > 0 && series.every((s) => s.fit.contour);
  const contourPossible =
    hasContour ||
    (onComputeContour !== undefined && series.every((s) => s.fit.model.freeParameters.length === 2));
  const kinds = PLOT_KINDS.filter((k) => k !== "contour" || contourPossible);
  const computeContour = async () => {
    setComputing(true);
    try {
      await onComputeContour?.();
    } finally {
      setComputing(false);
    }
  };
  useScreenActions(plotSlot, {
    kinds,
    kind,
    show: (k: string) => setKind(k as PlotKind),
    computeContour:
      kind === "contour" && !hasContour && !computing && onComputeContour
        ? () => void computeContour()
        : undefined,
  });
  if (!first) return null;
  const unit = t(`life:timeUnits.${first.settings.timeUnit}`);
  const timeLabel = t("life:plot.time", { unit });
  const confidence = first.fit.bounds.confidence;
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
        {kinds.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={kind === k}
            className={kind === k ? "segment segment-active" : "segment"}
            onClick={() => runChild("plot.kind", `plot.kind.${k}`, "button")}
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
            onClick={() => runCommand("plot.computeContour")}
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
          handleRef={figure}
          testId={`plot-${kind}`}
        />
      )}
    </div>
  );
}
