// A tool's settings: the test and its alternative, confidence, the factorial's factors and levels, the search's
// D/d ratio. Numbers keep what was typed while it is not a number yet (the field says so); the kernels check
// ranges and answer with the shared messages.
import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SelectField, TextField } from "../../components/form.tsx";
import type { ToolState } from "./state.ts";
import { type DoeSettings, type DoeTool, HYPOTHESIS_TESTS } from "./tools.ts";

function NumberSetting({
  label,
  value,
  onValue,
  name,
  optional,
}: {
  label: string;
  value: number | null;
  onValue(v: number | null): void;
  name: string;
  optional?: boolean;
}) {
  const { t } = useTranslation(["doe"]);
  const [text, setText] = useState(value === null ? "" : String(value));
  const parsed = text.trim() === "" ? null : Number(text);
  const bad = (parsed === null && !optional) || (parsed !== null && !Number.isFinite(parsed));
  return (
    <TextField
      label={label}
      name={name}
      value={text}
      inputMode="decimal"
      error={bad ? t("doe:notANumber") : null}
      onChange={(e) => {
        setText(e.target.value);
        const v = e.target.value.trim() === "" ? null : Number(e.target.value);
        if (v === null ? optional : Number.isFinite(v)) onValue(v);
      }}
    />
  );
}

const splitLevels = (text: string) =>
  text
    .split(/[,;]/)
    .map((s) => s.trim())
    .filter((s) => s !== "")
    .map((s) => (Number.isFinite(Number(s)) ? Number(s) : s));

export function ToolSettings({ tool, state }: { tool: DoeTool; state: ToolState }) {
  useSignals();
  const { t } = useTranslation(["doe"]);
  const s = state.settings.value;
  const set = (patch: Partial<DoeSettings>) => state.setSettings(patch);
  const sided = (
    <SelectField
      label={t("doe:settings.sided")}
      name="sided"
      value={s.sided}
      onChange={(e) => set({ sided: e.target.value as DoeSettings["sided"] })}
      options={(["two", "less", "greater"] as const).map((v) => ({ value: v, label: t(`doe:sided.${v}`) }))}
    />
  );
  const confidence = (
    <NumberSetting
      label={t("doe:settings.confidence")}
      name="confidence"
      value={s.confidence}
      onValue={(v) => set({ confidence: v ?? Number.NaN })}
    />
  );
  const better = (
    <SelectField
      label={t("doe:settings.better")}
      name="better"
      value={s.better}
      onChange={(e) => set({ better: e.target.value as DoeSettings["better"] })}
      options={(["higher", "lower"] as const).map((v) => ({ value: v, label: t(`doe:better.${v}`) }))}
    />
  );
  let fields: React.ReactNode = null;
  switch (tool) {
    case "hypothesis":
      fields = (
        <>
          <SelectField
            label={t("doe:settings.test")}
            name="test"
            value={s.test}
            onChange={(e) => set({ test: e.target.value as DoeSettings["test"] })}
            options={HYPOTHESIS_TESTS.map((v) => ({ value: v, label: t(`doe:tests.${v}`) }))}
          />
          {sided}
          {confidence}
          <NumberSetting
            label={t("doe:settings.mu")}
            name="mu"
            value={s.mu}
            onValue={(v) => set({ mu: v ?? 0 })}
          />
          {s.test === "chisq-variance" && (
            <NumberSetting
              label={t("doe:settings.sigma")}
              name="sigma"
              value={s.sigma}
              onValue={(v) => set({ sigma: v })}
            />
          )}
          {s.test === "ftest" && (
            <NumberSetting
              label={t("doe:settings.ratio")}
              name="ratio"
              value={s.ratio}
              optional
              onValue={(v) => set({ ratio: v })}
            />
          )}
        </>
      );
      break;
    case "bvc":
      fields = (
        <>
          {better}
          <NumberSetting
            label={t("doe:settings.alpha")}
            name="alpha"
            value={s.alpha}
            onValue={(v) => set({ alpha: v ?? Number.NaN })}
          />
        </>
      );
      break;
    case "componentSearch":
    case "variableSearch":
      fields = (
        <>
          {better}
          <NumberSetting
            label={t("doe:settings.dRatio")}
            name="dRatio"
            value={s.dRatio}
            onValue={(v) => set({ dRatio: v ?? Number.NaN })}
          />
        </>
      );
      break;
    case "trend":
      fields = (
        <>
          <SelectField
            label={t("doe:settings.method")}
            name="method"
            value={s.method}
            onChange={(e) => set({ method: e.target.value as DoeSettings["method"] })}
            options={(["laplace", "mil", "mann-kendall"] as const).map((v) => ({
              value: v,
              label: t(`doe:trendMethods.${v}`),
            }))}
          />
          {sided}
          <NumberSetting
            label={t("doe:settings.end")}
            name="end"
            value={s.end}
            optional
            onValue={(v) => set({ end: v })}
          />
        </>
      );
      break;
    case "proportions":
    case "scatter":
      fields = confidence;
      break;
    case "factorial":
      fields = (
        <>
          {s.factors.map((f, i) => (
            <div key={["A", "B", "C", "D"][i]} className="doe-factor">
              <TextField
                label={t("doe:settings.factorName", { letter: ["A", "B", "C", "D"][i] })}
                name={`factor-${i}`}
                value={f.name}
                maxLength={150}
                onChange={(e) =>
                  set({ factors: s.factors.map((g, j) => (j === i ? { ...g, name: e.target.value } : g)) })
                }
              />
              <TextField
                label={t("doe:settings.levels")}
                name={`levels-${i}`}
                defaultValue={f.levels.join(", ")}
                onChange={(e) =>
                  set({
                    factors: s.factors.map((g, j) =>
                      j === i ? { ...g, levels: splitLevels(e.target.value) } : g,
                    ),
                  })
                }
              />
            </div>
          ))}
          <SelectField
            label={t("doe:settings.factorCount")}
            name="factorCount"
            value={String(s.factors.length)}
            onChange={(e) => {
              const k = Number(e.target.value);
              const letters = ["A", "B", "C", "D"];
              set({
                factors: letters.slice(0, k).map((l, i) => s.factors[i] ?? { name: l, levels: [-1, 1] }),
              });
            }}
            options={["2", "3", "4"].map((v) => ({ value: v, label: v }))}
          />
          <NumberSetting
            label={t("doe:settings.replicates")}
            name="replicates"
            value={s.replicates}
            onValue={(v) => set({ replicates: v ?? 1 })}
          />
          <NumberSetting
            label={t("doe:settings.centrePoints")}
            name="centrePoints"
            value={s.centrePoints}
            onValue={(v) => set({ centrePoints: v ?? 0 })}
          />
          <NumberSetting
            label={t("doe:settings.seed")}
            name="seed"
            value={s.seed}
            onValue={(v) => set({ seed: v ?? 1 })}
          />
          {confidence}
        </>
      );
      break;
    default:
      fields = null;
  }
  if (!fields) return null;
  return <div className="form-grid doe-settings">{fields}</div>;
}
