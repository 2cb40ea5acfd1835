// The results of an ALT fit: parameters with bounds, use-level life and B-lives, acceleration factors, and the
// life-versus-stress and probability plots of components/charts/alt (the data sheet and the analysis page).
import { useTranslation } from "react-i18next";
import type { AltFit } from "../../../kernels/alt.ts";
import {
  accelerationChart,
  altContourChart,
  altProbabilitySeries,
  curvesAtUseChart,
  lifeStressChart,
} from "../../components/charts/alt/charts.ts";
import { probabilityPlot } from "../../components/charts/life/probabilityPlot.ts";
import { PlotFigure } from "../../components/charts/shared/PlotFigure.tsx";
import { formatNumber } from "../../components/charts/shared/style.ts";
import { AltAfBetween } from "./AltAfBetween.tsx";
import type { AltSettings } from "./state.ts";

/** A bound that could not be computed is shown empty. */
const num = (v: number | null | undefined) => (v === null || v === undefined ? "" : formatNumber(v));

export function AltResults({
  fit,
  settings,
  plotHeight = 320,
}: {
  fit: AltFit;
  settings: AltSettings;
  plotHeight?: number;
}) {
  const { t } = useTranslation(["alt"]);
  const use = fit.useLevel[0];
  // The first stress is a temperature (taken in kelvin by the relationship's reciprocal).
  const temperature = fit.transforms[0] === "reciprocal" && settings.relationship !== "general-log-linear";
  const stressLabel = `${settings.stressNames[0] || "stress1"}${
    temperature ? ` (${settings.temperatureUnit.toUpperCase()})` : ""
  }`;
  const plots = fit.plots;
  return (
    <div className="alt-results" data-testid="alt-results">
      <p className="muted" data-testid="alt-summary">
        {fit.formula} · {t("alt:logLikelihood")} {num(fit.logLikelihood)} · AIC {num(fit.aic)} · BIC{" "}
        {num(fit.bic)} · {fit.converged ? t("alt:converged") : t("alt:notConverged")}
        {fit.commonShape &&
          ` · ${t("alt:commonShape", { p: num(fit.commonShape.pValue), df: fit.commonShape.df })}`}
      </p>
      {/* ALTA, Minitab and JMP differ in the last digits here: the constants used are said (issue 19). */}
      {temperature && (
        <p className="muted" data-testid="alt-constants">
          {t("alt:constants")}
        </p>
      )}
      <table className="table" data-testid="alt-parameters">
        <caption>
          {t("alt:parameters", { confidence: fit.confidence })} (
          {t(`alt:boundsTypes.${fit.boundsType ?? "fisher"}`)})
        </caption>
        <thead>
          <tr>
            <th>{t("alt:parameter")}</th>
            <th>{t("alt:value")}</th>
            <th>{t("alt:lower")}</th>
            <th>{t("alt:upper")}</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(fit.parameters).map(([name, value]) => (
            <tr key={name} data-parameter={name}>
              <th scope="row">{name}</th>
              <td title={String(value)}>{num(value)}</td>
              <td title={String(fit.bounds[name]?.lower ?? "")}>
                {fit.bounds[name] ? num(fit.bounds[name].lower) : ""}
              </td>
              <td title={String(fit.bounds[name]?.upper ?? "")}>
                {fit.bounds[name] ? num(fit.bounds[name].upper) : ""}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {use && (
        <table className="table" data-testid="alt-use">
          <caption>{t("alt:useLevel", { stress: use.stress.join(", ") })}</caption>
          <thead>
            <tr>
              <th>{t("alt:quantity")}</th>
              <th>{t("alt:value")}</th>
              <th>{t("alt:lower")}</th>
              <th>{t("alt:upper")}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{t("alt:meanLife")}</th>
              <td>{num(use.meanLife.value)}</td>
              <td>{num(use.meanLife.lower)}</td>
              <td>{num(use.meanLife.upper)}</td>
            </tr>
            {use.at.map((a) => (
              <tr key={`R${a.time}`} data-testid="alt-at">
                <th scope="row">{t("alt:reliabilityAt", { time: formatNumber(a.time) })}</th>
                <td title={String(a.reliability)}>{num(a.reliability)}</td>
                <td title={String(a.lower ?? "")}>{num(a.lower)}</td>
                <td title={String(a.upper ?? "")}>{num(a.upper)}</td>
              </tr>
            ))}
            {/* F = 1 - R: its lower bound is 1 - R's upper, its upper 1 - R's lower. */}
            {use.at.map((a) => (
              <tr key={`F${a.time}`}>
                <th scope="row">{t("alt:unreliabilityAt", { time: formatNumber(a.time) })}</th>
                <td>{num(1 - a.reliability)}</td>
                <td>{num(a.upper === null ? null : 1 - a.upper)}</td>
                <td>{num(a.lower === null ? null : 1 - a.lower)}</td>
              </tr>
            ))}
            {/* The failure rate at use stress, bounds by the delta method on ln h (the kernel's). */}
            {use.at.map(
              (a) =>
                a.hazard && (
                  <tr key={`h${a.time}`} data-testid="alt-hazard">
                    <th scope="row">{t("alt:hazardAt", { time: formatNumber(a.time) })}</th>
                    <td title={String(a.hazard.value)}>{num(a.hazard.value)}</td>
                    <td title={String(a.hazard.lower ?? "")}>{num(a.hazard.lower)}</td>
                    <td title={String(a.hazard.upper ?? "")}>{num(a.hazard.upper)}</td>
                  </tr>
                ),
            )}
            {use.bLives.map((b) => (
              <tr key={b.percent}>
                <th scope="row">{t("alt:bLife", { percent: b.percent })}</th>
                <td>{num(b.time)}</td>
                <td>{num(b.lower)}</td>
                <td>{num(b.upper)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <table className="table" data-testid="alt-af">
        <caption>{t("alt:accelerationFactors")}</caption>
        <thead>
          <tr>
            <th>{t("alt:level")}</th>
            <th>{t("alt:value")}</th>
            <th>{t("alt:lower")}</th>
            <th>{t("alt:upper")}</th>
          </tr>
        </thead>
        <tbody>
          {fit.accelerationFactors.map((a) => (
            <tr key={a.level.join(",")}>
              <th scope="row">{a.level.join(", ")}</th>
              <td>{num(a.value)}</td>
              <td>{num(a.lower)}</td>
              <td>{num(a.upper)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <AltAfBetween fit={fit} />
      {plots && (
        <>
          <PlotFigure
            testId="alt-life-stress"
            height={plotHeight}
            ariaLabel={t("alt:lifeStress")}
            fileName="alt-life-stress"
            deps={[fit]}
            render={({ width, height }) =>
              lifeStressChart(
                { ...fit, plots },
                {
                  width,
                  height,
                  labels: {
                    stress: stressLabel,
                    life: t("alt:time"),
                    failures: t("alt:failures"),
                    line:
                      plots.lifeLine.kind === "mean"
                        ? t("alt:lifeLines.mean")
                        : t("alt:bLife", { percent: plots.lifeLine.percent }),
                    bounds: t("alt:bounds"),
                    use: t("alt:use"),
                  },
                },
              )
            }
          />
          <PlotFigure
            testId="alt-probability"
            height={plotHeight + 40}
            ariaLabel={t("alt:probability")}
            fileName="alt-probability"
            deps={[fit]}
            render={({ width, height }) =>
              probabilityPlot(altProbabilitySeries({ ...fit, plots }, { use: t("alt:use") }), {
                width,
                height,
                labels: {
                  time: t("alt:time"),
                  unreliability: t("alt:unreliability"),
                  suspensions: t("alt:suspensions"),
                  fitted: t("alt:fitted"),
                  bounds: t("alt:bounds"),
                },
                bounds: "none",
              })
            }
          />
          {(["reliability", "pdf"] as const).map((kind) => (
            <PlotFigure
              key={kind}
              testId={`alt-use-${kind}`}
              height={plotHeight}
              ariaLabel={t(`alt:plots.${kind}`)}
              fileName={`alt-use-${kind}`}
              deps={[fit]}
              render={({ width, height }) =>
                curvesAtUseChart({ ...fit, plots }, kind, {
                  width,
                  height,
                  labels: { time: t("alt:time"), value: t(`alt:plots.${kind}Axis`), use: t("alt:use") },
                })
              }
            />
          ))}
          <PlotFigure
            testId="alt-acceleration"
            height={plotHeight}
            ariaLabel={t("alt:plots.acceleration")}
            fileName="alt-acceleration"
            deps={[fit]}
            render={({ width, height }) =>
              accelerationChart(
                { ...fit, plots },
                {
                  width,
                  height,
                  labels: {
                    stress: stressLabel,
                    factor: t("alt:plots.accelerationAxis"),
                    line: t("alt:plots.accelerationLine"),
                    bounds: t("alt:bounds"),
                    levels: t("alt:level"),
                    use: t("alt:use"),
                  },
                },
              )
            }
          />
          {plots.contour && (
            <PlotFigure
              testId="alt-contour"
              height={plotHeight}
              ariaLabel={t("alt:plots.contour")}
              fileName="alt-contour"
              deps={[fit]}
              render={({ width, height }) =>
                altContourChart(
                  { ...fit, plots },
                  { width, height, name: t(`alt:relationships.${fit.relationship}`) },
                ) as SVGSVGElement
              }
            />
          )}
        </>
      )}
    </div>
  );
}
