// The seven reliability test pages of spec 2 (/paramBino, /nonparamBino, /indexChiSquare, /weibullChiSquare,
// /repairePoisson, /fixEffectValidTest, /stressStrength): one form per planner where the field left blank is
// solved for as the user types (in the kernel worker, the latest answer wins), spec 5's ranges checked on
// blur with its messages, the plan's curves, and save (/api/doe), xlsx export and print as commands.
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { kernels } from "../../../kernels/client.ts";
import { trySequentialChart } from "../../../kernels/testdesign/bounds.ts";
import type { DesignInput, DesignOutcome, Quantity, TestPlan } from "../../../kernels/testdesign.ts";
import { FAILURE_PARAMETERS, type FailureParameter } from "../../../shared/failure-model.ts";
import type { Problem } from "../../../shared/problem.ts";
import type { PlannerPage } from "../../../shared/testdesign.ts";
import { testPlanStore } from "../../api/testdesign.ts";
import { runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { PlotFigure } from "../../components/charts/shared/PlotFigure.tsx";
import {
  interferenceChart,
  ocChart,
  sequentialChart,
  tradeoffChart,
} from "../../components/charts/testdesign/charts.ts";
import { SelectField, TextField } from "../../components/form.tsx";
import { message } from "../../components/message.ts";
import { problemMessage } from "../../components/problem.ts";
import { ScreenHeader } from "../../components/screen.tsx";
import { downloadBlob, MIME, safeFileName, writeTable } from "../../components/spreadsheet/client.ts";
import { i18n } from "../../i18n.ts";
import { navigate } from "../../router/navigation.ts";
import type { ScreenProps } from "../../router/types.ts";
import { PATHS, pathWithQuery } from "../../routes.ts";
import { type TestDesignDraft, testDesignDraftKey, useTestDesignDraft } from "./drafts.ts";
import { planSheets } from "./export.ts";
import {
  EXTRA_FIELDS,
  fieldProblem,
  formOf,
  initialForm,
  inputOf,
  PAGE_FIELDS,
  SIDE_TYPES,
  type SideForm,
  shown,
  sideProblem,
  type TestForm,
} from "./form.ts";
import { testDesignSlot } from "./slot.ts";
import { fromStoredPlan, toStoredPlan } from "./storage.ts";
import "./testdesign.css";

export default function TestDesignPage({ view }: ScreenProps) {
  const page = view.route.path.slice(1) as PlannerPage;
  const { t } = useTranslation(["testdesign", "common", "messages", "routes"]);
  const [form, setForm] = useState<TestForm>(() => initialForm(page));
  const [errors, setErrors] = useState<Record<string, Problem | null>>({});
  const [outcome, setOutcome] = useState<DesignOutcome | null>(null);
  const [name, setName] = useState("");
  const [stored, setStored] = useState<{ id: number; version: number } | null>(null);
  const input = useMemo(() => inputOf(page, form), [page, form]);
  const latest = useRef(0);
  // What the page opened with (its examples, or the stored plan once loaded): the form differs from it
  // while there is unsaved work. Null while a stored plan is loading.
  const storedId = view.query.get("id");
  const [baseline, setBaseline] = useState<TestDesignDraft | null>(() =>
    storedId ? null : { name: "", form: initialForm(page) },
  );
  const current = useMemo(() => ({ name, form }), [name, form]);

  // Solved as the user types: every change asks the worker; only the newest answer is shown.
  useEffect(() => {
    const call = ++latest.current;
    const timer = setTimeout(() => {
      kernels.call("testdesign", "tryDesignTest", [input]).then(
        (answer) => {
          if (call === latest.current) setOutcome(answer);
        },
        (error: unknown) => {
          if (call === latest.current) message.error(String((error as Error)?.message ?? error));
        },
      );
    }, 60);
    return () => clearTimeout(timer);
  }, [input]);

  // A stored plan opened by ?id= (once per id: a language switch must not load it again over the typing).
  useEffect(() => {
    if (!storedId) return;
    testPlanStore.get(Number(storedId)).then(({ data }) => {
      const opened = fromStoredPlan(data.body);
      if (!opened) return message.error(i18n.t("testdesign:notAPlan"));
      if (opened.page !== page) return navigate(pathWithQuery(PATHS[opened.page], { id: data.id }));
      const openedForm = formOf(page, opened.input);
      setForm(openedForm);
      setName(data.name);
      setBaseline({ name: data.name, form: openedForm });
      setStored({ id: data.id, version: data.version });
    });
  }, [storedId, page]);

  const plan: TestPlan | null = outcome?.ok ? outcome.value : null;
  const solved = plan?.solved;
  const title = t(`routes:${page}`);
  useTestDesignDraft(testDesignDraftKey(page, storedId), current, baseline, title, (draft) => {
    setForm(draft.form);
    setName(draft.name);
  });

  useScreenActions(testDesignSlot, {
    hasPlan: plan !== null,
    save: async () => {
      const body = toStoredPlan(page, input, plan);
      const planName = name.trim() || title;
      const saving = current;
      if (stored) {
        const { data } = await testPlanStore.update(stored.id, {
          version: stored.version,
          name: planName,
          body,
        });
        setStored({ id: data.id, version: data.version });
      } else {
        const { data } = await testPlanStore.create({ name: planName, body });
        setStored({ id: data.id, version: data.version });
        navigate(pathWithQuery(PATHS[page], { id: data.id }), { replace: true });
      }
      // Saved: the draft goes (what was typed during the request stays unsaved).
      setBaseline(saving);
      message.success(t("testdesign:saved"));
    },
    exportXlsx: async () => {
      if (!plan) return;
      const bytes = await writeTable(planSheets(plan, name.trim() || title, t), "xlsx");
      downloadBlob(bytes, safeFileName(name.trim() || title, "xlsx"), MIME.xlsx);
    },
    print: () => window.print(),
  });

  const label = (q: Quantity) =>
    t(`testdesign:pageQuantities.${page}.${q}`, { defaultValue: t(`testdesign:quantities.${q}`) });
  const setValue = (q: Quantity, text: string) =>
    setForm((f) => ({ ...f, values: { ...f.values, [q]: text } }));
  const blur = (q: Quantity) => setErrors((e) => ({ ...e, [q]: fieldProblem(q, form.values[q], solved) }));

  const field = (q: Quantity) => (
    <TextField
      key={q}
      name={q}
      label={label(q)}
      value={form.values[q] ?? ""}
      inputMode="decimal"
      autoComplete="off"
      placeholder={solved === q && plan ? shown(plan.values[q]) : ""}
      className={solved === q ? "td-solved-field" : undefined}
      data-testid={`td-${q}`}
      onChange={(e) => setValue(q, e.target.value)}
      onBlur={() => blur(q)}
      error={errors[q] ? problemMessage(errors[q] as Problem) : null}
    />
  );

  const side = (key: "stress" | "strength") => {
    const s = form[key];
    const update = (next: Partial<SideForm>) => setForm((f) => ({ ...f, [key]: { ...f[key], ...next } }));
    const err = (p: string) => errors[`${key}.${p}`];
    return (
      <fieldset className="td-side" key={key} data-testid={`td-${key}`}>
        <legend>{t(`testdesign:${key}`)}</legend>
        <SelectField
          name={`${key}-type`}
          label={t("testdesign:distribution")}
          value={s.type}
          onChange={(e) => update({ type: e.target.value as SideForm["type"], params: {} })}
          options={SIDE_TYPES.map((d) => ({ value: d, label: t(`common:failureModel.distributions.${d}`) }))}
        />
        {(FAILURE_PARAMETERS[s.type] as readonly FailureParameter[]).map((p) => (
          <TextField
            key={p}
            name={`${key}-${p}`}
            label={t(`common:failureModel.parameters.${s.type}.${p}`)}
            value={s.params[p] ?? ""}
            inputMode="decimal"
            autoComplete="off"
            onChange={(e) => update({ params: { ...s.params, [p]: e.target.value } })}
            onBlur={() => setErrors((e) => ({ ...e, [`${key}.${p}`]: sideProblem(form[key], p) }))}
            error={err(p) ? problemMessage(err(p) as Problem) : null}
          />
        ))}
        <TextField
          name={`${key}-location`}
          label={t(`testdesign:quantities.${key}Location`)}
          value={s.location}
          inputMode="decimal"
          autoComplete="off"
          onChange={(e) => update({ location: e.target.value })}
          onBlur={() => setErrors((e) => ({ ...e, [`${key}.location`]: sideProblem(form[key], "location") }))}
          error={err("location") ? problemMessage(err("location") as Problem) : null}
        />
      </fieldset>
    );
  };

  return (
    <div className="screen testdesign td-print" data-testid="testdesign" data-page={page}>
      <ScreenHeader
        view={view}
        actions={
          <>
            <button
              type="button"
              className="button button-primary"
              onClick={() => runCommand("testDesign.save")}
            >
              {t("testdesign:save")}
            </button>
            <button
              type="button"
              className="button"
              disabled={!plan}
              onClick={() => runCommand("testDesign.exportXlsx")}
            >
              {t("testdesign:exportXlsx")}
            </button>
            <button
              type="button"
              className="button"
              disabled={!plan}
              onClick={() => runCommand("testDesign.print")}
            >
              {t("testdesign:print")}
            </button>
          </>
        }
      />
      <p className="muted td-intro">{t("testdesign:intro")}</p>
      <div className="td-layout">
        <form className="td-form form-grid" onSubmit={(e) => e.preventDefault()} aria-label={title}>
          <TextField
            name="planName"
            label={t("testdesign:planName")}
            value={name}
            placeholder={title}
            className="span-2"
            autoComplete="off"
            onChange={(e) => setName(e.target.value)}
          />
          {PAGE_FIELDS[page].map(field)}
          {page === "indexChiSquare" && (
            <>
              <SelectField
                name="sides"
                label={t("testdesign:boundSides")}
                value={form.sides}
                onChange={(e) => setForm((f) => ({ ...f, sides: e.target.value as TestForm["sides"] }))}
                options={(["1", "2"] as const).map((s) => ({ value: s, label: t(`testdesign:sides.${s}`) }))}
              />
              <SelectField
                name="termination"
                label={t("testdesign:terminationLabel")}
                value={form.termination}
                onChange={(e) =>
                  setForm((f) => ({ ...f, termination: e.target.value as TestForm["termination"] }))
                }
                options={(["time", "failure"] as const).map((s) => ({
                  value: s,
                  label: t(`testdesign:termination.${s}`),
                }))}
              />
              <p className="span-2 muted td-subhead">{t("testdesign:risks")}</p>
              {(EXTRA_FIELDS[page] ?? []).map(field)}
            </>
          )}
          {page === "stressStrength" && (
            <div className="span-2 td-sides">
              {side("stress")}
              {side("strength")}
            </div>
          )}
        </form>
        <section className="td-result panel" aria-live="polite" aria-label={t("testdesign:result")}>
          <h2>{t("testdesign:result")}</h2>
          {plan ? (
            <PlanView plan={plan} label={label} typed={input} />
          ) : outcome && !outcome.ok ? (
            <Problems problems={outcome.problems} />
          ) : (
            <p className="muted">{t("testdesign:solving")}</p>
          )}
        </section>
      </div>
      {plan && <Charts plan={plan} page={page} title={title} />}
      {page === "nonparamBino" && (
        <SequentialTest reliability={input.reliability} confidence={input.confidence} />
      )}
    </div>
  );
}

function Problems({ problems }: { problems: Problem[] }) {
  return (
    <ul className="td-problems" data-testid="td-problems">
      {problems.map((p) => (
        <li key={`${p.key}${(p.where ?? []).join(".")}`} className="field-error">
          {problemMessage(p)}
        </li>
      ))}
    </ul>
  );
}

function PlanView({
  plan,
  label,
  typed,
}: {
  plan: TestPlan;
  label: (q: Quantity) => string;
  typed: DesignInput;
}) {
  const { t } = useTranslation(["testdesign"]);
  const value = plan.values[plan.solved] as number;
  // What the plan implies beyond the answer: quantities nobody typed (an MTTF from a reliability at a
  // time, a rate from an MTBF, the defaults), then the details.
  const derived = (Object.entries(plan.values) as [Quantity, number][]).filter(
    ([q]) => q !== plan.solved && typed[q as keyof DesignInput] === undefined && !q.endsWith("Location"),
  );
  const rows: [string, ReactNode][] = [
    ...derived.map(([q, v]): [string, ReactNode] => [label(q), shown(v)]),
    ...Object.entries(plan.details)
      .filter(([k]) => k !== "closedForm")
      .map(([k, v]): [string, ReactNode] => [t(`testdesign:details.${k}`), shown(v)]),
  ];
  return (
    <>
      <p className="td-answer">
        <span className="td-answer-label">{label(plan.solved)}</span>
        <output data-testid="td-solved" data-quantity={plan.solved} data-value={String(value)}>
          {shown(value)}
        </output>
      </p>
      <table className="td-details">
        <tbody>
          {rows.map(([k, v]) => (
            <tr key={String(k)}>
              <th scope="row">{k}</th>
              <td>{v}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function Charts({ plan, page, title }: { plan: TestPlan; page: PlannerPage; title: string }) {
  const { t } = useTranslation(["testdesign"]);
  const goal =
    plan.oc?.axis === "reliability"
      ? plan.values.reliability
      : page === "fixEffectValidTest"
        ? undefined
        : plan.values.mttf;
  return (
    <div className="td-charts">
      {plan.oc && (
        <figure className="panel">
          <figcaption>{t("testdesign:oc")}</figcaption>
          <PlotFigure
            height={280}
            ariaLabel={t("testdesign:oc")}
            fileName={`${title} OC`}
            deps={[plan, t]}
            render={(size) =>
              ocChart(
                {
                  x: plan.oc?.x ?? [],
                  pAccept: plan.oc?.pAccept ?? [],
                  goal,
                  logX: plan.oc?.axis === "mttf",
                },
                {
                  ...size,
                  labels: {
                    x: t(`testdesign:ocX.${plan.oc?.axis}`),
                    pAccept: t("testdesign:pAccept"),
                    goal: t("testdesign:goal"),
                  },
                },
              )
            }
          />
        </figure>
      )}
      {plan.tradeoff && plan.tradeoff.testTime.length > 1 && (
        <figure className="panel">
          <figcaption>{t("testdesign:tradeoff")}</figcaption>
          <PlotFigure
            height={280}
            ariaLabel={t("testdesign:tradeoff")}
            fileName={`${title} trade-off`}
            deps={[plan, t]}
            render={(size) =>
              tradeoffChart(
                {
                  testTime: plan.tradeoff?.testTime ?? [],
                  samples: plan.tradeoff?.samples ?? [],
                  plan: { testTime: plan.values.testTime as number, samples: plan.values.samples as number },
                },
                {
                  ...size,
                  labels: {
                    testTime: t(`testdesign:pageQuantities.${page}.testTime`, {
                      defaultValue: t("testdesign:quantities.testTime"),
                    }),
                    samples: t(`testdesign:pageQuantities.${page}.samples`, {
                      defaultValue: t("testdesign:quantities.samples"),
                    }),
                    plan: t("testdesign:plan"),
                  },
                },
              )
            }
          />
        </figure>
      )}
      {plan.densities && (
        <figure className="panel">
          <figcaption>{t("testdesign:interference")}</figcaption>
          <PlotFigure
            height={300}
            ariaLabel={t("testdesign:interference")}
            fileName={`${title} interference`}
            deps={[plan, t]}
            render={(size) =>
              interferenceChart(plan.densities as NonNullable<TestPlan["densities"]>, {
                ...size,
                labels: {
                  x: t("testdesign:axis"),
                  density: t("testdesign:density"),
                  stress: t("testdesign:stress"),
                  strength: t("testdesign:strength"),
                  interference: t("testdesign:interference"),
                },
              })
            }
          />
        </figure>
      )}
    </div>
  );
}

/** Wald's sequential test beside the fixed plan: its own four fields, the chart drawn as they are typed. */
function SequentialTest({ reliability, confidence }: { reliability?: number; confidence?: number }) {
  const { t } = useTranslation(["testdesign", "messages"]);
  // The rejectable proportion is the plan's 100 - R, the acceptable a tenth of it, the consumer's risk 100 - C.
  const [values, setValues] = useState(() => {
    const p2 = reliability !== undefined && reliability < 100 ? 100 - reliability : 10;
    return {
      p1: shown(p2 / 10),
      p2: shown(p2),
      alpha: "5",
      beta: shown(confidence !== undefined ? 100 - confidence : 10),
    };
  });
  const chart = trySequentialChart(
    Number(values.p1),
    Number(values.p2),
    Number(values.alpha),
    Number(values.beta),
  );
  const problems = chart.ok ? [] : chart.problems;
  return (
    <section className="panel td-sprt" aria-label={t("testdesign:sprt")} data-testid="td-sprt">
      <h2>{t("testdesign:sprt")}</h2>
      <p className="muted">{t("testdesign:sprtIntro")}</p>
      <div className="form-grid td-sprt-form">
        {(["p1", "p2", "alpha", "beta"] as const).map((k) => (
          <TextField
            key={k}
            name={`sprt-${k}`}
            label={t(`testdesign:${k}`)}
            value={values[k]}
            inputMode="decimal"
            autoComplete="off"
            onChange={(e) => setValues((v) => ({ ...v, [k]: e.target.value }))}
            error={
              problems.find((p) => p.where?.[0] === k || (k === "p2" && p.where?.[0] === "p1"))
                ? problemMessage(
                    problems.find(
                      (p) => p.where?.[0] === k || (k === "p2" && p.where?.[0] === "p1"),
                    ) as Problem,
                  )
                : null
            }
          />
        ))}
      </div>
      {chart.ok && (
        <PlotFigure
          height={260}
          ariaLabel={t("testdesign:sprt")}
          fileName="SPRT"
          deps={[values, t]}
          render={(size) =>
            sequentialChart(chart.value, {
              ...size,
              labels: {
                samples: t("testdesign:unitsTested"),
                failures: t("testdesign:failuresSeen"),
                accept: t("testdesign:accept"),
                reject: t("testdesign:reject"),
              },
            })
          }
        />
      )}
    </section>
  );
}
