// Power and sample size of the t tests beside the hypothesis tests: given the difference, sigma, alpha and the
// alternative, n gives the power or a power gives n. Solved in the kernel worker as the user types (only the
// newest answer is shown); the fields keep what was typed, and the kernel's messages say what is wrong.
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { kernels } from "../../../kernels/client.ts";
import type { PowerOutcome } from "../../../kernels/doe.ts";
import { SelectField, TextField } from "../../components/form.tsx";
import { message } from "../../components/message.ts";
import { problemMessage } from "../../components/problem.ts";
import { fmt } from "./DoeResults.tsx";
import type { ToolState } from "./state.ts";
import { type PowerForm, parseNumber, powerRequest } from "./tools.ts";

export function PowerPanel({ state }: { state: ToolState }) {
  useSignals();
  const { t } = useTranslation(["doe"]);
  const form = state.power.value;
  const set = (patch: Partial<PowerForm>) => {
    state.power.value = { ...form, ...patch };
  };
  const request = useMemo(() => powerRequest(form), [form]);
  const [outcome, setOutcome] = useState<PowerOutcome | null>(null);
  const latest = useRef(0);
  useEffect(() => {
    const call = ++latest.current;
    if (!request) return setOutcome(null);
    const timer = setTimeout(() => {
      kernels.call("doe", "solveTTestPower", [request]).then(
        (answer) => {
          if (call === latest.current) setOutcome(answer);
        },
        (error: unknown) => {
          if (call === latest.current) message.error(String((error as Error)?.message ?? error));
        },
      );
    }, 60);
    return () => clearTimeout(timer);
  }, [request]);

  const number = (key: "delta" | "sd" | "alpha" | "n" | "power") => (
    <TextField
      label={t(`doe:power.${key}`)}
      name={`power-${key}`}
      value={form[key]}
      inputMode="decimal"
      error={Number.isFinite(parseNumber(form[key])) ? null : t("doe:notANumber")}
      onChange={(e) => set({ [key]: e.target.value })}
    />
  );
  const result = outcome?.ok ? outcome.result : null;
  return (
    <section className="panel doe-power" aria-labelledby="doe-power-title" data-testid="doe-power">
      <h2 id="doe-power-title">{t("doe:power.title")}</h2>
      <div className="form-grid doe-settings">
        <SelectField
          label={t("doe:power.type")}
          name="power-type"
          value={form.type}
          onChange={(e) => set({ type: e.target.value as PowerForm["type"] })}
          options={(["one.sample", "two.sample", "paired"] as const).map((v) => ({
            value: v,
            label: t(`doe:power.types.${v.replace(".", "_")}`),
          }))}
        />
        <SelectField
          label={t("doe:power.solve")}
          name="power-solve"
          value={form.solve}
          onChange={(e) => set({ solve: e.target.value as PowerForm["solve"] })}
          options={(["n", "power"] as const).map((v) => ({ value: v, label: t(`doe:power.solveFor.${v}`) }))}
        />
        {number("delta")}
        {number("sd")}
        {number("alpha")}
        <SelectField
          label={t("doe:settings.sided")}
          name="power-sided"
          value={form.sided}
          onChange={(e) => set({ sided: e.target.value as PowerForm["sided"] })}
          options={(["two", "less", "greater"] as const).map((v) => ({
            value: v,
            label: t(`doe:sided.${v}`),
          }))}
        />
        {form.solve === "power" ? number("n") : number("power")}
      </div>
      <output className="doe-power-result" data-testid="doe-power-result" aria-live="polite">
        {result?.solved === "n" && (
          <span title={String(result.n)}>
            {t("doe:power.nResult", { n: fmt(result.n), planned: Math.ceil(result.n - 1e-9) })}
          </span>
        )}
        {result?.solved === "power" && (
          <span title={String(result.power)}>{t("doe:power.powerResult", { power: fmt(result.power) })}</span>
        )}
        {outcome && !outcome.ok && (
          <span className="field-error">{outcome.problems.map((p) => problemMessage(p)).join(" ")}</span>
        )}
      </output>
      <p className="muted">{t("doe:power.hint")}</p>
    </section>
  );
}
