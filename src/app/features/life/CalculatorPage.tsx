// The quick calculation pad (/calculator) over a fitted analysis: reliability, conditional reliability,
// time at a reliability, B-life, mean life and failure rate, each with bounds (Fisher matrix from the model,
// likelihood ratio from the data again). One question per line; Enter in any field calculates.
import { useSignals } from "@preact/signals-react/runtime";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CalculatorQuery, CalculatorResult } from "../../../kernels/life.ts";
import { runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { SelectField, TextField } from "../../components/form.tsx";
import { message } from "../../components/message.ts";
import { ScreenHeader } from "../../components/screen.tsx";
import { navigate } from "../../router/navigation.ts";
import type { ScreenProps } from "../../router/types.ts";
import { PATHS, pathWithQuery } from "../../routes.ts";
import { LIFE_BOUNDS, LIFE_SIDES } from "./model.ts";
import { calculatorSlot } from "./page-actions.ts";
import { LifeIssues, runCalculator } from "./service.ts";
import { issueText, num } from "./text.ts";
import { useLifeSet } from "./useLifeSet.ts";
import "./life.css";
import { LIMITS, withinLimit } from "../../../shared/constants.ts";

type Kind = CalculatorQuery["kind"];
const KINDS: Kind[] = [
  "reliability",
  "conditionalReliability",
  "timeAtReliability",
  "bLife",
  "meanLife",
  "failureRate",
  "unreliability",
  "pdf",
];

function queryOf(kind: Kind, a: number, b: number): CalculatorQuery {
  switch (kind) {
    case "conditionalReliability":
      return { kind, time: a, age: b };
    case "timeAtReliability":
      return { kind, reliability: a / 100 };
    case "bLife":
      return { kind, percent: a };
    case "meanLife":
      return { kind };
    default:
      return { kind, time: a };
  }
}

export default function CalculatorPage({ view }: ScreenProps) {
  useSignals();
  const { t } = useTranslation(["life", "messages"]);
  const { set, loading } = useLifeSet(view.query);
  const [kind, setKind] = useState<Kind>("reliability");
  const [a, setA] = useState("100");
  const [b, setB] = useState("50");
  const [confidence, setConfidence] = useState("90");
  const [sided, setSided] = useState<(typeof LIFE_SIDES)[number]>("two");
  const [bounds, setBounds] = useState<(typeof LIFE_BOUNDS)[number]>("fisher");
  const [answers, setAnswers] = useState<Array<CalculatorResult & { id: number }>>([]);
  const [error, setError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  useScreenActions(calculatorSlot, {
    calculate: () => form.current?.requestSubmit(),
    openAnalysis: () =>
      navigate(
        pathWithQuery(PATHS.lifeAnalysis, { wbId: set?.id ?? undefined, analysisName: set?.name.value }),
      ),
  });

  if (loading) return <div className="screen">{t("life:loading")}</div>;
  const results = set?.results.value;
  if (!set || !results)
    return (
      <div className="screen" data-testid="life-calculator">
        <ScreenHeader view={view} />
        <p className="notice-panel">{t("messages:drawWithoutResult")}</p>
      </div>
    );

  const needsA = kind !== "meanLife";
  const needsB = kind === "conditionalReliability";
  const firstLabel =
    kind === "timeAtReliability"
      ? t("life:calc.reliabilityPercent")
      : kind === "bLife"
        ? t("life:calc.percent")
        : t("life:calc.time");

  const calculate = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const level = Number(confidence);
    if (!withinLimit(level, LIMITS.analysisConfidence)) return setError(t("messages:ciAnalysisRange"));
    const query = queryOf(kind, Number(a), Number(b));
    try {
      const [answer] = await runCalculator(set, [query], { confidence: level, sided, bounds });
      setAnswers((list) => [{ ...answer, id: Date.now() }, ...list].slice(0, 50));
    } catch (err) {
      if (err instanceof LifeIssues && err.issues[0]) setError(issueText(t, err.issues[0]));
      else message.error(t("life:failed", { message: (err as Error).message }));
    }
  };

  const questionText = (q: CalculatorQuery) => {
    const params = { ...q, reliability: "reliability" in q ? num(q.reliability * 100) : undefined } as Record<
      string,
      unknown
    >;
    return t(`life:calc.asked.${q.kind}`, params);
  };

  return (
    <div className="screen life-calculator" data-testid="life-calculator">
      <ScreenHeader
        view={view}
        title={`${t("routes:calculator")} · ${set.name.value}`}
        actions={
          <button type="button" className="button" onClick={() => runCommand("calculator.openAnalysis")}>
            {t("life:commandTitles.openAnalysis")}
          </button>
        }
      />
      <p className="muted">
        {t(`life:distributions.${results.fit.distribution}`)} ·{" "}
        {Object.entries(results.fit.parameters)
          .map(([k, v]) => `${k} = ${num(v)}`)
          .join(", ")}
      </p>
      <form ref={form} className="calc-form form-grid" onSubmit={calculate}>
        <SelectField
          label={t("life:calc.quantity")}
          value={kind}
          onChange={(e) => setKind(e.target.value as Kind)}
          options={KINDS.map((k) => ({ value: k, label: t(`life:calc.kinds.${k}`) }))}
          name="kind"
        />
        {needsA && (
          <TextField
            label={firstLabel}
            value={a}
            onChange={(e) => setA(e.target.value)}
            name="a"
            inputMode="decimal"
          />
        )}
        {needsB && (
          <TextField
            label={t("life:calc.age")}
            value={b}
            onChange={(e) => setB(e.target.value)}
            name="b"
            inputMode="decimal"
          />
        )}
        <TextField
          label={t("life:settings.confidence")}
          value={confidence}
          onChange={(e) => setConfidence(e.target.value)}
          name="confidence"
          inputMode="decimal"
        />
        <SelectField
          label={t("life:settings.sided")}
          value={sided}
          onChange={(e) => setSided(e.target.value as typeof sided)}
          options={LIFE_SIDES.map((s) => ({ value: s, label: t(`life:sides.${s}`) }))}
          name="sided"
        />
        <SelectField
          label={t("life:settings.bounds")}
          value={bounds}
          onChange={(e) => setBounds(e.target.value as typeof bounds)}
          options={LIFE_BOUNDS.map((s) => ({ value: s, label: t(`life:boundsTypes.${s}`) }))}
          name="bounds"
        />
        <button type="submit" className="button button-primary" data-testid="calc-run">
          {t("life:calc.calculate")}
        </button>
      </form>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <table className="life-table calc-answers" data-testid="calc-answers">
        <thead>
          <tr>
            <th scope="col">{t("life:calc.question")}</th>
            <th scope="col">{t("life:results.value")}</th>
            <th scope="col">{t("life:results.lower")}</th>
            <th scope="col">{t("life:results.upper")}</th>
          </tr>
        </thead>
        <tbody>
          {answers.flatMap((r) => {
            const rows = [
              <tr key={r.id}>
                <th scope="row">{questionText(r.query)}</th>
                <td data-value={r.value}>{num(r.value)}</td>
                <td data-lower={r.lower ?? ""}>{num(r.lower)}</td>
                <td data-upper={r.upper ?? ""}>{num(r.upper)}</td>
              </tr>,
            ];
            // F beside R, from the kernel's lower-tail evaluation: where R shows 1, F keeps its digits.
            const f = r.unreliability;
            if (f && r.query.kind === "reliability")
              rows.push(
                <tr key={`${r.id}-f`} data-testid="calc-unreliability">
                  <th scope="row">{questionText({ kind: "unreliability", time: r.query.time })}</th>
                  <td data-value={f.value}>{num(f.value)}</td>
                  <td data-lower={f.lower ?? ""}>{num(f.lower)}</td>
                  <td data-upper={f.upper ?? ""}>{num(f.upper)}</td>
                </tr>,
              );
            return rows;
          })}
        </tbody>
      </table>
    </div>
  );
}
