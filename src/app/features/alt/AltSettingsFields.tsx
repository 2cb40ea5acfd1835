// The ALT settings (spec: relationship, distribution, stress names and transforms, temperature unit, use
// stress, confidence within LIMITS): one form for the data sheet and the analysis page, on the kept state.
import { useSignals } from "@preact/signals-react/runtime";
import { useTranslation } from "react-i18next";
import {
  ALT_BOUNDS,
  ALT_DISTRIBUTIONS,
  ALT_RELATIONSHIPS,
  STRESS_TRANSFORMS,
  TEMPERATURE_UNITS,
} from "../../../kernels/alt.ts";
import { LIFE_SIDES, LIMITS, withinLimit } from "../../../shared/constants.ts";
import { SelectField, TextField } from "../../components/form.tsx";
import { parseTimes, parseUseStress, stressCount } from "./model.ts";
import { type AltSettings, LIFE_LINE_PERCENTS, STRESS_KEYS, setSettings, altState as st } from "./state.ts";

/** The life line's option value: the B-life's percent, or "mean". */
export const lifeLineValue = (l: AltSettings["lifeLine"]) => (l.kind === "mean" ? "mean" : String(l.percent));

export function AltSettingsFields() {
  useSignals();
  const { t } = useTranslation(["alt", "life", "messages"]);
  const s = st.settings.value;
  const m = stressCount(s);
  const option = <T extends string>(values: readonly T[], prefix: string) =>
    values.map((v) => ({ value: v, label: t(`alt:${prefix}.${v}`) }));
  return (
    <fieldset className="form-grid alt-settings" data-testid="alt-settings">
      <legend className="visually-hidden">{t("alt:settings.title")}</legend>
      <TextField
        label={t("alt:settings.name")}
        value={st.name.value}
        maxLength={150}
        onChange={(e) => {
          st.name.value = e.target.value;
        }}
        name="name"
      />
      <SelectField
        label={t("alt:settings.relationship")}
        value={s.relationship}
        onChange={(e) => setSettings({ relationship: e.target.value as AltSettings["relationship"] })}
        options={option(ALT_RELATIONSHIPS, "relationships")}
        name="relationship"
      />
      <SelectField
        label={t("alt:settings.distribution")}
        value={s.distribution}
        onChange={(e) => setSettings({ distribution: e.target.value as AltSettings["distribution"] })}
        options={option(ALT_DISTRIBUTIONS, "distributions")}
        name="distribution"
      />
      {s.distribution === "weibull" && (
        <SelectField
          label={t("alt:settings.form")}
          value={s.proportionalHazards ? "ph" : "aft"}
          onChange={(e) => setSettings({ proportionalHazards: e.target.value === "ph" })}
          options={option(["aft", "ph"] as const, "forms")}
          name="form"
        />
      )}
      {s.relationship === "general-log-linear" && (
        <TextField
          label={t("alt:settings.stressCount")}
          type="number"
          min={1}
          max={STRESS_KEYS.length}
          value={s.transforms.length}
          onChange={(e) => {
            const n = Math.min(STRESS_KEYS.length, Math.max(1, Math.round(Number(e.target.value) || 1)));
            setSettings({
              transforms: Array.from({ length: n }, (_, j) => s.transforms[j] ?? "none"),
            });
          }}
          name="stressCount"
        />
      )}
      {Array.from({ length: m }, (_, j) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one field per stress column, by position
        <div key={j} className="alt-stress">
          <TextField
            label={t("alt:settings.stressName", { n: j + 1 })}
            value={s.stressNames[j]}
            maxLength={150}
            onChange={(e) =>
              setSettings({ stressNames: s.stressNames.map((v, k) => (k === j ? e.target.value : v)) })
            }
            name={`stressName${j + 1}`}
          />
          {s.relationship === "general-log-linear" && (
            <SelectField
              label={t("alt:settings.transform", { n: j + 1 })}
              value={s.transforms[j]}
              onChange={(e) =>
                setSettings({
                  transforms: s.transforms.map((v, k) =>
                    k === j ? (e.target.value as AltSettings["transforms"][number]) : v,
                  ),
                })
              }
              options={option(STRESS_TRANSFORMS, "transforms")}
              name={`transform${j + 1}`}
            />
          )}
        </div>
      ))}
      <SelectField
        label={t("alt:settings.temperatureUnit")}
        value={s.temperatureUnit}
        onChange={(e) => setSettings({ temperatureUnit: e.target.value as AltSettings["temperatureUnit"] })}
        options={option(TEMPERATURE_UNITS, "units")}
        name="temperatureUnit"
      />
      <TextField
        label={t("alt:settings.use", { count: m })}
        value={s.use}
        error={s.use !== "" && !parseUseStress(s) ? t("alt:useInvalid") : null}
        onChange={(e) => setSettings({ use: e.target.value })}
        name="use"
      />
      <TextField
        label={t("alt:settings.at")}
        value={s.at}
        error={parseTimes(s) ? null : t("alt:atInvalid")}
        onChange={(e) => setSettings({ at: e.target.value })}
        name="at"
      />
      <TextField
        label={t("alt:settings.confidence")}
        type="number"
        step="any"
        value={s.confidence}
        error={withinLimit(s.confidence, LIMITS.analysisConfidence) ? null : t("messages:ciAnalysisRange")}
        onChange={(e) => setSettings({ confidence: Number(e.target.value) })}
        name="confidence"
      />
      <SelectField
        label={t("alt:settings.bounds")}
        value={s.bounds}
        onChange={(e) => setSettings({ bounds: e.target.value as AltSettings["bounds"] })}
        options={option(ALT_BOUNDS, "boundsTypes")}
        name="bounds"
      />
      <SelectField
        label={t("alt:settings.lifeLine")}
        value={lifeLineValue(s.lifeLine)}
        onChange={(e) =>
          setSettings({
            lifeLine:
              e.target.value === "mean"
                ? { kind: "mean", percent: s.lifeLine.percent }
                : { kind: "percent", percent: Number(e.target.value) },
          })
        }
        options={[
          ...LIFE_LINE_PERCENTS.map((p) => ({
            value: String(p),
            label: p === 50 ? t("alt:lifeLines.median") : t("alt:lifeLines.percent", { percent: p }),
          })),
          { value: "mean", label: t("alt:lifeLines.mean") },
        ]}
        name="lifeLine"
      />
      <SelectField
        label={t("life:settings.sided")}
        value={s.sided}
        onChange={(e) => setSettings({ sided: e.target.value as AltSettings["sided"] })}
        options={LIFE_SIDES.map((v) => ({ value: v, label: t(`life:sides.${v}`) }))}
        name="sided"
      />
    </fieldset>
  );
}

/**
 * Focuses the life-line setting (command alt.lifeLine); the arrow keys then choose. The palette hands focus back
 * as it closes, so the field takes it two frames later.
 */
export function focusLifeLine(): void {
  requestAnimationFrame(() =>
    requestAnimationFrame(() =>
      document
        .querySelector<HTMLSelectElement>('[data-testid="alt-settings"] select[name="lifeLine"]')
        ?.focus(),
    ),
  );
}
