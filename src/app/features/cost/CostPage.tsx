// /lifeData/costOpti: spec 3's cost analysis (isCost) of a life distribution, typed or taken from a stored,
// fitted Weibull set: optimum age replacement and the optimum inspection interval of a hidden failure, each
// with its cost curve (the optimum marked) and the best-interval table (isBest). Solved in the kernel worker
// as the user types (the newest answer wins); stored through /api/wb as kind "cost" (?wbId= opens one).
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { kernels } from "../../../kernels/client.ts";
import type { CostOutcome, InspectionResult, ReplacementResult } from "../../../kernels/cost.ts";
import { FAILURE_PARAMETERS } from "../../../shared/failure-model.ts";
import type { Problem } from "../../../shared/problem.ts";
import type { CostBody, CostBodyParsed } from "../../../shared/schemas/cost.ts";
import { analysesApi } from "../../api/analyses.ts";
import { runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { costCurveChart } from "../../components/charts/cost/charts.ts";
import { PlotFigure } from "../../components/charts/shared/PlotFigure.tsx";
import { formatNumber } from "../../components/charts/shared/style.ts";
import { SelectField, TextField } from "../../components/form.tsx";
import { message } from "../../components/message.ts";
import { problemMessage } from "../../components/problem.ts";
import { ScreenHeader } from "../../components/screen.tsx";
import { navigate } from "../../router/navigation.ts";
import type { ScreenProps } from "../../router/types.ts";
import { PATHS, pathWithQuery } from "../../routes.ts";
import { type CostDraft, costDraftKey, useCostDraft } from "./drafts.ts";
import {
  COST_TYPES,
  type CostDistributionType,
  type CostForm,
  fromBody,
  fromWeibullSet,
  initialForm,
  inputOf,
  switchType,
  toBody,
  VIEW_FIELDS,
} from "./form.ts";
import { costSlot } from "./slot.ts";
import "./cost.css";

const wb = analysesApi<CostBody | Record<string, unknown>>("wb");
type Result = ReplacementResult | InspectionResult;

export default function CostPage({ view }: ScreenProps) {
  const { t } = useTranslation(["cost", "common", "messages", "routes"]);
  const [form, setForm] = useState<CostForm>(initialForm);
  const [name, setName] = useState("");
  const [outcome, setOutcome] = useState<CostOutcome<Result> | null>(null);
  const [stored, setStored] = useState<{ id: number; version: number } | null>(null);
  const [weibullSets, setWeibullSets] = useState<{ id: number; name: string }[]>([]);
  const storedId = view.query.get("wbId");
  const [baseline, setBaseline] = useState<CostDraft | null>(() =>
    storedId ? null : { name: "", form: initialForm() },
  );
  const current = useMemo(() => ({ name, form }), [name, form]);
  const input = useMemo(() => inputOf(form), [form]);
  const latest = useRef(0);
  const title = t("routes:costOpti");

  useEffect(() => {
    const call = ++latest.current;
    const timer = setTimeout(() => {
      (form.view === "replacement"
        ? kernels.call("cost", "tryOptimizeReplacement", [input])
        : kernels.call("cost", "tryOptimizeInspection", [input])
      ).then(
        (answer) => {
          if (call === latest.current) setOutcome(answer as CostOutcome<Result>);
        },
        (error: unknown) => {
          if (call === latest.current) message.error(String((error as Error)?.message ?? error));
        },
      );
    }, 60);
    return () => clearTimeout(timer);
  }, [input, form.view]);

  useEffect(() => {
    wb.list({ kind: "weibull", pageSize: 200 }).then(
      ({ data }) => setWeibullSets(data.items.map((m) => ({ id: m.id, name: m.name }))),
      () => setWeibullSets([]),
    );
  }, []);

  useEffect(() => {
    if (!storedId) return;
    wb.get(Number(storedId)).then(({ data }) => {
      const body = data.body as CostBodyParsed;
      if (body.kind !== "cost") return navigate(pathWithQuery(PATHS.lifeData, { wbId: data.id }));
      const opened = fromBody(body);
      setForm(opened);
      setName(data.name);
      setBaseline({ name: data.name, form: opened });
      setStored({ id: data.id, version: data.version });
    });
  }, [storedId]);

  useCostDraft(costDraftKey(storedId), current, baseline, title, (draft) => {
    setForm(draft.form);
    setName(draft.name);
  });

  const result = outcome?.ok ? outcome.value : null;
  const optimum = result
    ? result.view === "replacement"
      ? result.optimalAge
      : result.optimalInterval
    : null;

  useScreenActions(costSlot, {
    hasOptimum: optimum !== null,
    save: async () => {
      const body = toBody(form);
      const analysisName = name.trim() || title;
      const saving = current;
      if (stored) {
        const { data } = await wb.update(stored.id, { version: stored.version, name: analysisName, body });
        setStored({ id: data.id, version: data.version });
      } else {
        const { data } = await wb.create({ name: analysisName, body });
        setStored({ id: data.id, version: data.version });
        navigate(pathWithQuery(PATHS.lifeCost, { wbId: data.id }), { replace: true });
      }
      setBaseline(saving);
      message.success(t("cost:saved"));
    },
    showView: (v) => setForm((f) => ({ ...f, view: v })),
    toggleBest: () => setForm((f) => ({ ...f, isBest: !f.isBest })),
    pickWeibullSet: () =>
      document.querySelector<HTMLSelectElement>('.cost-page select[name="weibullSet"]')?.focus(),
    chooseOptimum: () => {
      if (optimum === null) return;
      const value = String(Number(optimum.toPrecision(6)));
      setForm((f) => {
        const list = f.intervals[f.view].trim();
        const has = list.split(/[,;\s]+/).includes(value);
        return {
          ...f,
          intervals: { ...f.intervals, [f.view]: has ? list : list ? `${list}, ${value}` : value },
          chosen: { ...f.chosen, [f.view]: value },
        };
      });
    },
  });

  const takeSet = async (id: number) => {
    const { data } = await wb.get(id);
    const taken = fromWeibullSet(form, id, (data.body as { results?: unknown }).results ?? null);
    if ("problem" in taken) message.error(problemMessage(taken.problem));
    else setForm(taken.form);
  };

  const problems = outcome && !outcome.ok ? outcome.problems : [];
  const problemOf = (...where: (string | number)[]) =>
    problems.find((p) => where.every((w, i) => p.where?.[i] === w)) ?? null;
  const err = (p: Problem | null) => (p ? problemMessage(p) : null);
  const setCost = (field: string, value: string) =>
    setForm((f) => ({ ...f, costs: { ...f.costs, [field]: value } }));
  const label = (x: string) => t(`cost:fields.${x}`);

  return (
    <div className="screen cost-page" data-testid="cost-page" data-view={form.view}>
      <ScreenHeader
        view={view}
        actions={
          <>
            <button type="button" className="button button-primary" onClick={() => runCommand("cost.save")}>
              {t("cost:save")}
            </button>
            <button
              type="button"
              className={`button${form.view === "replacement" ? " button-active" : ""}`}
              aria-pressed={form.view === "replacement"}
              onClick={() => runCommand("cost.replacement")}
            >
              {t("cost:views.replacement")}
            </button>
            <button
              type="button"
              className={`button${form.view === "inspection" ? " button-active" : ""}`}
              aria-pressed={form.view === "inspection"}
              onClick={() => runCommand("cost.inspection")}
            >
              {t("cost:views.inspection")}
            </button>
            <button
              type="button"
              className="button"
              aria-pressed={form.isBest}
              onClick={() => runCommand("cost.toggleBest")}
            >
              {t("cost:bestTable")}
            </button>
          </>
        }
      />
      <p className="muted cost-intro">{t(`cost:intro.${form.view}`)}</p>
      <div className="cost-layout">
        <form className="cost-form form-grid" onSubmit={(e) => e.preventDefault()} aria-label={title}>
          <TextField
            name="analysisName"
            label={t("cost:name")}
            value={name}
            placeholder={title}
            className="span-2"
            autoComplete="off"
            onChange={(e) => setName(e.target.value)}
          />
          <SelectField
            name="weibullSet"
            label={t("cost:weibullSet")}
            className="span-2"
            value={form.source === "weibull" && form.wbId !== null ? String(form.wbId) : ""}
            onChange={(e) => {
              const id = Number(e.target.value);
              if (id > 0) void takeSet(id);
              else setForm((f) => ({ ...f, source: "entered", wbId: null }));
            }}
            options={[
              { value: "", label: t("cost:entered") },
              ...weibullSets.map((s) => ({ value: String(s.id), label: s.name })),
            ]}
          />
          <SelectField
            name="distribution"
            label={t("cost:distribution")}
            value={form.type}
            onChange={(e) => setForm((f) => switchType(f, e.target.value as CostDistributionType))}
            options={COST_TYPES.map((d) => ({
              value: d,
              label: t(`common:failureModel.distributions.${d}`),
            }))}
          />
          {FAILURE_PARAMETERS[form.type].map((p) => (
            <TextField
              key={p}
              name={`param-${p}`}
              label={t(`common:failureModel.parameters.${form.type}.${p}`)}
              value={form.params[p] ?? ""}
              inputMode="decimal"
              autoComplete="off"
              onChange={(e) =>
                setForm((f) => ({ ...f, source: "entered", params: { ...f.params, [p]: e.target.value } }))
              }
              error={err(problemOf("distribution", p))}
            />
          ))}
          {VIEW_FIELDS[form.view].map((field) => (
            <TextField
              key={field}
              name={field}
              label={label(field)}
              value={form.costs[field]}
              inputMode="decimal"
              autoComplete="off"
              onChange={(e) => setCost(field, e.target.value)}
              error={err(problemOf(field))}
            />
          ))}
          {form.isBest && (
            <TextField
              name="intervals"
              label={t(`cost:intervals.${form.view}`)}
              className="span-2"
              value={form.intervals[form.view]}
              autoComplete="off"
              onChange={(e) =>
                setForm((f) => ({ ...f, intervals: { ...f.intervals, [f.view]: e.target.value } }))
              }
              error={err(problemOf("candidates"))}
            />
          )}
        </form>
        <section className="cost-result panel" aria-live="polite" aria-label={t("cost:result")}>
          <h2>{t("cost:result")}</h2>
          {result ? (
            <Summary result={result} chosen={form.chosen[form.view]} />
          ) : problems.length > 0 ? (
            <ul className="cost-problems" data-testid="cost-problems">
              {problems.map((p) => (
                <li key={`${p.key}:${(p.where ?? []).join(".")}`}>{problemMessage(p)}</li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t("cost:solving")}</p>
          )}
        </section>
      </div>
      {result && (
        <PlotFigure
          height={320}
          ariaLabel={t("cost:chart")}
          fileName={`${name.trim() || title}-cost`}
          deps={[result, t]}
          render={({ width, height }) =>
            costCurveChart(
              {
                curve: result.curve,
                optimum:
                  optimum === null || result.costPerUnitTime === null
                    ? null
                    : { t: optimum, cost: result.costPerUnitTime },
                runToFailure: result.view === "replacement" ? result.runToFailureCostPerUnitTime : undefined,
              },
              {
                width,
                height,
                labels: {
                  x: t(`cost:axis.${result.view}`),
                  cost: t("cost:axis.cost"),
                  optimum: t("cost:optimum"),
                  runToFailure: t("cost:runToFailure"),
                },
              },
            )
          }
        />
      )}
      {result && form.isBest && result.best.length > 0 && (
        <table className="cost-best" data-testid="cost-best" aria-label={t("cost:bestTable")}>
          <thead>
            <tr>
              <th>{t(`cost:axis.${result.view}`)}</th>
              <th>{t("cost:axis.cost")}</th>
              <th>{t("cost:ratio")}</th>
              <th>
                {t(result.view === "replacement" ? "cost:savingVsRunToFailure" : "cost:differenceToOptimum")}
              </th>
            </tr>
          </thead>
          <tbody>
            {result.best.map((row) => (
              <tr key={`${row.interval}`} className={row.best ? "cost-best-row" : undefined}>
                <td>
                  {formatNumber(row.interval)}
                  {row.best ? ` (${t("cost:best")})` : ""}
                </td>
                <td>{formatNumber(row.costPerUnitTime)}</td>
                <td>{row.ratioToOptimum === null ? "–" : formatNumber(row.ratioToOptimum)}</td>
                <td>{formatNumber(row.savingPerUnitTime)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function Summary({ result, chosen }: { result: Result; chosen: string }) {
  const { t } = useTranslation(["cost", "messages"]);
  const optimum = result.view === "replacement" ? result.optimalAge : result.optimalInterval;
  const rows: [string, string, string][] = [
    [
      t(`cost:optimal.${result.view}`),
      optimum === null ? t("cost:none") : formatNumber(optimum),
      "cost-optimum",
    ],
    [
      t("cost:costAtOptimum"),
      result.costPerUnitTime === null ? "–" : formatNumber(result.costPerUnitTime),
      "cost-rate",
    ],
  ];
  if (result.view === "replacement") {
    rows.push([t("cost:runToFailure"), formatNumber(result.runToFailureCostPerUnitTime), "cost-rtf"]);
    rows.push([
      t("cost:saving"),
      `${formatNumber(result.savingPerUnitTime)} (${formatNumber(100 * result.savingFraction)} %)`,
      "cost-saving",
    ]);
  }
  rows.push([t("cost:mttf"), formatNumber(result.mttf), "cost-mttf"]);
  if (chosen) rows.push([t("cost:chosen"), chosen, "cost-chosen"]);
  return (
    <>
      <dl className="cost-summary">
        {rows.map(([k, v, id]) => (
          <div key={id}>
            <dt>{k}</dt>
            <dd data-testid={id}>{v}</dd>
          </div>
        ))}
      </dl>
      {result.warnings.map((w) => (
        <p key={w.key} className="cost-warning" role="status">
          {problemMessage(w)}
        </p>
      ))}
    </>
  );
}
