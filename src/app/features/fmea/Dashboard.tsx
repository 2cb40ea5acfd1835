// The basic-information tab of an FMEA (/ddashboard design, /pdashboard process; ?fmeaId= or the FMEA record
// kept in session storage): the planning header of AIAG-VDA step 1 as a form, and what the analysis holds so
// far, and the configuration the FMEA uses (spec 4: its rating scales, classes, attributes and Excel output;
// the variant's enabled one, or one named; a disabled one cannot be chosen). Saving (Ctrl+S) writes the
// header and the configuration into the FMEA record with the revision it was based on; only the compiler may
// (spec 6), others read. Unsaved edits are kept as a local draft.
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FmeaVariant } from "../../../shared/fmea/model.ts";
import { docOf, type FmeaDoc } from "../../../shared/fmea/tree.ts";
import { canModifyRecord } from "../../../shared/permissions.ts";
import type { AnalysisDocument } from "../../../shared/schemas/analyses.ts";
import type { FmeaBody, FmeaConfig } from "../../../shared/schemas/fmea.ts";
import { authority } from "../../api/authority.ts";
import { fmeaConfigsApi, fmeaNodesApi, fmeaStores } from "../../api/fmea.ts";
import { ApiError } from "../../api/http.ts";
import { runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { SelectField, TextAreaField, TextField } from "../../components/form.tsx";
import { message } from "../../components/message.ts";
import { problemMessage } from "../../components/problem.ts";
import { ScreenHeader } from "../../components/screen.tsx";
import { offerDraft, useLeaveWarning } from "../../components/unsaved.ts";
import { navigate } from "../../router/navigation.ts";
import type { ScreenProps } from "../../router/types.ts";
import { PATHS, pathWithQuery } from "../../routes.ts";
import { DraftKeeper, draftKey, registerKeeper } from "../../state/drafts.ts";
import { fmeaRecord, recordOf, setFmeaRecord } from "../../state/fmea.ts";
import { roles, userId } from "../../state/session.ts";
import { forgetOpenSettings } from "./config-actions.ts";
import {
  CONFIDENTIALITY,
  checkDocument,
  checkPlanning,
  configChoices,
  configIdOf,
  counselorText,
  type DirectoryUser,
  type DocumentField,
  type DocumentForm,
  dashboardSlot,
  documentFormOf,
  FMEA_LANGUAGES,
  fmeaCounts,
  formOf,
  PLANNING_FIELDS,
  type PlanningField,
  type PlanningForm,
  parseCounselors,
} from "./dashboard.ts";
import { useFmeaId } from "./use-open-fmea.ts";
import "./fmea.css";
import { focusOnArrival } from "../../state/overlays.ts";

type Stored = AnalysisDocument<Partial<FmeaBody>>;
/** The draft: the header, the configuration choice ("" the variant's enabled one) and the counselors typed. */
type DashboardDraft = PlanningForm & { configChoice?: string; counselors?: string; document?: DocumentForm };

const keeper = new DraftKeeper<DashboardDraft>("fmea");
const choiceOf = (stored: Stored | null) =>
  typeof stored?.body.configId === "number" ? String(stored.body.configId) : "";
const counselorsOf = (stored: Stored | null, directory: readonly DirectoryUser[]) =>
  counselorText(stored?.body.counselorUserId ?? [], directory);

/** The typed counselors as ids: names the loaded directory lacks (it answers at most 200 users) are looked up. */
async function counselorIds(
  text: string,
  directory: readonly DirectoryUser[],
): Promise<{ ok: true; ids: number[] } | { ok: false; unknown: string }> {
  const first = parseCounselors(text, directory);
  if (first.ok) return first;
  const found = await authority
    .directory(first.unknown)
    .then((a) => a.data)
    .catch(() => [] as DirectoryUser[]);
  const more = [...directory, ...found];
  const again = parseCounselors(text, more);
  return again.ok || again.unknown === first.unknown ? again : counselorIds(text, more);
}

export default function Dashboard({ view }: ScreenProps) {
  useSignals();
  const { t } = useTranslation(["fmea", "common"]);
  const variant: FmeaVariant = view.path === PATHS.processDashboard ? "process" : "design";
  const { id, valid } = useFmeaId(view, variant);
  const [stored, setStored] = useState<Stored | null>(null);
  const [tree, setTree] = useState<FmeaDoc | null>(null);
  const [form, setForm] = useState<PlanningForm>(() => formOf(undefined));
  const [configs, setConfigs] = useState<FmeaConfig[]>([]);
  const [configChoice, setConfigChoice] = useState("");
  const [directory, setDirectory] = useState<DirectoryUser[]>([]);
  const [counselors, setCounselors] = useState("");
  const [counselorProblem, setCounselorProblem] = useState<string | null>(null);
  const [documentForm, setDocumentForm] = useState<DocumentForm>(() => documentFormOf(null));
  const [documentProblems, setDocumentProblems] = useState<Partial<Record<DocumentField, string>>>({});
  const [dirty, setDirty] = useState(false);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problems, setProblems] = useState<Partial<Record<PlanningField, string>>>({});
  const first = useRef<HTMLInputElement>(null);
  const configField = useRef<HTMLSelectElement>(null);
  const key = draftKey("fmea", `${variant}:${id}`);

  useEffect(() => {
    if (!valid) return;
    let live = true;
    setFailed(false);
    // The configurations this user may read (the list is short: one enabled per variant); unreadable, the
    // choice still offers the enabled one and keeps the FMEA's own.
    const readConfigs = fmeaConfigsApi(variant)
      .list({ pageSize: 200 })
      .then((a) => a.data.items)
      .catch(() => [] as FmeaConfig[]);
    // The users the counselors are named from; unreadable, the stored ones show as #id and stay.
    const readDirectory = authority
      .directory()
      .then((a) => a.data)
      .catch(() => [] as DirectoryUser[]);
    Promise.all([
      fmeaStores[variant].get(id),
      fmeaNodesApi(variant).tree(id),
      readConfigs,
      readDirectory,
    ]).then(
      async ([doc, nodes, list, people]) => {
        if (!live) return;
        setStored(doc.data);
        setTree(docOf(nodes.data));
        setConfigs(list);
        setDirectory(people);
        setForm(formOf(doc.data.body.planning));
        setConfigChoice(choiceOf(doc.data));
        setCounselors(counselorsOf(doc.data, people));
        setCounselorProblem(null);
        setDocumentForm(documentFormOf(doc.data));
        setDocumentProblems({});
        setDirty(false);
        setProblems({});
        const draft = await offerDraft<DashboardDraft>(key);
        if (live && draft) {
          const {
            configChoice: chosen,
            counselors: typed,
            document: typedDocument,
            ...planning
          } = draft.data;
          setForm({ ...formOf(doc.data.body.planning), ...planning });
          if (typeof chosen === "string") setConfigChoice(chosen);
          if (typeof typed === "string") setCounselors(typed);
          if (typedDocument) setDocumentForm({ ...documentFormOf(doc.data), ...typedDocument });
          setDirty(true);
        }
        if (live)
          focusOnArrival(
            () => first.current,
            () => first.current?.focus(),
          );
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [variant, id, valid, key]);

  useEffect(() => registerKeeper(keeper), []);
  useEffect(() => {
    if (dirty)
      keeper.keep(key, stored?.name ?? "", () => ({
        ...form,
        configChoice,
        counselors,
        document: documentForm,
      }));
    else void keeper.clear();
  }, [dirty, form, configChoice, counselors, documentForm, key, stored?.name]);
  useLeaveWarning(dirty);

  const actor = { userId: userId.value ?? "", roles: roles.value ?? [] };
  const canSave = stored !== null && canModifyRecord(actor, stored);
  const counts = useMemo(() => (tree ? fmeaCounts(tree) : null), [tree]);
  const storedConfigId = typeof stored?.body.configId === "number" ? stored.body.configId : null;
  const choices = useMemo(() => configChoices(configs, storedConfigId), [configs, storedConfigId]);

  const save = async () => {
    if (!stored || !canSave || saving) return;
    const checked = checkPlanning(form);
    const record = checkDocument(documentForm);
    if (!record.ok) {
      const shown: Partial<Record<DocumentField, string>> = {};
      for (const [field, key] of Object.entries(record.problems))
        shown[field as DocumentField] = problemMessage({ key });
      setDocumentProblems(shown);
      message.warning(Object.values(shown)[0] ?? "");
      return;
    }
    const team = await counselorIds(counselors, directory);
    if (!team.ok) {
      const shown = problemMessage({ key: "fmea.unknownUser", params: { name: team.unknown } });
      setCounselorProblem(shown);
      message.warning(shown);
      return;
    }
    if (!checked.ok) {
      const shown: Partial<Record<PlanningField, string>> = {};
      for (const [field, key] of Object.entries(checked.problems))
        shown[field as PlanningField] = problemMessage({ key });
      setProblems(shown);
      message.warning(Object.values(shown)[0] ?? "");
      return;
    }
    setSaving(true);
    try {
      const configId = configIdOf(configChoice);
      const body = {
        ...stored.body,
        ...record.body,
        planning: checked.planning,
        configId,
        counselorUserId: team.ids,
      };
      const answer = await fmeaStores[variant].update(stored.id, {
        version: stored.version,
        name: record.name,
        body,
      });
      const saved = { ...stored, ...answer.data, body };
      setStored(saved);
      setDocumentForm(documentFormOf(saved));
      setDocumentProblems({});
      // The top bar and the lists name the FMEA by its record.
      if (fmeaRecord.peek()?.fmeaId === String(stored.id)) setFmeaRecord(recordOf(saved));
      setForm(formOf(checked.planning));
      setCounselors(counselorText(team.ids, directory));
      setProblems({});
      setDirty(false);
      // The trees and the table read the FMEA's configuration once: read it again.
      if (configId !== storedConfigId) forgetOpenSettings(variant);
      message.success(t("fmea:dashboard.saved"));
    } catch (error) {
      // Refused (someone saved first): the HTTP client has said why; the typed header stays on screen.
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setSaving(false);
    }
  };

  useScreenActions(dashboardSlot, {
    canSave: canSave && !saving,
    dirty,
    save,
    revert: () => {
      setForm(formOf(stored?.body.planning));
      setConfigChoice(choiceOf(stored));
      setCounselors(counselorsOf(stored, directory));
      setCounselorProblem(null);
      setDocumentForm(documentFormOf(stored));
      setDocumentProblems({});
      setProblems({});
      setDirty(false);
    },
    chooseConfig: () => configField.current?.focus(),
    openTree: () =>
      navigate(pathWithQuery(variant === "design" ? PATHS.fmeaTree : PATHS.processFmeaTree, { fmeaId: id })),
  });

  if (!valid || failed)
    return (
      <div className="screen" data-testid="fmea-dashboard">
        <ScreenHeader view={view} />
        <p className="fmea-empty">{t("fmea:tree.noFmea")}</p>
      </div>
    );

  const edit = (field: PlanningField, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setProblems((p) => ({ ...p, [field]: undefined }));
    setDirty(true);
  };
  const label = (field: PlanningField) => t(`fmea:dashboard.fields.${field}`);
  const editDocument = (field: DocumentField, value: string) => {
    setDocumentForm((f) => ({ ...f, [field]: value }));
    setDocumentProblems((p) => ({ ...p, [field]: undefined }));
    setDirty(true);
  };

  return (
    <div className="screen fmea-dashboard" data-testid="fmea-dashboard" data-dirty={dirty}>
      <ScreenHeader
        view={view}
        title={stored ? `${t(`routes:${view.route.meta?.title ?? "basicInfo"}`)}: ${stored.name}` : undefined}
        actions={
          <span className="fmea-toolbar">
            {canSave && (
              <button
                type="button"
                className="button button-primary"
                onClick={() => runCommand("fmea.dashboard.save")}
                disabled={!dirty || saving}
              >
                {t("fmea:dashboard.save")}
              </button>
            )}
            <button type="button" className="button" onClick={() => runCommand("fmea.dashboard.openTree")}>
              {t("fmea:dashboard.openTree")}
            </button>
          </span>
        }
      />
      {!canSave && stored && <p className="fmea-hint">{t("fmea:dashboard.readOnly")}</p>}
      <div className="fmea-dashboard-body">
        <form
          className="fmea-planning"
          aria-label={t("fmea:dashboard.planning")}
          onSubmit={(e) => {
            e.preventDefault();
            void runCommand("fmea.dashboard.save");
          }}
        >
          <h2>{t("fmea:dashboard.planning")}</h2>
          <div className="fmea-planning-grid">
            <SelectField
              ref={configField}
              label={t("fmea:dashboard.config")}
              disabled={!canSave}
              data-field="configId"
              className="fmea-planning-wide"
              value={configChoice}
              onChange={(e) => {
                setConfigChoice(e.target.value);
                setDirty(true);
              }}
              options={choices.map((c) => ({
                value: c.value,
                disabled: c.disabled,
                label:
                  c.value === ""
                    ? t("fmea:dashboard.configEnabled")
                    : t(c.enabled ? "fmea:dashboard.configChoice" : "fmea:dashboard.configDisabled", {
                        name: c.name ?? `#${c.value}`,
                      }),
              }))}
            />
            <TextField
              label={t("fmea:dashboard.document.name")}
              disabled={!canSave}
              data-field="name"
              className="fmea-planning-wide"
              maxLength={150}
              value={documentForm.name}
              error={documentProblems.name ?? null}
              onChange={(e) => editDocument("name", e.target.value)}
            />
            {(["objectNumber", "objectName"] as const).map((field) => (
              <TextField
                key={field}
                label={t(`fmea:dashboard.document.${field}`)}
                disabled={!canSave}
                data-field={field}
                maxLength={field === "objectNumber" ? 100 : 150}
                value={documentForm[field]}
                error={documentProblems[field] ?? null}
                onChange={(e) => editDocument(field, e.target.value)}
              />
            ))}
            {(["fmeaLanguage", "pageLanguage"] as const).map((field) => (
              <SelectField
                key={field}
                label={t(`fmea:dashboard.document.${field}`)}
                disabled={!canSave}
                data-field={field}
                value={documentForm[field]}
                onChange={(e) => editDocument(field, e.target.value)}
                options={FMEA_LANGUAGES.map((code) => ({
                  value: code,
                  label: t(`common:languages.${code}`),
                }))}
              />
            ))}
            <TextField
              label={t("fmea:dashboard.counselors")}
              disabled={!canSave}
              data-field="counselorUserId"
              className="fmea-planning-wide"
              maxLength={4000}
              value={counselors}
              error={counselorProblem}
              onChange={(e) => {
                setCounselors(e.target.value);
                setCounselorProblem(null);
                setDirty(true);
              }}
            />
            {PLANNING_FIELDS.map(({ field, input }, i) => {
              const common = {
                label: label(field),
                error: problems[field] ?? null,
                disabled: !canSave,
                "data-field": field,
              };
              if (input === "text")
                return (
                  <TextAreaField
                    key={field}
                    {...common}
                    className="fmea-planning-wide"
                    rows={2}
                    maxLength={2000}
                    value={form[field]}
                    onChange={(e) => edit(field, e.target.value)}
                  />
                );
              if (input === "select")
                return (
                  <SelectField
                    key={field}
                    {...common}
                    value={form[field]}
                    onChange={(e) => edit(field, e.target.value)}
                    options={CONFIDENTIALITY.map((c) => ({
                      value: c,
                      label: t(`fmea:dashboard.confidentiality.${c || "none"}`),
                    }))}
                  />
                );
              return (
                <TextField
                  key={field}
                  {...common}
                  ref={i === 0 ? first : undefined}
                  type={input === "date" ? "date" : "text"}
                  maxLength={150}
                  value={form[field]}
                  onChange={(e) => edit(field, e.target.value)}
                />
              );
            })}
          </div>
        </form>
        <section className="fmea-counts" aria-label={t("fmea:dashboard.counts")} data-testid="fmea-counts">
          <h2>{t("fmea:dashboard.counts")}</h2>
          {counts && (
            <dl>
              {(Object.keys(counts) as (keyof typeof counts)[]).map((name) => (
                <div key={name} data-count={name}>
                  <dt>{t(`fmea:dashboard.count.${name}`)}</dt>
                  <dd>{counts[name].toLocaleString()}</dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      </div>
    </div>
  );
}
