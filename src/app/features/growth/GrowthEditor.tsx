// The reliability growth editors (/rgt/<kind>/new and /rgt/<kind>/edit?id=): a draft or a growth plan with
// its phase table and the idealized and planned curves drawn as the user types; a track with its failure
// records (typed or imported from xlsx/csv in the spreadsheet worker), the Crow-AMSAA fit in the kernel
// worker, the growth plot, the MTBF over time and the tracking chart against its plan. Spec 4's moves
// (release and abandonment through approval) are commands; an item not at work is read-only.
import { useSignals } from "@preact/signals-react/runtime";
import { startTransition, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { kernels } from "../../../kernels/client.ts";
import { validateGrowthData, validateGrowthOptions } from "../../../kernels/growth/validate.ts";
import type {
  CrowAmsaaFit,
  DuaneFit,
  GrowthData,
  MtbfCurvePoint,
  Projection,
  TrackedPhase,
} from "../../../kernels/growth.ts";
import { type GrowthAction, growthEditable, growthTrackProblems } from "../../../shared/growth.ts";
import { isAdmin } from "../../../shared/permissions.ts";
import type { Problem } from "../../../shared/problem.ts";
import type { AnalysisDocument } from "../../../shared/schemas/analyses.ts";
import { type RgtBody, rgtBodySchema } from "../../../shared/schemas/modules.ts";
import { growthStore, growthTransition } from "../../api/growth.ts";
import { projects } from "../../api/work.ts";
import { runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { duaneChartFit, planChart, trackingChart } from "../../components/charts/growth/charts.ts";
import { PlotFigure } from "../../components/charts/shared/PlotFigure.tsx";
import { confirmDialog } from "../../components/confirm.tsx";
import { DataSheet, type DataSheetHandle } from "../../components/grid/DataSheet.tsx";
import { message } from "../../components/message.ts";
import { problemMessage } from "../../components/problem.ts";
import { ScreenHeader, useRemote } from "../../components/screen.tsx";
import { fetchRecords, jsonBlob, readTableFile, type Stage } from "../../components/spreadsheet/client.ts";
import { type SheetData, SheetStore } from "../../components/spreadsheet/store.ts";
import { navigate } from "../../router/navigation.ts";
import type { ScreenProps } from "../../router/types.ts";
import { canRedo, canUndo, type History, record, redo, startHistory, undo } from "../../state/history.ts";
import { roles, token, user } from "../../state/session.ts";
import { growthEditorSlot } from "./actions.ts";
import {
  documentProblems,
  emptyBody,
  type Failure,
  type GrowthBody,
  planFromDraft,
  plannedCurve,
  projectionFailures,
  setHeader,
  setPlanField,
  trackData,
  trackOptions,
} from "./document.ts";
import { FitCharts } from "./FitCharts.tsx";
import { NumberInput, NumberListInput, TextInput } from "./fields.tsx";
import { kindOfPath } from "./GrowthList.tsx";
import { FAILURE_TABLE } from "./import.ts";
import {
  DRAFT_PHASES,
  failuresToSheet,
  importedSheet,
  PLAN_PHASES,
  phasesToSheet,
  sheetFailureColumns,
  sheetFailureFields,
  sheetHasDelayedFixes,
  sheetToFailures,
  sheetToPhases,
  trackRequestJson,
  usedRows,
} from "./sheets.ts";
import "./growth.css";
import { growthPath, pathWithQuery } from "../../routes.ts";

interface Fitted {
  /** Crow-AMSAA, or Duane when the track's model says so. */
  fit: CrowAmsaaFit | DuaneFit;
  /** Crow-AMSAA's cumulative and instantaneous MTBF with their bounds over time (the MTBF chart's). */
  curve: MtbfCurvePoint[] | null;
  /** Grouped data: `times` are the interval ends and these the failures in each. */
  counts: readonly number[] | null;
  /** The data fitted, as the kernel took them: tracking against the plan refits them at each phase end. */
  data: GrowthData;
  /** The failure times fitted (one per occurrence), sorted ascending in the worker; the charts thin them. */
  times: ArrayLike<number>;
  tracked: TrackedPhase[] | null;
  /** Crow-Extended projection, when failures are classified BD (fix delayed). */
  projection: Projection | null;
}

/** Points of the MTBF chart's curves and bounds (evenly spaced in log time to the end of test). */
const MTBF_CURVE_POINTS = 80;

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
  const [busy, setBusy] = useState<"saving" | "fitting" | "importing" | "opening" | null>(null);
  const [progress, setProgress] = useState("");
  const [fitted, setFitted] = useState<Fitted | null>(null);
  const abort = useRef<AbortController | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // The phases or failure records live in a data sheet (its own cell undo); the document's other fields in
  // `history`. `body` is the whole document, its phases read back from the sheet whenever it changes. A
  // track's failure records (up to 200,000) are not: its `body.failures` stays empty while it is edited, the
  // rules and the fit read the sheet's typed columns (sheets.ts), and the records are built only to save.
  const rowSheet = useMemo(
    () => new SheetStore(kind === "track" ? FAILURE_TABLE : kind === "draft" ? DRAFT_PHASES : PLAN_PHASES),
    [kind],
  );
  const sheetHandle = useRef<DataSheetHandle>(null);
  const [sheetRevision, setSheetRevision] = useState(0);
  // A track's caption and rules (a pass over up to 200,000 rows) render in a transition, a task apart from
  // the sheet's own update; its fit and save read the sheet itself, never this render's rows.
  useEffect(
    () =>
      rowSheet.subscribe(() => {
        if (kind === "track") startTransition(() => setSheetRevision((r) => r + 1));
        else setSheetRevision((r) => r + 1);
      }),
    [rowSheet, kind],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: sheetRevision is the sheet's change counter
  const rows = useMemo(
    () => (kind === "track" ? { records: usedRows(rowSheet) } : { phases: sheetToPhases(rowSheet) }),
    [rowSheet, kind, sheetRevision],
  );
  const body = useMemo(
    () => ("phases" in rows ? { ...history.present, phases: rows.phases } : history.present) as GrowthBody,
    [history.present, rows],
  );
  const records = "records" in rows ? rows.records : null;
  const today = new Date().toISOString().slice(0, 10);

  /** "Reading 37 %" (or "Reading 12.5 MB" when the size is not known), "Converting 0 / 200000". */
  const progressText = (stage: Stage, done: number, total: number) => {
    const label = t(`growth:import.${stage}`);
    if (stage !== "reading") return `${label} ${done} / ${total}`;
    return total > 0
      ? `${label} ${Math.round((100 * done) / total)} %`
      : `${label} ${(done / 1e6).toFixed(1)} MB`;
  };

  /**
   * A stored item. A track's failure records (up to 200,000) are fetched, parsed and put in columns in the
   * spreadsheet worker (fetchRecords), the typed arrays moved here, with progress; the JSON parse of 200,000
   * records took about 300 ms of this thread. Cancelling leaves for the list (an empty sheet must not be
   * saved over the stored records). When the worker's request fails the app's client asks again and reports
   * the failure as every call does.
   */
  async function open(itemId: number): Promise<{ doc: AnalysisDocument<RgtBody>; sheet: SheetData | null }> {
    if (kind !== "track") return { doc: (await growthStore.get(itemId)).data, sheet: null };
    const controller = new AbortController();
    abort.current = controller;
    setBusy("opening");
    try {
      const fetched = await fetchRecords(
        growthStore.url(itemId),
        token.value ? `Bearer ${token.value}` : null,
        "failures",
        FAILURE_TABLE,
        {
          signal: controller.signal,
          onProgress: (stage, done, total) => setProgress(progressText(stage, done, total)),
        },
      ).catch((error: Error) => {
        if (error.name === "AbortError") throw error;
        return { ok: false } as const;
      });
      if (fetched.ok) return { doc: fetched.doc as AnalysisDocument<RgtBody>, sheet: fetched.data };
      return { doc: (await growthStore.get(itemId)).data, sheet: null };
    } finally {
      if (abort.current === controller) {
        setBusy(null);
        setProgress("");
        abort.current = null;
      }
    }
  }
  const stored = useRemote(async () => (id ? await open(id) : null), [id]);
  useEffect(() => {
    const doc = stored.data?.doc;
    if (!doc) return;
    // A track's records go straight to the sheet: the server checked them against the same schema when it
    // stored them, and zod over 200,000 records took about 0.7 s of this thread.
    const raw = doc.body as { kind?: unknown; failures?: Failure[] };
    const parsed = rgtBodySchema.parse(raw.kind === "track" ? { ...raw, failures: [] } : raw);
    if (parsed.kind === "track")
      rowSheet.reset(stored.data?.sheet ?? failuresToSheet(raw.failures ?? []), true);
    else rowSheet.reset(phasesToSheet(parsed.phases, parsed.kind === "draft"));
    setHistory(startHistory(parsed.kind === "track" ? { ...parsed, failures: [] } : parsed));
    setName(doc.name);
    setProjectId(doc.projectId);
    setVersion(doc.version);
    setFitted(null);
  }, [stored.data, rowSheet]);

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
  const author = !stored.data || stored.data.doc.compilerUserId === me || admin;
  const approver = admin || (!!project?.managerUserId && project.managerUserId === me);
  const editable = growthEditable(body.status) && project?.status !== "terminated";
  const problems = useMemo(
    () =>
      records
        ? growthTrackProblems(
            sheetFailureFields(rowSheet, records),
            body.kind === "track" && body.plan.data === "grouped",
          )
        : documentProblems(body, today),
    [body, today, records, rowSheet],
  );
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
    void kernels.call("growth", "trackGrowth", [fitted.data, phases]).then((tracked) => {
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
    // The shape is checked here without the failure records (a track's body holds none while edited; zod
    // takes about a second for 200,000 of them; the server checks them all), and the request is serialised
    // in the spreadsheet worker.
    const parsed = rgtBodySchema.safeParse(body);
    if (!parsed.success) {
      message.warning(t("growth:editor.notSaved", { reason: parsed.error.issues[0]?.path.join(" ") ?? "" }));
      return;
    }
    // A track's records are written from the sheet a slice per task (trackRequestJson); the other kinds are
    // serialised in the spreadsheet worker.
    const request = (head: Record<string, unknown>) =>
      body.kind === "track" ? trackRequestJson(head, body, rowSheet) : jsonBlob({ ...head, body });
    setBusy("saving");
    try {
      if (id === null) {
        const json = await request({ name: name.trim(), projectId });
        const created = await growthStore.createJson(json);
        message.success(t("growth:editor.saved"));
        navigate(pathWithQuery(growthPath(kind, "edit"), { id: created.data.id }), { replace: true });
      } else {
        const json = await request({ version: version ?? 1, name: name.trim(), projectId });
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
    const records = usedRows(rowSheet);
    const data = trackData(
      sheetFailureColumns(rowSheet, records),
      body.plan.testTime,
      body.plan.testTimes,
      body.plan.data === "grouped",
    );
    const options = trackOptions(body);
    const duane = body.plan.model === "duane" && data.kind === "individual" ? data : null;
    // A count the track rules refuse (0 with failure times) is not fitted as some other count.
    const found: Problem[] = [
      ...problems.filter((p) => p.key === "growth.countInvalid" || p.key === "growth.countZeroIndividual"),
      ...validateGrowthData(data),
      ...validateGrowthOptions(options),
    ];
    if (duane && (duane.ends?.length ?? 0) > 1) found.push({ key: "growth.duaneOnePrototype" });
    if (body.plan.model === "duane" && data.kind === "grouped") found.push({ key: "growth.duaneGrouped" });
    if (found.length) {
      message.warning(problemMessage(found[0]));
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setBusy("fitting");
    try {
      // The charts take the times sorted: sorted in a kernel worker, beside the fit, not on this thread.
      const unsorted = data.kind === "individual" ? Float64Array.from(data.times) : new Float64Array(0);
      const [{ fit: result, curve }, { sorted: times }] = await Promise.all([
        duane
          ? kernels
              .call("growth", "fitDuaneModel", [duane, { target: options.target }], {
                signal: controller.signal,
              })
              .then((fit) => ({ fit, curve: null }))
          : kernels.call("growth", "fitCrowAmsaaCurve", [data, options, MTBF_CURVE_POINTS], {
              signal: controller.signal,
            }),
        kernels.call("math", "sortWithIndex", [unsorted], {
          signal: controller.signal,
          transfer: [unsorted.buffer],
        }),
      ]);
      // The records are built (on this thread) only when some are classified BD: the projection's input.
      const projection = sheetHasDelayedFixes(rowSheet, records)
        ? await kernels.call(
            "growth",
            "projectCrowExtended",
            [
              {
                end: result.time,
                ...projectionFailures(sheetToFailures(rowSheet, records)),
                demonstratedIntensity: result.intensity,
              },
            ],
            { signal: controller.signal },
          )
        : null;
      setFitted({
        fit: result,
        curve,
        times: data.kind === "grouped" ? data.ends : times,
        counts: data.kind === "grouped" ? data.counts : null,
        data,
        tracked: null,
        projection,
      });
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
          onProgress: (stage, done, total) => setProgress(progressText(stage, done, total)),
        },
      );
      if (result.report.fatal) {
        message.warning(String(t(result.report.fatal.key, result.report.fatal.params ?? {})));
        return;
      }
      // The result came in the task that copied it over from the worker (200,000 rows: tens of ms); the sheet
      // takes it in a task of its own, so the two never make one long task.
      await new Promise((resolve) => setTimeout(resolve, 0));
      const imported = importedSheet(result);
      // One undo step in the sheet (Ctrl+Z there brings the records before the import back).
      rowSheet.replace(imported, "import");
      const first = result.report.issues[0];
      if (first)
        message.warning(
          t("growth:import.rejected", {
            count: result.report.rejected,
            line: first.line,
            reason: String(t(first.key, first.params ?? {})),
          }),
        );
      else message.success(t("growth:import.done", { count: imported.rows }));
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
    // A new row is the sheet's first empty one: focus goes there to type.
    addPhase: () => sheetHandle.current?.focusCell(rowSheet.rows, 0),
    addFailure: () => sheetHandle.current?.focusCell(rowSheet.rows, 0),
    importFailures: () => fileInput.current?.click(),
    fit,
    toPlan,
    cancel: () => {
      abort.current?.abort();
      if (busy === "opening") navigate(growthPath(kind, "list"));
    },
    undo: () => setHistory((h) => undo(h)),
    redo: () => setHistory((h) => redo(h)),
  });

  // Grouped data: a record's time is its interval's end and its count the failures in the interval.
  const grouped = body.kind === "track" && body.plan.data === "grouped";
  const sheetHeaders = useMemo(() => {
    const h: Record<string, string> = {};
    for (const c of rowSheet.columns)
      h[c.key] = t(
        c.key === "name" && kind !== "track" ? "growth:fields.phaseName" : `growth:fields.${c.key}`,
      );
    if (grouped) {
      h.time = t("growth:fields.intervalEnd");
      h.occurrenceCount = t("growth:fields.intervalCount");
    }
    return h;
  }, [rowSheet, kind, grouped, t]);
  const sheet = (testId: string, caption: string, height: number) => (
    <section className="growth-sheet" data-testid={testId} aria-label={caption}>
      <h3>{caption}</h3>
      <div style={{ height }}>
        <DataSheet
          key={`${kind}-${id}`}
          store={rowSheet}
          headers={sheetHeaders}
          messageText={(m) => String(t(m.key, { ...(m.params ?? {}) }))}
          ariaLabel={caption}
          readOnly={!editable}
          maxRows={kind === "track" ? 200_000 : 99}
          spareRows={kind === "track" ? 20 : 5}
          onLimit={(limit) => message.warning(t("grid:limitReached", { max: limit }))}
          handleRef={sheetHandle}
          testId={`${testId}-sheet`}
        />
      </div>
    </section>
  );

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

  /** A setting chosen from a list (model, data, bounds, ...): `options` are value and label pairs. */
  const planChoice = (
    field: string,
    label: string,
    options: readonly (readonly [string, string])[],
    extra?: { testId?: string; disabled?: boolean },
  ) => (
    <div className="growth-field">
      <span>{label}</span>
      <select
        className="input"
        aria-label={label}
        data-testid={extra?.testId}
        disabled={!editable || extra?.disabled === true}
        value={String((body.plan as Record<string, unknown>)[field] ?? "")}
        onChange={(e) => change(setPlanField(body, field, e.target.value))}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
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
          {planChoice("initialForm", t("growth:fields.initialForm"), [
            ["mtbf", t("growth:fields.formMtbf")],
            ["reliability", t("growth:fields.formReliability")],
          ])}
          {planField("initialLevel", t("growth:fields.initialLevel"))}
          {planField("stageTarget", t("growth:fields.stageTarget"))}
          {planField("finalTarget", t("growth:fields.finalTarget"))}
          {planField("phaseCount", t("growth:fields.phaseCount"))}
          {planField("prototypeCount", t("growth:fields.prototypeCount"))}
          {planChoice(
            "model",
            t("growth:fields.planModel"),
            [
              ["mil-hdbk-189", t("growth:fields.modelIdealized")],
              ["pm2", t("growth:fields.modelPm2")],
            ],
            { testId: "growth-plan-planModel" },
          )}
          {body.plan.model === "pm2" && (
            <>
              {planField("managementStrategy", t("growth:fields.managementStrategy"))}
              {planField("fixEffectiveness", t("growth:fields.fixEffectiveness"))}
              {planField("fixLag", t("growth:fields.fixLag"))}
            </>
          )}
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
      {body.kind !== "track" && sheet("growth-phases", t("growth:editor.phases"), 260)}
      {body.kind === "growthPlan" && curve && (
        <p className="growth-planned" data-testid="growth-planned">
          {t("growth:fields.plannedMtbf")}:{" "}
          {curve.steps.map((step, i) => `${i + 1}: ${step.mtbf.toPrecision(6)}`).join(" · ")}
        </p>
      )}
      {curve?.pm2 && (
        <p className="growth-planned" data-testid="growth-pm2">
          {t("growth:editor.pm2", {
            beta: curve.pm2.beta.toPrecision(5),
            potential: curve.pm2.growthPotential.toPrecision(6),
            margin: curve.pm2.designMargin.toPrecision(4),
            modes: curve.pm2.expectedModes.toPrecision(5),
            total: curve.total,
          })}
        </p>
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
                idealized: t(curve.pm2 ? "growth:charts.pm2" : "growth:charts.idealized"),
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
            <div className="growth-field">
              <span>{t("growth:fields.testTimes")}</span>
              <NumberListInput
                label={t("growth:fields.testTimes")}
                testId="growth-plan-testTimes"
                disabled={!editable}
                value={body.plan.testTimes}
                onChange={(v) => change(setPlanField(body, "testTimes", v), "plan.testTimes")}
              />
            </div>
            {planField("prototypeCount", t("growth:fields.prototypeCount"))}
            {planField("confidence", t("growth:fields.confidence"))}
            {planField("target", t("growth:fields.target"))}
            {planChoice(
              "model",
              t("growth:fields.model"),
              [
                ["crow-amsaa", "Crow-AMSAA"],
                ["duane", "Duane"],
              ],
              { testId: "growth-plan-model" },
            )}
            {planChoice(
              "data",
              t("growth:fields.data"),
              [
                ["individual", t("growth:fields.dataIndividual")],
                ["grouped", t("growth:fields.dataGrouped")],
              ],
              { testId: "growth-plan-data" },
            )}
            {planChoice(
              "bounds",
              t("growth:fields.bounds"),
              [
                ["crow", "Crow"],
                ["fisher", "Fisher"],
              ],
              { disabled: body.plan.model === "duane" },
            )}
            {planChoice(
              "sided",
              t("growth:fields.sided"),
              [
                ["two", t("growth:fields.sidedTwo")],
                ["lower", t("growth:fields.sidedLower")],
                ["upper", t("growth:fields.sidedUpper")],
              ],
              { testId: "growth-plan-sided", disabled: body.plan.model === "duane" },
            )}
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
          {sheet("growth-failures", t("growth:editor.failures", { count: records?.length ?? 0 }), 420)}
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
  if (fit.model === "duane") return <DuaneResults fitted={{ ...fitted, fit }} name={name} />;
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
        <FitCharts
          times={fitted.times}
          counts={fitted.counts}
          fit={fit}
          curve={fitted.curve}
          fittedLabel="Crow-AMSAA"
          name={name}
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
                    idealized: t(curve.pm2 ? "growth:charts.pm2" : "growth:charts.idealized"),
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
              {/* Named when the demonstrated MTBF is given before the phase end (grouped data, or a test
                  that has not reached it). */}
              {t(`growth:results.${p.belowPlan ? "phaseBelow" : "phaseOk"}${p.at < p.end ? "At" : ""}`, {
                end: p.end,
                at: p.at,
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

/** Duane's least-squares numbers (no bounds) and its line on the growth plot and the MTBF chart (FitCharts). */
function DuaneResults({ fitted, name }: { fitted: Fitted & { fit: DuaneFit }; name: string }) {
  const { t } = useTranslation(["growth"]);
  const { fit } = fitted;
  // One object per fit: PlotFigure redraws when it changes.
  const drawn = useMemo(() => duaneChartFit(fit), [fit]);
  const rows: [string, number][] = [
    ["alpha", fit.alpha],
    ["b", fit.b],
    ["cumulativeMtbf", fit.cumulativeMtbf],
    ["instantaneousMtbf", fit.instantaneousMtbf],
    ["cumulativeIntensity", fit.cumulativeIntensity],
    ["intensity", fit.intensity],
    ["rSquared", fit.rSquared],
  ];
  return (
    <section
      className="growth-results"
      aria-label={t("growth:results.titleDuane")}
      data-testid="growth-results"
    >
      <h2>{t("growth:results.titleDuane")}</h2>
      <table className="growth-table growth-results-table">
        <thead>
          <tr>
            <th>{t("growth:results.quantity")}</th>
            <th>{t("growth:results.value")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([key, value]) => (
            <tr key={key} data-testid={`growth-result-${key}`}>
              <th>{t(`growth:results.${key}`)}</th>
              <td className="growth-number">{digits(value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        {t("growth:results.duaneNote")}
        {fit.timeToTarget &&
          ` ${t("growth:results.timeToTarget", { time: digits(fit.timeToTarget.instantaneous) })}`}
      </p>
      <div className="growth-charts">
        <FitCharts
          times={fitted.times}
          counts={null}
          fit={drawn}
          curve={null}
          fittedLabel="Duane"
          name={name}
        />
      </div>
    </section>
  );
}
