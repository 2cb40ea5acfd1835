// The results of a fit: parameters with their bounds, log-likelihood, AIC and BIC, goodness of fit, counts,
// warnings, and whether they still belong to the data on screen.
import { useTranslation } from "react-i18next";
import type { LifeFit } from "../../../kernels/life/types.ts";
import { formatDateTime } from "../../format.ts";
import type { LifeResults } from "./model.ts";
import { issueText, num } from "./text.ts";

/**
 * The one order of parameters, the kernels' (shape before scale, the location last): a stored result comes
 * back from the database's JSON with its keys in another order (jsonb sorts them), so the order is set here.
 */
const PARAMETER_ORDER = [
  "fraction",
  "beta",
  "eta",
  "lambda",
  "mu",
  "sigma",
  "muLog",
  "sigmaLog",
  "k",
  "theta",
  "gamma",
];
const rank = (name: string) => {
  const i = PARAMETER_ORDER.indexOf(name);
  return i < 0 ? PARAMETER_ORDER.length : i;
};

export function parameterRows(
  fit: LifeFit,
): Array<{ name: string; value: number; lower: number | null; upper: number | null }> {
  const ordered = Object.entries(fit.parameters).sort(([a], [b]) => rank(a) - rank(b));
  const rows = ordered.map(([name, value]) => ({
    name,
    value,
    lower: fit.bounds.parameters[name]?.lower ?? null,
    upper: fit.bounds.parameters[name]?.upper ?? null,
  }));
  for (const [k, p] of (fit.subpopulations ?? []).entries())
    for (const [name, value] of Object.entries(p).sort(([a], [b]) => rank(a) - rank(b)))
      rows.push({ name: `${name} ${k + 1}`, value, lower: null, upper: null });
  return rows;
}

export function ResultsView({ results, stale }: { results: LifeResults; stale: boolean }) {
  const { t } = useTranslation(["life", "messages"]);
  const { fit, settings } = results;
  const gof = fit.goodnessOfFit;
  return (
    <section className="life-results" aria-label={t("life:results.title")} data-testid="life-results">
      {stale && (
        <p className="life-stale" role="status">
          {t("life:results.stale")}
        </p>
      )}
      <p className="life-results-head">
        <strong>{t(`life:distributions.${fit.distribution}`)}</strong> · {t(`life:methods.${fit.method}`)} ·{" "}
        {t(`life:boundsTypes.${fit.bounds.type}`)} {fit.bounds.confidence}%{" "}
        {t(`life:sides.${fit.bounds.sided}`)}
      </p>
      <table className="life-table" data-testid="life-parameters">
        <thead>
          <tr>
            <th scope="col">{t("life:results.parameter")}</th>
            <th scope="col">{t("life:results.value")}</th>
            <th scope="col">{t("life:results.lower")}</th>
            <th scope="col">{t("life:results.upper")}</th>
          </tr>
        </thead>
        <tbody>
          {parameterRows(fit).map((p) => (
            <tr key={p.name} data-parameter={p.name}>
              <th scope="row">
                {t(`life:parameters.${p.name.split(" ")[0]}`, { defaultValue: p.name })}
                {p.name.includes(" ") ? ` ${p.name.split(" ")[1]}` : ""}
              </th>
              <td data-value={p.value}>{num(p.value)}</td>
              <td>{num(p.lower)}</td>
              <td>{num(p.upper)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="life-facts">
        <dt>{t("life:results.logLikelihood")}</dt>
        <dd data-testid="life-loglik">{num(fit.logLikelihood, 8)}</dd>
        <dt>AIC / BIC</dt>
        <dd>
          {num(fit.aic, 7)} / {num(fit.bic, 7)}
        </dd>
        {gof.rho !== undefined && (
          <>
            <dt>{t("life:results.rho")}</dt>
            <dd>{num(gof.rho)}</dd>
          </>
        )}
        {gof.andersonDarling !== undefined && gof.andersonDarling !== null && (
          <>
            <dt>{t("life:results.andersonDarling")}</dt>
            <dd>{num(gof.andersonDarling)}</dd>
          </>
        )}
        {fit.locationTest && (
          <>
            <dt>
              {t("life:results.locationTest", {
                against: t(`life:distributions.${fit.locationTest.against}`),
              })}
            </dt>
            <dd data-testid="life-location-test">
              {t("life:results.locationTestText", {
                statistic: num(fit.locationTest.statistic),
                p: num(fit.locationTest.pValue, 3),
              })}
            </dd>
          </>
        )}
        <dt>{t("life:results.counts")}</dt>
        <dd data-testid="life-counts">
          {t("life:results.countsText", {
            failures: fit.counts.failures,
            suspensions: fit.counts.suspensions,
            intervals: fit.counts.intervals + fit.counts.leftCensored,
            rows: fit.counts.rows,
          })}
        </dd>
        <dt>{t("life:results.elapsed")}</dt>
        <dd data-testid="life-elapsed">
          {t("life:results.elapsedText", {
            ms: results.elapsedMs,
            time: formatDateTime(results.computedAt),
          })}
        </dd>
        <dt>{t("life:results.timeUnit")}</dt>
        <dd>{t(`life:timeUnits.${settings.timeUnit}`)}</dd>
      </dl>
      {!fit.converged && (
        <p className="life-warning">
          {t("messages:life.notConverged", { distribution: t(`life:distributions.${fit.distribution}`) })}
        </p>
      )}
      {fit.warnings.map((w) => (
        <p key={w.key} className="life-warning">
          {issueText(t, w)}
        </p>
      ))}
    </section>
  );
}
