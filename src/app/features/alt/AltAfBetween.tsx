// The acceleration factor between any two stress levels of a fit (issue 19), AF = L(S1) / L(S2). The levels are
// settings (stored with the set, AltOptions.afBetween), so the fit gives their factor with its own bounds,
// Fisher or likelihood ratio. Levels typed after a Fisher fit are answered at once in the kernel worker
// (alt.accelerationFactor: the fit's coefficients and covariance suffice); after a likelihood-ratio fit the
// bounds need the data, i.e. the next fit, and the screen says so instead of showing Fisher bounds.
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AltFit } from "../../../kernels/alt.ts";
import { kernels } from "../../../kernels/client.ts";
import { formatNumber } from "../../components/charts/shared/style.ts";
import { TextField } from "../../components/form.tsx";
import { parseLevel } from "./model.ts";
import { setAfLevels, altState as st } from "./state.ts";

type Result = { value: number; lower: number | null; upper: number | null };

const num = (v: number | null | undefined) => (v === null || v === undefined ? "" : formatNumber(v));
const same = (a: number[], b: number[] | null) =>
  b !== null && a.length === b.length && a.every((v, i) => v === b[i]);

export function AltAfBetween({ fit }: { fit: AltFit }) {
  useSignals();
  const { t } = useTranslation(["alt"]);
  const p = fit.transforms.length;
  const s = st.settings.value;
  // Untyped: the use level and the last test level, the factor a reader asks first.
  const from = s.afFrom || (fit.useLevel[0]?.stress.join(", ") ?? "");
  const to = s.afTo || (fit.levels[fit.levels.length - 1]?.stress.join(", ") ?? "");
  const a = parseLevel(from, p);
  const b = parseLevel(to, p);
  // The pairs the fit answered with its own bounds: the settings' pair and use over each test level.
  const fitted = [
    ...(fit.afBetween ?? []),
    ...fit.accelerationFactors.map((x) => ({ ...x, from: x.use, to: x.level })),
  ].find((x) => same(x.from, a) && same(x.to, b));
  const [live, setLive] = useState<Result | "invalid" | null>(null);
  // The levels as text of their numbers, not the arrays' identity: a re-render with the same levels asks
  // nothing again.
  const aKey = a?.join(",") ?? null;
  const bKey = b?.join(",") ?? null;
  const needLive = !fitted;
  useEffect(() => {
    if (!needLive) return;
    if (aKey === null || bKey === null) return setLive("invalid");
    let alive = true;
    const subset = {
      relationship: fit.relationship,
      distribution: fit.distribution,
      transforms: fit.transforms,
      temperatureUnit: fit.temperatureUnit,
      coefficients: fit.coefficients,
      coefficientCovariance: fit.coefficientCovariance,
      confidence: fit.confidence,
      sided: fit.sided,
    };
    kernels
      .call("alt", "accelerationFactor", [subset, aKey.split(",").map(Number), bKey.split(",").map(Number)])
      .then(
        (r) => alive && setLive(r),
        () => alive && setLive("invalid"),
      );
    return () => {
      alive = false;
    };
  }, [fit, aKey, bKey, needLive]);
  const lr = fit.boundsType === "lr";
  const result: Result | "invalid" | null = fitted ?? live;
  // After a likelihood-ratio fit, levels it did not see show the exact factor and no (Fisher) bounds.
  const pending = !fitted && lr;
  const arrhenius =
    fit.relationship === "arrhenius" && !fit.proportionalHazards && fit.distribution !== "normal";
  const edit = (patch: { afFrom?: string; afTo?: string }) =>
    setAfLevels({ afFrom: from, afTo: to, ...patch });
  return (
    <fieldset className="form-grid alt-af-between" data-testid="alt-af-between">
      <legend>
        {t("alt:afBetween.title", {
          confidence: fit.confidence,
          bounds: t(`alt:boundsTypes.${fit.boundsType ?? "fisher"}`),
        })}
      </legend>
      <TextField
        label={t("alt:afBetween.from")}
        value={from}
        error={a ? null : t("alt:afBetween.invalid", { count: p })}
        onChange={(e) => edit({ afFrom: e.target.value })}
        name="afFrom"
      />
      <TextField
        label={t("alt:afBetween.to")}
        value={to}
        error={b ? null : t("alt:afBetween.invalid", { count: p })}
        onChange={(e) => edit({ afTo: e.target.value })}
        name="afTo"
      />
      <p
        data-testid="alt-af-between-value"
        data-bounds={pending ? "pending" : fit.boundsType}
        aria-live="polite"
      >
        {result === "invalid" && a && b ? (
          t("alt:afBetween.invalid", { count: p })
        ) : result && result !== "invalid" ? (
          <>
            AF = <span title={String(result.value)}>{num(result.value)}</span>
            {!pending && (
              <>
                {" "}
                [<span title={String(result.lower ?? "")}>{num(result.lower)}</span>,{" "}
                <span title={String(result.upper ?? "")}>{num(result.upper)}</span>]
              </>
            )}
          </>
        ) : null}
      </p>
      {pending && (
        <p className="muted" data-testid="alt-af-between-refit">
          {t("alt:afBetween.refit")}
        </p>
      )}
      <p className="muted" data-testid="alt-af-between-formula">
        {t("alt:afBetween.formula", { formula: fit.formula })}
        {arrhenius && ` ${t("alt:afBetween.arrhenius")}`}
      </p>
    </fieldset>
  );
}
