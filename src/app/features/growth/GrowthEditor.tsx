// The reliability growth editors (/rgt/<kind>/new and /rgt/<kind>/edit?id=): a draft or a growth plan with
// its phase table and the idealized and planned curves drawn as the user types; a track with its failure
// records (typed or imported from xlsx/csv in the spreadsheet worker), the Crow-AMSAA fit in the kernel
// worker, the growth plot, the MTBF over time and the tracking chart against its plan. Spec 4's moves
// (release and abandonment through approval) are commands; an item not at work is read-only.
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { kernels } from "../../../kernels/client.ts";
import { validateGrowthData, validateGrowthOptions } from "../../../kernels/growth/validate.ts";
import type { CrowAmsaaFit, Projection, TrackedPhase } from "../../../kernels/growth.ts";
import { type GrowthAction, growthEditable } from "../../../shared/growth.ts";
import { isAdmin } from "../../../shared/permissions.ts";
import type { Problem } from "../../../shared/problem.ts";
import { rgtBodySchema } from "../../../shared/schemas/modules.ts";
import { growthStore, growthTransition } from "../../api/growth.ts";
import { projects } from "../../api/work.ts";
import { rowCommandId } from "../../commands/rows.ts";
import { runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { growthPlot, mtbfChart, planChart, trackingChart } from "../../components/charts/growth/charts.ts";
import { PlotFigure } from "../../components/charts/shared/PlotFigure.tsx";
import { confirmDialog } from "../../components/confirm.tsx";
import { message } from "../../components/message.ts";
import { problemMessage } from "../../components/problem.ts";
import { ScreenHeader, useRemote } from "../../components/screen.tsx";
import { jsonBlob, readTableFile } from "../../components/spreadsheet/client.ts";
import { useRowTarget } from "../../components/table.tsx";
import { navigate } from "../../router/navigation.ts";
import type { ScreenProps } from "../../router/types.ts";
import { canRedo, canUndo, type History, record, redo, startHistory, undo } from "../../state/history.ts";
import { roles, user } from "../../state/session.ts";
import { growthEditorSlot } from "./actions.ts";
import {
  addFailure,
  addPhase,
  documentProblems,
  emptyBody,
  type Failure,
  type GrowthBody,
  type Phase,
  planFromDraft,
  plannedCurve,
  removeFailure,
  removePhase,
  setFailureField,
  setHeader,
  setPhaseField,
  setPlanField,
  type TrackBody,
  trackData,
} from "./document.ts";
import { NumberInput, TextInput } from "./fields.tsx";
import { kindOfPath } from "./GrowthList.tsx";
import { FAILURE_TABLE, failuresFromImport } from "./import.ts";
import "./growth.css";
import { growthPath, pathWithQuery } from "../../routes.ts";

/** Rows of the failure table drawn at once; an import of more is kept whole and fitted whole. */
const SHOWN_FAILURES = 200;

interface Fitted {
  fit: CrowAmsaaFit;
  times: number[];
  tracked: TrackedPhase[] | null;
  /** Crow-Extended projection, when failures are classified BD (fix delayed). */
  projection: Projection | null;
}

export default function GrowthEditor({ view }: ScreenProps) {
  useSignals();
  // "grid" is PlotFigure's: loaded with the screen, so the first chart never suspends the page mid-typing.
  const { t } = useTranslation(["growth", "common", "messages", "grid"]);
  const kind = kindOfPath(view.path);
  const idText = view.query.get("id");
  const id = idText ? Number(idText) : null;
  const [history, setHistory] = useState<History<GrowthBody>>(() => startHistory(emptyBody(kind)));
  const [name, setName] = useState("");
  const [projectId, setProjectId] = useState<number | null>(
    () => Number(view.query.get("projectId")) || null,
  );
  const [version, setVersion] = useState<number | null>(null);
  const [busy, setBusy] = useState<"saving" | "fitting" | "importing" | null>(null);
  const [progress, setProgress] = useState("");
  const [fitted, setFitted] = useState<Fitted | null>(null);
  const abort = useRef<AbortController | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const body = history.present;
  const today = new Date().toISOString().slice(0, 10);

  const stored = useRemote(async () => (id ? (await growthStore.get(id)).data : null), [id]);
  useEffect(() => {
    const doc = stored.data;
    if (!doc) return;
    setHistory(startHistory(rgtBodySchema.parse(doc.body)));
    setName(doc.name);
    setProjectId(doc.projectId);
    setVersion(doc.version);
    setFitted(null);
  }, [stored.data]);

  const projectList = useRemote(async () => (await projects.list({ page: 1, pageSize: 200 })).data.items, []);
  const project = projectList.data?.find((p) => p.id === projectId) ?? null;
  const plans = useRemote(
    async () =>
      kind === "track" ? (await growthStore.list({ kind: "growthPlan", pageSize: 200 })).data.items : [],
    [kind],
  );
  const trackedPlanId = body.kind === "track" ? body.plan.planId : null;
  const trackedPlan = useRemote(
    async () =>
      trackedPlanId ? rgtBodySchema.parse((await growthStore.get(trackedPlanId)).data.body) : null,
    [trackedPlanId],
  );

  const me = Number(user.value?.userId);
  const admin = isAdmin({ roles: roles.value ?? [] });
  const author = !stored.data || stored.data.compilerUserId === me || admin;
  const approver = admin || (!!project?.managerUserId && project.managerUserId === me);
  const editable = growthEditable(body.status) && project?.status !== "terminated";
  const problems = useMemo(() => documentProblems(body, today), [body, today]);
  const curve = useMemo(
    () => plannedCurve(body.kind === "track" ? (trackedPlan.data ?? body) : body),
    [body, trackedPlan.data],
  );

  // The demonstrated MTBF at each planned phase end, whenever a fit and the plan tracked are both at hand
  // (the plan may arrive after the fit).
  useEffect(() => {
    if (!fitted || fitted.tracked || !curve?.steps.length) return;
    const phases = curve.steps.map((s) => ({ end: s.end, mtbf: s.mtbf }));
    let live = true;
    void kernels.call("growth", "trackGrowth", [fitted.times, phases]).then((tracked) => {
      if (live) setFitted((f) => (f && f.fit === fitted.fit ? { ...f, tracked } : f));
    });
    return () => {
      live = false;
    };
  }, [fitted, curve]);

  const change = (next: GrowthBody, coalesce?: string) => setHistory((h) => record(h, next, coalesce));

  async function save() {
    if (!name.trim()) {
      message.warning(t("growth:editor.nameRequired"));
      return;
    }
    // The shape is checked here without the failure records (zod takes about a second for 200,000 of them;
    // the server checks them all), and the request is serialised in the spreadsheet worker.
    const parsed = rgtBodySchema.safeParse(body.kind === "track" ? { ...body, failures: [] } : body);
    if (!parsed.success) {
      message.warning(t("growth:editor.notSaved", { reason: parsed.error.issues[0]?.path.join(" ") ?? "" }));
      return;
    }
    setBusy("saving");
    try {
      if (id === null) {
        const json = await jsonBlob({ name: name.trim(), projectId, body });
        const created = await growthStore.createJson(json);
        message.success(t("growth:editor.saved"));
        navigate(pathWithQuery(growthPath(kind, "edit"), { id: created.data.id }), { replace: true });
      } else {
        const json = await jsonBlob({ version: version ?? 1, name: name.trim(), projectId, body });
        const updated = await growthStore.updateJson(id, json);
        setVersion(updated.data.version);
        message.success(t("growth:editor.saved"));
      }
    } finally {
      setBusy(null);
    }
  }

  async function move(action: GrowthAction) {
    if (id === null || version === null) return;
    if (action === "approve" || action === "submitAbandon") {
      const ok = await confirmDialog({
        title: t(`growth:actions.${action}`),
        message: t(`growth:confirm.${action}.${body.status}`, { name }),
        tone: action === "submitAbandon" ? "danger" : undefined,
      });
      if (!ok) return;
    }
    const r = await growthTransition(id, action, version);
    message.success(t(`growth:moved.${r.data.status}`, { name }));
    stored.reload();
  }

  async function fit() {
    if (body.kind !== "track") return;
    const data = trackData(body);
    const options = {
      confidence: body.plan.confidence ?? 90,
      sided: "two" as const,
      bounds: body.plan.bounds,
      target: body.plan.target ?? undefined,
    };
    const found: Problem[] = [...validateGrowthData(data), ...validateGrowthOptions(options)];
    if (found.length) {
      message.warning(problemMessage(found[0]));
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setBusy("fitting");
    try {
      const result = await kernels.call("growth", "fitCrowAmsaa", [data, options], {
        signal: controller.signal,
      });
      const times = data.kind === "individual" ? [...data.times] : [];
      // The projection counts each occurrence; BD modes without an id are one mode per record.
      const failures = body.failures.flatMap((f, i) =>
        Array.from({ length: Math.max(1, f.occurrenceCount) }, () => ({
          time: f.time ?? Number.NaN,
          mode: f.modeId || `#${i + 1}`,
          classification: f.mode,
        })),
      );
      const effectiveness: Record<string, number> = {};
      body.failures.forEach((f, i) => {
        if (f.mode === "BD" && f.effectiveness !== null)
          effectiveness[f.modeId || `#${i + 1}`] = f.effectiveness;
      });
      const projection = failures.some((f) => f.classification === "BD")
        ? await kernels.call(
            "growth",
            "projectCrowExtended",
            [{ end: result.time, failures, effectiveness, demonstratedIntensity: result.intensity }],
            { signal: controller.signal },
          )
        : null;
      setFitted({ fit: result, times, tracked: null, projection });
    } catch (error) {
      if ((error as Error).name !== "AbortError") throw error;
      message.info(t("growth:editor.cancelled"));
    } finally {
      setBusy(null);
      abort.current = null;
    }
  }

  async function importFile(file: File) {
    if (body.kind !== "track") return;
    const controller = new AbortController();
    abort.current = controller;
    setBusy("importing");
    try {
      const result = await readTableFile(
        file,
        FAILURE_TABLE,
        { maxRows: 200_000, issueLimit: 20 },
        {
          signal: controller.signal,
          onProgress: (stage, done, total) =>
            setProgress(`${t(`growth:import.${stage}`)} ${done} / ${total}`),
        },
      );
      if (result.report.fatal) {
        message.warning(String(t(result.report.fatal.key, result.report.fatal.params ?? {})));
        return;
      }
      const failures = failuresFromImport(result);
      change({ ...body, failures });
      const first = result.report.issues[0];
      if (first)
        message.warning(
          t("growth:import.rejected", {
            count: result.report.rejected,
            line: first.line,
            reason: String(t(first.key, first.params ?? {})),
          }),
        );
      else message.success(t("growth:import.done", { count: failures.length }));
    } catch (error) {
      if ((error as Error).name !== "AbortError") throw error;
      message.info(t("growth:editor.cancelled"));
    } finally {
      setBusy(null);
      setProgress("");
      abort.current = null;
    }
  }

  async function toPlan() {
    if (body.kind !== "draft" || id === null) return;
    const created = await growthStore.create({ name, projectId, body: planFromDraft(body, id) });
    message.success(t("growth:editor.planMade", { name }));
    navigate(pathWithQuery(growthPath("growthPlan", "edit"), { id: created.data.id }));
  }

  useScreenActions(growthEditorSlot, {
    kind,
    status: body.status,
    stored: id !== null,
    editable,
    approver,
    author,
    canUndo: canUndo(history),
    canRedo: canRedo(history),
    busy: busy !== null,
    save,
    submitRelease: () => move("submitRelease"),
    submitAbandon: () => move("submitAbandon"),
    approve: () => move("approve"),
    reject: () => move("reject"),
    addPhase: () => change(addPhase(body)),
    addFailure: () => body.kind === "track" && change(addFailure(body)),
    importFailures: () => fileInput.current?.click(),
    fit,
    toPlan,
    cancel: () => abort.current?.abort(),
    undo: () => setHistory((h) => undo(h)),
    redo: () => setHistory((h) => redo(h)),
  });

  /** A problem in the screen's words: a required field by its label, a place as "Phase 2, Test time". */
  const problemText = (p: Problem) =>
    problemMessage(
      typeof p.params?.field === "string"
        ? { ...p, params: { ...p.params, field: t(`growth:fields.${p.params.field}`) } }
        : p,
    );
  const placeText = (where: readonly (string | number)[] | undefined) => {
    if (!where?.length) return "";
    const [area, row, field] = where;
    if (area === "plan") return t(`growth:fields.${String(row)}`);
    if (row === undefined) return t(`growth:editor.${String(area)}`, { count: 0 });
    const what = area === "phases" ? t("growth:fields.phaseName") : t("growth:fields.number");
    return `${what} ${row}${field ? `, ${t(`growth:fields.${String(field)}`)}` : ""}`;
  };
  const problemAt = (...where: (string | number)[]) => {
    const p = problems.find((q) => q.where && q.where.join(".") === where.join("."));
    return p ? problemText(p) : undefined;
  };
  const planField = (field: string, label: string, extra?: { testId?: string }) => (
    <div className="growth-field">
      <span>{label}</span>
      <NumberInput
        label={label}
        testId={extra?.testId ?? `growth-plan-${field}`}
        disabled={!editable}
        value={(body.plan as Record<string, number | null>)[field]}
        onChange={(v) => change(setPlanField(body, field, v), `plan.${field}`)}
      />
      {problemAt("plan", field) && <em className="growth-error">{problemAt("plan", field)}</em>}
    </div>
  );

  const button = (command: string, label: string, primary = false) => (
    <button
      type="button"
      className={`button${primary ? " button-primary" : ""}`}
      onClick={() => runCommand(command)}
      data-testid={command}
    >
      {label}
    </button>
  );

  return (
    <div className="screen growth-editor" data-testid={`growth-editor-${kind}`}>
      <ScreenHeader
        view={view}
        actions={
          <>
            <span className={`growth-status growth-status-${body.status}`} data-testid="growth-status">
              {t(`growth:status.${body.status}`)}
            </span>
            {editable && button("growth.save", t("growth:actions.save"), true)}
            {editable &&
              id !== null &&
              author &&
              button("growth.submitRelease", t("growth:actions.submitRelease"))}
            {body.status === "released" &&
              author &&
              button("growth.submitAbandon", t("growth:actions.submitAbandon"))}
            {kind === "draft" && id !== null && button("growth.toPlan", t("growth:actions.toPlan"))}
            {approver && (body.status === "publishingApproval" || body.status === "abandonmentApproval") && (
              <>
                {button("growth.approve", t("growth:actions.approve"), true)}
                {button("growth.reject", t("growth:actions.reject"))}
              </>
            )}
          </>
        }
      />
      {!editable && (
        <p className="growth-readonly">
          {t("growth:editor.readOnly", { status: t(`growth:status.${body.status}`) })}
        </p>
      )}
      <section className="growth-form" aria-label={t("growth:editor.general")}>
        <div className="growth-field">
          <span>{t("growth:fields.name")}</span>
          <TextInput
            label={t("growth:fields.name")}
            testId="growth-name"
            disabled={!editable}
            value={name}
            onChange={setName}
          />
        </div>
        <div className="growth-field">
          <span>{t("growth:fields.project")}</span>
          <select
            className="input"
            aria-label={t("growth:fields.project")}
            data-testid="growth-project"
            disabled={!editable}
            value={projectId ?? ""}
            onChange={(e) => setProjectId(Number(e.target.value) || null)}
          >
            <option value="">—</option>
            {projectList.data?.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        {(["objectNumber", "objectName", "indicatorName"] as const).map((field) => (
          <div className="growth-field" key={field}>
            <span>{t(`growth:fields.${field}`)}</span>
            <TextInput
              label={t(`growth:fields.${field}`)}
              disabled={!editable}
              value={body[field]}
              onChange={(v) => change(setHeader(body, field, v), field)}
            />
          </div>
        ))}
      </section>

      {body.kind === "growthPlan" && (
        <section className="growth-form" aria-label={t("growth:editor.plan")}>
          {planField("confidence", t("growth:fields.confidence"))}
          {planField("growthStartTime", t("growth:fields.growthStartTime"))}
          {planField("growthRate", t("growth:fields.growthRate"))}
          <div className="growth-field">
            <span>{t("growth:fields.initialForm")}</span>
            <select
              className="input"
              aria-label={t("growth:fields.initialForm")}
              disabled={!editable}
              value={body.plan.initialForm}
              onChange={(e) => change(setPlanField(body, "initialForm", e.target.value))}
            >
              <option value="mtbf">{t("growth:fields.formMtbf")}</option>
              <option value="reliability">{t("growth:fields.formReliability")}</option>
            </select>
          </div>
          {planField("initialLevel", t("growth:fields.initialLevel"))}
          {planField("stageTarget", t("growth:fields.stageTarget"))}
          {planField("finalTarget", t("growth:fields.finalTarget"))}
          {planField("phaseCount", t("growth:fields.phaseCount"))}
          {planField("prototypeCount", t("growth:fields.prototypeCount"))}
        </section>
      )}
      {body.kind === "draft" && (
        <section className="growth-form" aria-label={t("growth:editor.plan")}>
          {planField("growthTarget", t("growth:fields.growthTarget"))}
          {planField("growthPotential", t("growth:fields.growthPotential"))}
          <div className="growth-field">
            <span>{t("growth:fields.startDate")}</span>
            <TextInput
              type="date"
              label={t("growth:fields.startDate")}
              disabled={!editable}
              value={body.plan.startDate}
              onChange={(v) => change(setPlanField(body, "startDate", v || null))}
            />
            {problemAt("plan", "startDate") && (
              <em className="growth-error">{problemAt("plan", "startDate")}</em>
            )}
          </div>
          {planField("initialMtbf", t("growth:fields.initialMtbf"))}
          {planField("growthStartTime", t("growth:fields.growthStartTime"))}
          {planField("growthRate", t("growth:fields.growthRate"))}
        </section>
      )}
      {body.kind !== "track" && (
        <PhaseTable
          phases={body.phases}
          planned={curve?.steps.map((s) => s.mtbf) ?? []}
          editable={editable}
          draft={body.kind === "draft"}
          problemAt={problemAt}
          onChange={(i, field, v) => change(setPhaseField(body, i, field, v), `phase.${i}.${field}`)}
          onRemove={(i) => change(removePhase(body, i))}
        />
      )}
      {body.kind !== "track" && editable && button("growth.addPhase", t("growth:actions.addPhase"))}
      {curve && (
        <PlotFigure
          testId="growth-plan-chart"
          ariaLabel={t("growth:charts.plan")}
          fileName={`${name || "plan"} curve`}
          height={300}
          deps={[curve, t]}
          render={({ width, height }) =>
            planChart(curve, {
              width,
              height,
              labels: {
                time: t("growth:charts.testTime"),
                mtbf: t("growth:charts.mtbf"),
                idealized: t("growth:charts.idealized"),
                planned: t("growth:charts.planned"),
              },
            })
          }
        />
      )}

      {body.kind === "track" && (
        <>
          <section className="growth-form" aria-label={t("growth:editor.plan")}>
            <div className="growth-field">
              <span>{t("growth:fields.planId")}</span>
              <select
                className="input"
                aria-label={t("growth:fields.planId")}
                data-testid="growth-track-plan"
                disabled={!editable}
                value={body.plan.planId ?? ""}
                onChange={(e) => change(setPlanField(body, "planId", Number(e.target.value) || null))}
              >
                <option value="">—</option>
                {plans.data?.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            </div>
            {planField("testTime", t("growth:fields.testTime"))}
            {planField("prototypeCount", t("growth:fields.prototypeCount"))}
            {planField("confidence", t("growth:fields.confidence"))}
            {planField("target", t("growth:fields.target"))}
            <div className="growth-field">
              <span>{t("growth:fields.bounds")}</span>
              <select
                className="input"
                aria-label={t("growth:fields.bounds")}
                disabled={!editable}
                value={body.plan.bounds}
                onChange={(e) => change(setPlanField(body, "bounds", e.target.value))}
              >
                <option value="crow">Crow</option>
                <option value="fisher">Fisher</option>
              </select>
            </div>
          </section>
          <div className="toolbar">
            {editable && button("growth.addFailure", t("growth:actions.addFailure"))}
            {editable && button("growth.importFailures", t("growth:actions.importFailures"))}
            {button("growth.fit", t("growth:actions.fit"), true)}
            {busy && busy !== "saving" && (
              <>
                <span role="status" data-testid="growth-progress">
                  {progress || t(`growth:editor.${busy}`)}
                </span>
                {button("growth.cancel", t("common:cancel"))}
              </>
            )}
            <input
              ref={fileInput}
              type="file"
              accept=".xlsx,.xls,.csv,.tsv"
              hidden
              data-testid="growth-import-file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = "";
                if (file) void importFile(file);
              }}
            />
          </div>
          <FailureTable
            body={body}
            editable={editable}
            problemAt={problemAt}
            onChange={(i, field, v) => change(setFailureField(body, i, field, v), `failure.${i}.${field}`)}
            onRemove={(i) => change(removeFailure(body, i))}
          />
          {fitted && <FitResults fitted={fitted} curve={curve} name={name} />}
        </>
      )}

      {problems.length > 0 && (
        <section
          className="growth-problems"
          aria-label={t("growth:editor.problems")}
          data-testid="growth-problems"
        >
          <h2>{t("growth:editor.problems")}</h2>
          <ul>
            {problems.slice(0, 12).map((p) => (
              <li key={`${p.key}${p.where?.join(".")}`}>
                {p.where?.length ? `${placeText(p.where)}: ` : ""}
                {problemText(p)}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function PhaseTable(props: {
  phases: readonly Phase[];
  planned: readonly number[];
  editable: boolean;
  draft: boolean;
  problemAt(...where: (string | number)[]): string | undefined;
  onChange(index: number, field: keyof Phase, value: unknown): void;
  onRemove(index: number): void;
}) {
  const { t } = useTranslation(["growth", "common"]);
  const indices = props.phases.map((_, i) => i);
  const { focus } = useRowTarget(
    props.editable
      ? { kind: "growth-phase", actions: (i: number) => ({ remove: () => props.onRemove(i) }) }
      : undefined,
    indices,
    (i) => i,
  );
  const numberFields: (keyof Phase)[] = props.draft
    ? ["testTime", "target"]
    : ["stageRisk", "growthRate", "testTime"];
  return (
    <table className="growth-table" data-testid="growth-phases">
      <caption>{t("growth:editor.phases")}</caption>
      <thead>
        <tr>
          <th>#</th>
          <th>{t("growth:fields.phaseName")}</th>
          {numberFields.map((f) => (
            <th key={f}>{t(`growth:fields.${f}`)}</th>
          ))}
          <th>{t("growth:fields.startDate")}</th>
          <th>{t("growth:fields.endDate")}</th>
          {!props.draft && <th>{t("growth:fields.plannedMtbf")}</th>}
          <th />
        </tr>
      </thead>
      <tbody>
        {props.phases.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: phases are positional rows
          <tr key={i} onFocus={() => focus(i)} onPointerDown={() => focus(i)}>
            <td>{i + 1}</td>
            <td>
              <TextInput
                label={t("growth:fields.phaseName")}
                disabled={!props.editable}
                value={p.name}
                onChange={(v) => props.onChange(i, "name", v)}
              />
            </td>
            {numberFields.map((f) => (
              <td
                key={f}
                className={props.problemAt("phases", i + 1, f) ? "growth-cell-invalid" : undefined}
                title={props.problemAt("phases", i + 1, f)}
              >
                <NumberInput
                  label={`${t(`growth:fields.${f}`)} ${i + 1}`}
                  testId={`growth-phase-${i + 1}-${f}`}
                  disabled={!props.editable}
                  value={p[f] as number | null}
                  onChange={(v) => props.onChange(i, f, v)}
                />
              </td>
            ))}
            {(["startDate", "endDate"] as const).map((f) => (
              <td
                key={f}
                className={props.problemAt("phases", i + 1, f) ? "growth-cell-invalid" : undefined}
                title={props.problemAt("phases", i + 1, f)}
              >
                <TextInput
                  type="date"
                  label={`${t(`growth:fields.${f}`)} ${i + 1}`}
                  testId={`growth-phase-${i + 1}-${f}`}
                  disabled={!props.editable}
                  value={p[f]}
                  onChange={(v) => props.onChange(i, f, v || null)}
                />
              </td>
            ))}
            {!props.draft && (
              <td className="growth-number">
                {props.planned[i] === undefined ? "—" : props.planned[i].toPrecision(6)}
              </td>
            )}
            <td>
              {props.editable && (
                <button
                  type="button"
                  className="link-button danger"
                  onClick={() => runCommand(rowCommandId("growth-phase", "remove"))}
                >
                  {t("common:delete")}
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function FailureTable(props: {
  body: TrackBody;
  editable: boolean;
  problemAt(...where: (string | number)[]): string | undefined;
  onChange(index: number, field: keyof Failure, value: unknown): void;
  onRemove(index: number): void;
}) {
  const { t } = useTranslation(["growth", "common"]);
  const rows = props.body.failures.slice(0, SHOWN_FAILURES);
  const { focus } = useRowTarget(
    props.editable
      ? { kind: "growth-failure", actions: (i: number) => ({ remove: () => props.onRemove(i) }) }
      : undefined,
    rows.map((_, i) => i),
    (i) => i,
  );
  const rowMark = (i: number) => {
    const problem = props.problemAt("failures", i + 1, "state");
    return problem ? { className: "growth-row-invalid", title: problem } : {};
  };
  const text = (i: number, f: keyof Failure, type: "text" | "date" = "text") => (
    <TextInput
      type={type}
      label={`${t(`growth:fields.${f}`)} ${i + 1}`}
      disabled={!props.editable}
      value={(rows[i][f] as string | null) ?? ""}
      onChange={(v) => props.onChange(i, f, type === "date" ? v || null : v)}
    />
  );
  return (
    <table className="growth-table" data-testid="growth-failures">
      <caption>
        {t("growth:editor.failures", { count: props.body.failures.length })}
        {props.body.failures.length > SHOWN_FAILURES &&
          ` ${t("growth:editor.firstRows", { count: SHOWN_FAILURES })}`}
      </caption>
      <thead>
        <tr>
          {(
            [
              "number",
              "name",
              "time",
              "occurrenceCount",
              "prototype",
              "mode",
              "modeId",
              "effectiveness",
              "severity",
              "state",
              "resolutionDate",
              "reason",
              "solution",
              "component",
            ] as const
          ).map((f) => (
            <th key={f}>{t(`growth:fields.${f}`)}</th>
          ))}
          <th />
        </tr>
      </thead>
      <tbody>
        {rows.map((f, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: failure records are positional rows
          <tr key={i} {...rowMark(i)} onFocus={() => focus(i)} onPointerDown={() => focus(i)}>
            <td>{text(i, "number")}</td>
            <td>{text(i, "name")}</td>
            <td className={props.problemAt("failures", i + 1, "time") ? "growth-cell-invalid" : undefined}>
              <NumberInput
                label={`${t("growth:fields.time")} ${i + 1}`}
                testId={`growth-failure-${i + 1}-time`}
                disabled={!props.editable}
                value={f.time}
                onChange={(v) => props.onChange(i, "time", v)}
              />
            </td>
            <td>
              <NumberInput
                label={`${t("growth:fields.occurrenceCount")} ${i + 1}`}
                disabled={!props.editable}
                value={f.occurrenceCount}
                onChange={(v) => props.onChange(i, "occurrenceCount", v ?? 1)}
              />
            </td>
            <td>
              <NumberInput
                label={`${t("growth:fields.prototype")} ${i + 1}`}
                disabled={!props.editable}
                value={f.prototype}
                onChange={(v) => props.onChange(i, "prototype", v)}
              />
            </td>
            <td>
              <select
                className="input"
                aria-label={`${t("growth:fields.mode")} ${i + 1}`}
                disabled={!props.editable}
                value={f.mode}
                onChange={(e) => props.onChange(i, "mode", e.target.value)}
              >
                {["A", "BC", "BD"].map((m) => (
                  <option key={m}>{m}</option>
                ))}
              </select>
            </td>
            <td>{text(i, "modeId")}</td>
            <td>
              <NumberInput
                label={`${t("growth:fields.effectiveness")} ${i + 1}`}
                disabled={!props.editable}
                value={f.effectiveness}
                onChange={(v) => props.onChange(i, "effectiveness", v)}
              />
            </td>
            <td>{text(i, "severity")}</td>
            <td>
              <select
                className="input"
                aria-label={`${t("growth:fields.state")} ${i + 1}`}
                disabled={!props.editable}
                value={f.state}
                onChange={(e) => props.onChange(i, "state", e.target.value)}
              >
                <option value="unresolved">{t("growth:fields.unresolved")}</option>
                <option value="resolved">{t("growth:fields.resolved")}</option>
              </select>
            </td>
            <td>{text(i, "resolutionDate", "date")}</td>
            <td>{text(i, "reason")}</td>
            <td>{text(i, "solution")}</td>
            <td>{text(i, "component")}</td>
            <td>
              {props.editable && (
                <button
                  type="button"
                  className="link-button danger"
                  onClick={() => runCommand(rowCommandId("growth-failure", "remove"))}
                >
                  {t("common:delete")}
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const digits = (x: number) => (Number.isFinite(x) ? String(x) : x > 0 ? "∞" : "—");

function FitResults({
  fitted,
  curve,
  name,
}: {
  fitted: Fitted;
  curve: ReturnType<typeof plannedCurve>;
  name: string;
}) {
  const { t } = useTranslation(["growth"]);
  const { fit } = fitted;
  const rows: [string, number, { lower: number; upper: number } | null][] = [
    ["beta", fit.beta, fit.bounds.beta],
    ["betaUnbiased", fit.betaUnbiased, null],
    ["lambda", fit.lambda, fit.bounds.lambda],
    ["growthRate", fit.growthRate, fit.bounds.growthRate],
    ["cumulativeMtbf", fit.cumulativeMtbf, fit.bounds.cumulativeMtbf],
    ["instantaneousMtbf", fit.instantaneousMtbf, fit.bounds.instantaneousMtbf],
    ["intensity", fit.intensity, fit.bounds.intensity],
  ];
  const gof = fit.goodnessOfFit;
  return (
    <section className="growth-results" aria-label={t("growth:results.title")} data-testid="growth-results">
      <h2>{t("growth:results.title")}</h2>
      <table className="growth-table growth-results-table">
        <thead>
          <tr>
            <th>{t("growth:results.quantity")}</th>
            <th>{t("growth:results.value")}</th>
            <th>{t("growth:results.lower")}</th>
            <th>{t("growth:results.upper")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([key, value, bound]) => (
            <tr key={key} data-testid={`growth-result-${key}`}>
              <th>{t(`growth:results.${key}`)}</th>
              <td className="growth-number">{digits(value)}</td>
              <td className="growth-number">{bound ? digits(bound.lower) : ""}</td>
              <td className="growth-number">{bound ? digits(bound.upper) : ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        {t("growth:results.bounds", { method: fit.bounds.method })}
        {gof &&
          ` ${t(`growth:results.gof.${gof.test}`, { statistic: gof.statistic.toPrecision(5), critical: gof.critical.toPrecision(4) })} ${gof.pass ? t("growth:results.pass") : t("growth:results.fail")}`}
        {fit.trend &&
          ` ${t(`growth:results.trend.${fit.trend.conclusion}`, { p: fit.trend.pValue.toPrecision(3) })}`}
        {fit.timeToTarget &&
          ` ${t("growth:results.timeToTarget", { time: digits(fit.timeToTarget.instantaneous) })}`}
      </p>
      <div className="growth-charts">
        <PlotFigure
          testId="growth-plot"
          ariaLabel={t("growth:charts.growthPlot")}
          fileName={`${name} growth plot`}
          height={300}
          deps={[fitted, t]}
          render={({ width, height }) =>
            growthPlot(fitted, {
              width,
              height,
              labels: {
                time: t("growth:charts.time"),
                failures: t("growth:charts.failures"),
                observed: t("growth:charts.observed"),
                fitted: "Crow-AMSAA",
              },
            })
          }
        />
        <PlotFigure
          testId="growth-mtbf-chart"
          ariaLabel={t("growth:charts.mtbfChart")}
          fileName={`${name} MTBF`}
          height={300}
          deps={[fitted, t]}
          render={({ width, height }) =>
            mtbfChart(fitted, {
              width,
              height,
              labels: {
                time: t("growth:charts.time"),
                mtbf: t("growth:charts.mtbf"),
                observed: t("growth:charts.observedCumulative"),
                cumulative: t("growth:charts.cumulative"),
                instantaneous: t("growth:charts.instantaneous"),
                bounds: t("growth:charts.bounds"),
              },
            })
          }
        />
        {curve && fitted.tracked && (
          <PlotFigure
            testId="growth-tracking-chart"
            ariaLabel={t("growth:charts.tracking")}
            fileName={`${name} tracking`}
            height={300}
            deps={[fitted, curve, t]}
            render={({ width, height }) =>
              trackingChart(
                { curve: curve.curve, steps: curve.steps, tracked: fitted.tracked ?? [] },
                {
                  width,
                  height,
                  labels: {
                    time: t("growth:charts.testTime"),
                    mtbf: t("growth:charts.mtbf"),
                    idealized: t("growth:charts.idealized"),
                    planned: t("growth:charts.planned"),
                    demonstrated: t("growth:charts.demonstrated"),
                    below: t("growth:charts.below"),
                  },
                },
              )
            }
          />
        )}
      </div>
      {fitted.projection && (
        <p data-testid="growth-projection">
          {t("growth:results.projection", {
            modes: fitted.projection.modesBD,
            effectiveness: fitted.projection.meanEffectiveness.toPrecision(3),
            demonstrated: fitted.projection.demonstratedMtbf.toPrecision(6),
            projected: fitted.projection.projectedMtbf.toPrecision(6),
            potential: fitted.projection.growthPotentialMtbf.toPrecision(6),
          })}
        </p>
      )}
      {fitted.tracked && (
        <ul className="growth-tracked" data-testid="growth-tracked">
          {fitted.tracked.map((p) => (
            <li key={p.end} className={p.belowPlan ? "growth-below" : undefined}>
              {t(p.belowPlan ? "growth:results.phaseBelow" : "growth:results.phaseOk", {
                end: p.end,
                demonstrated: Number.isFinite(p.demonstrated) ? p.demonstrated.toPrecision(5) : "—",
                planned: p.planned.toPrecision(5),
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
