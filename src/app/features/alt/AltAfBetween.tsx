// The acceleration factor between any two stress levels of a fit (issue 19), AF = L(S1) / L(S2), computed in
// the kernel worker (alt.accelerationFactor) as the levels are typed, with its Fisher bounds and the formula.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AltFit } from "../../../kernels/alt.ts";
import { kernels } from "../../../kernels/client.ts";
import { formatNumber } from "../../components/charts/shared/style.ts";
import { TextField } from "../../components/form.tsx";

type Result = { value: number; lower: number | null; upper: number | null };

/** One number per stress column, comma-separated; null when the count or a number is wrong. */
function parseLevel(text: string, p: number): number[] | null {
  const values = text
    .split(",")
    .map((v) => v.trim())
    .filter((v) => v !== "")
    .map(Number);
  return values.length === p && values.every(Number.isFinite) ? values : null;
}

const num = (v: number | null | undefined) => (v === null || v === undefined ? "" : formatNumber(v));

export function AltAfBetween({ fit }: { fit: AltFit }) {
  const { t } = useTranslation(["alt"]);
  const p = fit.transforms.length;
  // The use level and the last test level to begin with: the factor a reader asks first.
  const [from, setFrom] = useState(() => fit.useLevel[0]?.stress.join(", ") ?? "");
  const [to, setTo] = useState(() => fit.levels[fit.levels.length - 1]?.stress.join(", ") ?? "");
  const [result, setResult] = useState<Result | "invalid" | null>(null);
  const a = parseLevel(from, p);
  const b = parseLevel(to, p);
  // The levels as text of their numbers, not the arrays' identity: a re-render with the same levels asks
  // nothing again.
  const aKey = a?.join(",") ?? null;
  const bKey = b?.join(",") ?? null;
  useEffect(() => {
    if (aKey === null || bKey === null) return setResult("invalid");
    let live = true;
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
        (r) => live && setResult(r),
        () => live && setResult("invalid"),
      );
    return () => {
      live = false;
    };
  }, [fit, aKey, bKey]);
  const arrhenius =
    fit.relationship === "arrhenius" && !fit.proportionalHazards && fit.distribution !== "normal";
  return (
    <fieldset className="form-grid alt-af-between" data-testid="alt-af-between">
      <legend>{t("alt:afBetween.title", { confidence: fit.confidence })}</legend>
      <TextField
        label={t("alt:afBetween.from")}
        value={from}
        error={a ? null : t("alt:afBetween.invalid", { count: p })}
        onChange={(e) => setFrom(e.target.value)}
        name="afFrom"
      />
      <TextField
        label={t("alt:afBetween.to")}
        value={to}
        error={b ? null : t("alt:afBetween.invalid", { count: p })}
        onChange={(e) => setTo(e.target.value)}
        name="afTo"
      />
      <p data-testid="alt-af-between-value" aria-live="polite">
        {result === "invalid" && a && b ? (
          t("alt:afBetween.invalid", { count: p })
        ) : result && result !== "invalid" ? (
          <>
            AF = <span title={String(result.value)}>{num(result.value)}</span> [
            <span title={String(result.lower ?? "")}>{num(result.lower)}</span>,{" "}
            <span title={String(result.upper ?? "")}>{num(result.upper)}</span>]
          </>
        ) : null}
      </p>
      <p className="muted" data-testid="alt-af-between-formula">
        {t("alt:afBetween.formula", { formula: fit.formula })}
        {arrhenius && ` ${t("alt:afBetween.arrhenius")}`}
      </p>
    </fieldset>
  );
}
