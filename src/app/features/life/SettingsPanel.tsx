// Analysis settings of a data set (spec 9): distribution, estimation method, rank method, confidence type,
// level and sidedness, time unit; the fixed beta of Weibull 1P; the groups analysed.
import { useSignals } from "@preact/signals-react/runtime";
import { useTranslation } from "react-i18next";
import { LIMITS, withinLimit } from "../../../shared/constants.ts";
import { SelectField, TextField } from "../../components/form.tsx";
import {
  LIFE_BOUNDS,
  LIFE_DISTRIBUTIONS,
  LIFE_METHODS,
  LIFE_RANKS,
  LIFE_SIDES,
  type LifeSet,
  type LifeSettings,
  TIME_UNITS,
} from "./model.ts";

export function settingsErrors(s: LifeSettings): { confidenceLevel?: string; beta?: string } {
  const errors: { confidenceLevel?: string; beta?: string } = {};
  if (!withinLimit(s.confidenceLevel, LIMITS.analysisConfidence))
    errors.confidenceLevel = "messages:ciAnalysisRange";
  if (s.distribution === "weibull1p" && !withinLimit(s.beta ?? Number.NaN, LIMITS.beta))
    errors.beta = "messages:betaRange";
  return errors;
}

export function SettingsPanel({ set, disabled }: { set: LifeSet; disabled?: boolean }) {
  useSignals();
  const { t } = useTranslation(["life", "messages"]);
  const s = set.settings.value;
  const errors = settingsErrors(s);
  const change = (patch: Partial<LifeSettings>) => {
    set.settings.value = { ...set.settings.value, ...patch };
    set.metaDirty.value = true;
  };
  const options = <T extends string>(values: readonly T[], prefix: string) =>
    values.map((v) => ({ value: v, label: t(`life:${prefix}.${v}`) }));
  return (
    <fieldset className="life-settings form-grid" disabled={disabled} data-testid="life-settings">
      <legend className="visually-hidden">{t("life:settings.title")}</legend>
      <SelectField
        label={t("life:settings.distribution")}
        value={s.distribution}
        onChange={(e) => change({ distribution: e.target.value as LifeSettings["distribution"] })}
        options={options(LIFE_DISTRIBUTIONS, "distributions")}
        name="distribution"
      />
      {s.distribution === "weibull1p" && (
        <TextField
          label={t("life:settings.beta")}
          type="number"
          step="any"
          value={s.beta ?? ""}
          error={errors.beta ? t(errors.beta) : null}
          onChange={(e) => change({ beta: e.target.value === "" ? undefined : Number(e.target.value) })}
          name="beta"
        />
      )}
      <SelectField
        label={t("life:settings.method")}
        value={s.estimationMethod}
        onChange={(e) => change({ estimationMethod: e.target.value as LifeSettings["estimationMethod"] })}
        options={options(LIFE_METHODS, "methods")}
        name="estimationMethod"
      />
      <SelectField
        label={t("life:settings.ranks")}
        value={s.rankMethod}
        onChange={(e) => change({ rankMethod: e.target.value as LifeSettings["rankMethod"] })}
        options={options(LIFE_RANKS, "ranks")}
        name="rankMethod"
      />
      <SelectField
        label={t("life:settings.bounds")}
        value={s.confidenceType}
        onChange={(e) => change({ confidenceType: e.target.value as LifeSettings["confidenceType"] })}
        options={options(LIFE_BOUNDS, "boundsTypes")}
        name="confidenceType"
      />
      <TextField
        label={t("life:settings.confidence")}
        type="number"
        step="any"
        min={LIMITS.analysisConfidence.min}
        max={LIMITS.analysisConfidence.max}
        value={Number.isNaN(s.confidenceLevel) ? "" : s.confidenceLevel}
        error={errors.confidenceLevel ? t(errors.confidenceLevel) : null}
        onChange={(e) =>
          change({ confidenceLevel: e.target.value === "" ? Number.NaN : Number(e.target.value) })
        }
        name="confidenceLevel"
      />
      <SelectField
        label={t("life:settings.sided")}
        value={s.sidedness}
        onChange={(e) => change({ sidedness: e.target.value as LifeSettings["sidedness"] })}
        options={options(LIFE_SIDES, "sides")}
        name="sidedness"
      />
      <SelectField
        label={t("life:settings.timeUnit")}
        value={s.timeUnit}
        onChange={(e) => change({ timeUnit: e.target.value as LifeSettings["timeUnit"] })}
        options={options(TIME_UNITS, "timeUnits")}
        name="timeUnit"
      />
      {s.groups && s.groups.length > 0 && (
        <p className="life-groups-note">{t("life:settings.groupsOnly", { groups: s.groups.join(", ") })}</p>
      )}
    </fieldset>
  );
}
