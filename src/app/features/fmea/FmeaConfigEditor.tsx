// /dfmea/config/edit and /pfmea/config/edit (?configId=): one FMEA configuration (spec 4, 5, 6). Its name and
// six sections in a tab list: the severity, occurrence and detection scales (each rating 1 to 10 with its
// criteria; the variant's AIAG-VDA criteria until changed), the special characteristic classes (name, marking
// name and/or an icon of at most 2 MB), the custom attributes, and the Excel output (tabs written as further
// columns, parent cells merged). Only the compiler saves and deletes; the compiler, a counselor or an admin
// enables and disables (with confirmation); others read. Saving (Ctrl+S) checks the form with the stored
// settings' own schema (config-form.ts), so a refused value stays as typed with its message at its field;
// unsaved edits are kept as a local draft and offered back after a reload.
import { useSignals } from "@preact/signals-react/runtime";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ICON_MAX_BYTES, type ScaleRow } from "../../../shared/fmea/config.ts";
import { ATTRIBUTE_TABS, type FmeaVariant, NODE_KINDS, type NodeKind } from "../../../shared/fmea/model.ts";
import type { MessageKey } from "../../../shared/messages.ts";
import { canModifyRecord, canToggleConfig } from "../../../shared/permissions.ts";
import type { FmeaConfig } from "../../../shared/schemas/fmea.ts";
import { uploadFile } from "../../api/feedback.ts";
import { fmeaConfigsApi } from "../../api/fmea.ts";
import { ApiError } from "../../api/http.ts";
import { rowCommandId } from "../../commands/rows.ts";
import { runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { TextField } from "../../components/form.tsx";
import { message } from "../../components/message.ts";
import { problemMessage } from "../../components/problem.ts";
import { ScreenHeader } from "../../components/screen.tsx";
import { useRowTarget } from "../../components/table.tsx";
import { useFormDraft } from "../../components/unsaved.ts";
import { navigate } from "../../router/navigation.ts";
import type { ScreenProps } from "../../router/types.ts";
import { PATHS } from "../../routes.ts";
import { DraftKeeper, draftKey } from "../../state/drafts.ts";
import { focusOnArrival } from "../../state/overlays.ts";
import { roles, userId } from "../../state/session.ts";
import {
  configEditorSlot,
  configListPath,
  deleteConfig,
  disableConfig,
  enableConfig,
  forgetOpenSettings,
} from "./config-actions.ts";
import {
  ATTRIBUTE_TYPES,
  type AttributeForm,
  type ClassForm,
  type ConfigForm,
  checkConfigForm,
  defaultScale,
  emptyAttribute,
  emptyClass,
  type FieldPath,
  formOfConfig,
  isUnsaved,
  keyFromLabel,
  SCALES,
  type ScaleKey,
  SECTIONS,
  type Section,
  sectionOf,
  without,
} from "./config-form.ts";
import "./fmea.css";

const keeper = new DraftKeeper<ConfigForm>("fmea");

/** A field's message under it, tied to it by id (aria-describedby), as form.tsx's fields do. */
function Problem({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <div id={id} className="field-error" role="alert">
      {text}
    </div>
  ) : null;
}

const problemId = (field: FieldPath) => `fmea-config-problem-${field.replace(/\./g, "-")}`;

export default function FmeaConfigEditor({ view }: ScreenProps) {
  useSignals();
  const { t } = useTranslation(["fmeaconfig", "fmea", "common"]);
  const variant: FmeaVariant = view.path === PATHS.pfmeaConfigEdit ? "process" : "design";
  const id = Number(view.query.get("configId") ?? Number.NaN);
  const valid = Number.isInteger(id) && id > 0;
  const api = useMemo(() => fmeaConfigsApi(variant), [variant]);
  const [stored, setStored] = useState<FmeaConfig | null>(null);
  const [baseline, setBaseline] = useState<ConfigForm | null>(null);
  const [form, setForm] = useState<ConfigForm>(() => formOfConfig({ name: "", settings: {} }, variant));
  const [problems, setProblems] = useState<Map<FieldPath, string>>(new Map());
  const [section, setSection] = useState<Section>("severity");
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const key = draftKey("fmea", `config:${variant}:${id}`);

  // Read when opened, and again each time the kept view is shown (its effects run again), unless it holds
  // unsaved edits of this configuration: those stay as typed.
  const unsavedOf = useRef<number | null>(null);
  useEffect(() => {
    if (!valid || unsavedOf.current === id) return;
    let live = true;
    setFailed(false);
    setBaseline(null);
    api.get(id).then(
      (answer) => {
        if (!live) return;
        const opened = formOfConfig(answer.data, variant);
        setStored(answer.data);
        setForm(opened);
        setBaseline(opened);
        setProblems(new Map());
        // The name field for its compiler, else the section list. The field is enabled by the render this
        // answer starts, so focusing waits for it (a focus that did not stick is tried again next frame).
        const mayEdit = canModifyRecord(
          { userId: userId.peek() ?? "", roles: roles.peek() ?? [] },
          answer.data,
        );
        focusOnArrival(
          () => root.current,
          () => {
            const target = mayEdit
              ? nameRef.current
              : root.current?.querySelector<HTMLElement>("[role=tab][aria-selected=true]");
            target?.focus();
            return target != null && document.activeElement === target;
          },
        );
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [api, id, valid, variant]);

  const dirty = useFormDraft(
    keeper,
    key,
    form,
    baseline,
    stored?.name ?? t("editor.title"),
    (draft) => setForm(draft),
    isUnsaved,
  );
  unsavedOf.current = dirty && stored ? stored.id : null;

  const actor = { userId: userId.value ?? "", roles: roles.value ?? [] };
  const editable = stored !== null && canModifyRecord(actor, stored);
  const canToggle = stored !== null && canToggleConfig(actor, stored);

  /**
   * Focuses an element of the editor once it is drawn: after a section change renders, and after the palette
   * that ran the command has closed and given focus back (focusOnArrival; a focus that did not stick, as on a
   * field not drawn yet, is tried again).
   */
  const focusIn = (selector: string) =>
    focusOnArrival(
      () => root.current,
      () => {
        const target = root.current?.querySelector<HTMLElement>(selector);
        target?.focus();
        return target != null && document.activeElement === target;
      },
    );

  /** Shows a field: opens its section, then focuses it. */
  const reveal = (field: FieldPath) => {
    const s = sectionOf(field);
    if (s) setSection(s);
    focusIn(`[data-field="${CSS.escape(field)}"]`);
  };

  const change = (update: (f: ConfigForm) => ConfigForm, field?: FieldPath) => {
    setForm((f) => update(f));
    if (field && problems.size > 0)
      setProblems((p) => {
        const next = new Map(p);
        for (const k of [...next.keys()])
          if (k === field || field.startsWith(`${k}.`) || k.startsWith(`${field}.`)) next.delete(k);
        return next;
      });
  };

  const save = async () => {
    if (!stored || !editable || saving) return;
    const checked = checkConfigForm(form, variant);
    if (!checked.ok) {
      const shown = new Map<FieldPath, string>();
      for (const [field, k] of checked.problems) shown.set(field, problemMessage({ key: k }));
      setProblems(shown);
      const [first, text] = [...shown.entries()][0];
      message.warning(text);
      reveal(first);
      return;
    }
    setSaving(true);
    try {
      const answer = await api.update(stored.id, {
        version: stored.version,
        name: checked.name,
        settings: checked.settings,
      });
      const saved = formOfConfig(answer.data, variant);
      setStored(answer.data);
      setForm(saved);
      setBaseline(saved);
      setProblems(new Map());
      forgetOpenSettings(variant);
      message.success(t("editor.saved", { name: answer.data.name }));
    } catch (error) {
      // Refused (someone saved first, a rule of the server): the client has said why; the form stays as typed.
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setSaving(false);
    }
  };

  const toggled = (answer: FmeaConfig | null) => {
    if (!answer || !stored) return;
    // Enabling changes only the state and version: the typed form stays as it is.
    setStored({ ...stored, enabled: answer.enabled, version: answer.version, updatedAt: answer.updatedAt });
  };

  const addClass = () => {
    const index = form.classes.length;
    change((f) => ({ ...f, classes: [...f.classes, emptyClass()] }));
    setSection("classes");
    focusIn(`[data-field="classes.${index}.name"]`);
  };
  const addAttribute = () => {
    const index = form.attributes.length;
    change((f) => ({ ...f, attributes: [...f.attributes, emptyAttribute()] }));
    setSection("attributes");
    focusIn(`[data-field="attributes.${index}.label"]`);
  };

  useScreenActions(configEditorSlot, {
    editable: editable && !saving,
    canToggle,
    enabled: stored?.enabled ?? false,
    dirty,
    section,
    save,
    revert: () => {
      if (baseline) setForm(baseline);
      setProblems(new Map());
    },
    back: () => navigate(configListPath(variant)),
    enable: async () => {
      if (stored) toggled(await enableConfig(variant, stored));
    },
    disable: async () => {
      if (stored) toggled(await disableConfig(variant, stored));
    },
    remove: async () => {
      if (!stored || !(await deleteConfig(variant, stored))) return;
      // Nothing left to keep: the configuration is in the recycle bin with what was stored.
      setBaseline(form);
      navigate(configListPath(variant));
    },
    show: (s) => {
      setSection(s);
      focusIn(`[data-section="${s}"]`);
    },
    restoreScale: () => {
      if ((SCALES as readonly string[]).includes(section)) {
        const scale = section as ScaleKey;
        change((f) => ({ ...f, [scale]: defaultScale(variant, scale) }), scale);
      }
    },
    addClass,
    addAttribute,
  });

  if (!valid || failed)
    return (
      <div className="screen" data-testid="fmea-config-editor">
        <ScreenHeader view={view} />
        <p className="fmea-empty">{t("editor.missing")}</p>
      </div>
    );

  const problemOf = (field: FieldPath) => problems.get(field);
  const fieldProps = (field: FieldPath) => ({
    "data-field": field,
    "aria-invalid": problems.has(field) || undefined,
    "aria-describedby": problems.has(field) ? problemId(field) : undefined,
    disabled: !editable,
  });

  return (
    <div
      className="screen fmea-config"
      ref={root}
      data-testid="fmea-config-editor"
      data-dirty={dirty}
      data-ready={stored !== null && baseline !== null}
    >
      <ScreenHeader
        view={view}
        title={stored ? t("editor.heading", { name: stored.name }) : undefined}
        actions={
          <span className="fmea-toolbar">
            {stored && (
              <span
                className={`fmea-config-state ${stored.enabled ? "is-enabled" : ""}`}
                data-testid="fmea-config-state"
              >
                {stored.enabled ? t("state.enabled") : t("state.disabled")}
              </span>
            )}
            {canToggle && (
              <button
                type="button"
                className="button"
                onClick={() => runCommand(stored?.enabled ? "fmea.config.disable" : "fmea.config.enable")}
              >
                {stored?.enabled ? t("list.disable") : t("list.enable")}
              </button>
            )}
            <button type="button" className="button" onClick={() => runCommand("fmea.config.back")}>
              {t("editor.back")}
            </button>
            {editable && (
              <button
                type="button"
                className="button button-primary"
                disabled={!dirty || saving}
                onClick={() => runCommand("fmea.config.save")}
              >
                {t("editor.save")}
              </button>
            )}
          </span>
        }
      />
      {stored && !editable && (
        <p className="fmea-hint">{t("editor.readOnly", { name: stored.compilerName })}</p>
      )}
      <form
        className="fmea-config-form"
        aria-label={t("editor.title")}
        onSubmit={(e) => {
          e.preventDefault();
          void runCommand("fmea.config.save");
        }}
      >
        <TextField
          ref={nameRef}
          label={t("editor.name")}
          className="fmea-config-name"
          value={form.name}
          error={problemOf("name")}
          data-field="name"
          disabled={!editable}
          onChange={(e) => {
            const name = e.target.value;
            change((f) => ({ ...f, name }), "name");
          }}
        />
        {/* Arrow keys move between the sections (one tab stop: the section shown), as in any tab list. */}
        <div
          role="tablist"
          aria-label={t("editor.sections")}
          className="fmea-tabs"
          onKeyDown={(e) => {
            if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
            e.preventDefault();
            const list = e.currentTarget;
            const i = SECTIONS.indexOf(section);
            const next = SECTIONS[(i + (e.key === "ArrowRight" ? 1 : SECTIONS.length - 1)) % SECTIONS.length];
            setSection(next);
            requestAnimationFrame(() => list.querySelector<HTMLElement>(`[data-section="${next}"]`)?.focus());
          }}
        >
          {SECTIONS.map((each) => {
            const wrong = [...problems.keys()].some((f) => sectionOf(f) === each);
            return (
              <button
                key={each}
                type="button"
                role="tab"
                id={`fmea-config-tab-${each}`}
                aria-controls="fmea-config-panel"
                data-section={each}
                tabIndex={section === each ? 0 : -1}
                aria-selected={section === each}
                className={`button ${section === each ? "button-primary" : ""} ${wrong ? "fmea-config-tab-invalid" : ""}`}
                onClick={() => runCommand(`fmea.config.section.${each}`)}
              >
                {t(`sections.${each}`)}
                {wrong && <span className="visually-hidden"> ({t("editor.hasProblems")})</span>}
              </button>
            );
          })}
        </div>
        <div
          role="tabpanel"
          id="fmea-config-panel"
          aria-labelledby={`fmea-config-tab-${section}`}
          className="fmea-tabpanel"
          data-testid={`fmea-config-${section}`}
        >
          {(SCALES as readonly string[]).includes(section) ? (
            <ScalePanel
              scale={section as ScaleKey}
              rows={form[section as ScaleKey]}
              editable={editable}
              problemOf={problemOf}
              fieldProps={fieldProps}
              onCriteria={(index, criteria) =>
                change((f) => {
                  const scale = section as ScaleKey;
                  const rows = f[scale].map((r, i) => (i === index ? { ...r, criteria } : r));
                  return { ...f, [scale]: rows };
                }, `${section}.${index}.criteria`)
              }
            />
          ) : section === "classes" ? (
            <ClassPanel
              classes={form.classes}
              editable={editable}
              problemOf={problemOf}
              fieldProps={fieldProps}
              onChange={(index, next, field) =>
                change(
                  (f) => ({ ...f, classes: f.classes.map((c, i) => (i === index ? next(c) : c)) }),
                  `classes.${index}.${field}`,
                )
              }
              onRemove={(index) => change((f) => ({ ...f, classes: without(f.classes, index) }), "classes")}
              onIconProblem={(index, key) =>
                setProblems((p) => new Map(p).set(`classes.${index}.icon`, problemMessage({ key })))
              }
            />
          ) : section === "attributes" ? (
            <AttributePanel
              attributes={form.attributes}
              editable={editable}
              problemOf={problemOf}
              fieldProps={fieldProps}
              onChange={(index, patch, field) =>
                change(
                  (f) => ({
                    ...f,
                    attributes: f.attributes.map((a, i) => (i === index ? { ...a, ...patch } : a)),
                  }),
                  `attributes.${index}.${field}`,
                )
              }
              onRemove={(index) =>
                change((f) => ({ ...f, attributes: without(f.attributes, index) }), "attributes")
              }
            />
          ) : (
            <fieldset className="fmea-config-excel" disabled={!editable}>
              <legend>{t("excel.tabs")}</legend>
              <p className="fmea-hint">{t("excel.hint")}</p>
              <div className="fmea-config-checks" data-field="excelTabs">
                {ATTRIBUTE_TABS.map((tab) => (
                  <label key={tab} className="checkbox">
                    <input
                      type="checkbox"
                      checked={form.excelTabs.includes(tab)}
                      onChange={(e) => {
                        const on = e.target.checked;
                        change(
                          (f) => ({
                            ...f,
                            excelTabs: on ? [...f.excelTabs, tab] : f.excelTabs.filter((x) => x !== tab),
                          }),
                          "excelTabs",
                        );
                      }}
                    />
                    {t(`fmea:tabs.${tab}`)}
                  </label>
                ))}
              </div>
              <Problem id={problemId("excelTabs")} text={problemOf("excelTabs")} />
              <label className="checkbox fmea-config-merge">
                <input
                  type="checkbox"
                  checked={form.mergeCells}
                  onChange={(e) => {
                    const mergeCells = e.target.checked;
                    change((f) => ({ ...f, mergeCells }));
                  }}
                />
                {t("excel.mergeCells")}
              </label>
            </fieldset>
          )}
        </div>
      </form>
    </div>
  );
}

type FieldProps = (field: FieldPath) => Record<string, unknown>;

function ScalePanel(props: {
  scale: ScaleKey;
  rows: ScaleRow[];
  editable: boolean;
  problemOf(field: FieldPath): string | undefined;
  fieldProps: FieldProps;
  onCriteria(index: number, criteria: string): void;
}) {
  const { t } = useTranslation("fmeaconfig");
  return (
    <>
      <div className="fmea-config-panel-head">
        <p className="fmea-hint">{t(`scaleHint.${props.scale}`)}</p>
        {props.editable && (
          <button type="button" className="button" onClick={() => runCommand("fmea.config.restoreScale")}>
            {t("commands.restoreScale")}
          </button>
        )}
      </div>
      <table className="table fmea-config-table" data-testid="fmea-config-scale">
        <caption className="visually-hidden">{t(`sections.${props.scale}`)}</caption>
        <thead>
          <tr>
            <th scope="col" style={{ width: 80 }}>
              {t("scale.rating")}
            </th>
            <th scope="col">{t("scale.criteria")}</th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row, index) => {
            const field = `${props.scale}.${index}.criteria`;
            return (
              <tr key={row.rating}>
                <th scope="row" className="fmea-config-rating">
                  {row.rating}
                </th>
                <td>
                  <input
                    className="input"
                    aria-label={t("scale.criteriaOf", { rating: row.rating })}
                    value={row.criteria}
                    onChange={(e) => props.onCriteria(index, e.target.value)}
                    {...props.fieldProps(field)}
                  />
                  <Problem id={problemId(field)} text={props.problemOf(field)} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

function SectionProblem({ text }: { text: string | undefined }): ReactNode {
  return text ? (
    <p className="field-error" role="alert">
      {text}
    </p>
  ) : null;
}

function ClassPanel(props: {
  classes: ClassForm[];
  editable: boolean;
  problemOf(field: FieldPath): string | undefined;
  fieldProps: FieldProps;
  onChange(index: number, next: (c: ClassForm) => ClassForm, field: string): void;
  onRemove(index: number): void;
  onIconProblem(index: number, key: MessageKey): void;
}) {
  const { t } = useTranslation(["fmeaconfig", "common"]);
  const indexed = props.classes.map((c, index) => ({ c, index }));
  const { focus } = useRowTarget(
    props.editable
      ? {
          kind: "fmea-config-class",
          actions: (r: { c: ClassForm; index: number }) => ({
            remove: () => props.onRemove(r.index),
            ...(r.c.icon
              ? { removeIcon: () => props.onChange(r.index, (x) => ({ ...x, icon: null }), "icon") }
              : {}),
          }),
        }
      : undefined,
    indexed,
    (r) => r.index,
  );
  const [uploading, setUploading] = useState<number | null>(null);

  const upload = async (index: number, file: File) => {
    // Spec 5: at most 2 MB, said before anything is sent.
    if (file.size > ICON_MAX_BYTES) return props.onIconProblem(index, "iconTooLarge");
    setUploading(index);
    try {
      const stored = (await uploadFile(file, "image")).data;
      props.onChange(index, (c) => ({ ...c, icon: { file: stored.id, bytes: stored.size } }), "icon");
    } catch (error) {
      // Refused by the server (not an image, say): the client has said why.
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setUploading(null);
    }
  };

  return (
    <>
      <div className="fmea-config-panel-head">
        <p className="fmea-hint">{t("classes.hint")}</p>
        {props.editable && (
          <button type="button" className="button" onClick={() => runCommand("fmea.config.addClass")}>
            {t("commands.addClass")}
          </button>
        )}
      </div>
      <SectionProblem text={props.problemOf("classes")} />
      <table className="table fmea-config-table" data-testid="fmea-config-classes">
        <caption className="visually-hidden">{t("sections.classes")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("classes.name")}</th>
            <th scope="col" style={{ width: 180 }}>
              {t("classes.markingName")}
            </th>
            <th scope="col" style={{ width: 230 }}>
              {t("classes.icon")}
            </th>
            <th scope="col" style={{ width: 90 }}>
              <span className="visually-hidden">{t("common:actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {indexed.map(({ c, index }) => {
            const at = (field: string) => `classes.${index}.${field}`;
            return (
              <tr key={index} onFocus={() => focus(indexed[index])} data-row-key={index}>
                <td>
                  <input
                    className="input"
                    aria-label={t("classes.nameOf", { n: index + 1 })}
                    value={c.name}
                    onChange={(e) => {
                      const name = e.target.value;
                      props.onChange(index, (x) => ({ ...x, name }), "name");
                    }}
                    {...props.fieldProps(at("name"))}
                  />
                  <Problem id={problemId(at("name"))} text={props.problemOf(at("name"))} />
                </td>
                <td>
                  <input
                    className="input"
                    aria-label={t("classes.markingOf", { n: index + 1 })}
                    value={c.markingName}
                    onChange={(e) => {
                      const markingName = e.target.value;
                      props.onChange(index, (x) => ({ ...x, markingName }), "markingName");
                    }}
                    {...props.fieldProps(at("markingName"))}
                  />
                  <Problem id={problemId(at("markingName"))} text={props.problemOf(at("markingName"))} />
                </td>
                <td>
                  <span className="fmea-config-icon">
                    {c.icon && (
                      <img
                        src={`/api/file/${c.icon.file}?inline=1`}
                        alt={t("classes.iconOf", { name: c.name })}
                        width={20}
                        height={20}
                      />
                    )}
                    {props.editable && (
                      <label className="button fmea-config-upload">
                        {uploading === index
                          ? t("classes.uploading")
                          : c.icon
                            ? t("classes.replaceIcon")
                            : t("classes.uploadIcon")}
                        <input
                          type="file"
                          className="visually-hidden"
                          accept="image/png,image/jpeg,image/gif,image/webp"
                          {...props.fieldProps(at("icon"))}
                          onChange={(e) => {
                            const file = e.target.files?.[0];
                            e.target.value = "";
                            if (file) void upload(index, file);
                          }}
                        />
                      </label>
                    )}
                    {props.editable && c.icon && (
                      <button
                        type="button"
                        className="link-button"
                        onClick={() => runCommand(rowCommandId("fmea-config-class", "removeIcon"))}
                      >
                        {t("classes.removeIcon")}
                      </button>
                    )}
                  </span>
                  <Problem id={problemId(at("icon"))} text={props.problemOf(at("icon"))} />
                </td>
                <td>
                  {props.editable && (
                    <button
                      type="button"
                      className="link-button danger"
                      onClick={() => runCommand(rowCommandId("fmea-config-class", "remove"))}
                    >
                      {t("classes.remove")}
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
          {indexed.length === 0 && (
            <tr>
              <td colSpan={4} className="table-empty">
                {t("classes.empty")}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </>
  );
}

function AttributePanel(props: {
  attributes: AttributeForm[];
  editable: boolean;
  problemOf(field: FieldPath): string | undefined;
  fieldProps: FieldProps;
  onChange(index: number, patch: Partial<AttributeForm>, field: string): void;
  onRemove(index: number): void;
}) {
  const { t } = useTranslation(["fmeaconfig", "fmea", "common"]);
  const indexed = props.attributes.map((a, index) => ({ a, index }));
  const { focus } = useRowTarget(
    props.editable
      ? {
          kind: "fmea-config-attribute",
          actions: (r: { index: number }) => ({ remove: () => props.onRemove(r.index) }),
        }
      : undefined,
    indexed,
    (r) => r.index,
  );
  return (
    <>
      <div className="fmea-config-panel-head">
        <p className="fmea-hint">{t("attributes.hint")}</p>
        {props.editable && (
          <button type="button" className="button" onClick={() => runCommand("fmea.config.addAttribute")}>
            {t("commands.addAttribute")}
          </button>
        )}
      </div>
      <SectionProblem text={props.problemOf("attributes")} />
      <table className="table fmea-config-table" data-testid="fmea-config-attributes">
        <caption className="visually-hidden">{t("sections.attributes")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("attributes.label")}</th>
            <th scope="col" style={{ width: 170 }}>
              {t("attributes.key")}
            </th>
            <th scope="col" style={{ width: 130 }}>
              {t("attributes.type")}
            </th>
            <th scope="col">{t("attributes.choices")}</th>
            <th scope="col" style={{ width: 190 }}>
              {t("attributes.kinds")}
            </th>
            <th scope="col" style={{ width: 90 }}>
              <span className="visually-hidden">{t("common:actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {indexed.map(({ a, index }) => {
            const at = (field: string) => `attributes.${index}.${field}`;
            return (
              <tr key={index} onFocus={() => focus(indexed[index])} data-row-key={index}>
                <td>
                  <input
                    className="input"
                    aria-label={t("attributes.labelOf", { n: index + 1 })}
                    value={a.label}
                    onChange={(e) => props.onChange(index, { label: e.target.value }, "label")}
                    {...props.fieldProps(at("label"))}
                  />
                  <Problem id={problemId(at("label"))} text={props.problemOf(at("label"))} />
                </td>
                <td>
                  <input
                    className="input"
                    aria-label={t("attributes.keyOf", { n: index + 1 })}
                    placeholder={keyFromLabel(a.label)}
                    value={a.key}
                    onChange={(e) => props.onChange(index, { key: e.target.value }, "key")}
                    {...props.fieldProps(at("key"))}
                  />
                  <Problem id={problemId(at("key"))} text={props.problemOf(at("key"))} />
                </td>
                <td>
                  <select
                    className="input"
                    aria-label={t("attributes.typeOf", { n: index + 1 })}
                    value={a.type}
                    onChange={(e) =>
                      props.onChange(index, { type: e.target.value as AttributeForm["type"] }, "type")
                    }
                    {...props.fieldProps(at("type"))}
                  >
                    {ATTRIBUTE_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {t(`attributes.types.${type}`)}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  {a.type === "choice" ? (
                    <textarea
                      className="input textarea"
                      rows={2}
                      aria-label={t("attributes.choicesOf", { n: index + 1 })}
                      placeholder={t("attributes.choicesHint")}
                      value={a.choices}
                      onChange={(e) => props.onChange(index, { choices: e.target.value }, "choices")}
                      {...props.fieldProps(at("choices"))}
                    />
                  ) : (
                    <span className="fmea-config-none">—</span>
                  )}
                  <Problem id={problemId(at("choices"))} text={props.problemOf(at("choices"))} />
                </td>
                <td>
                  <select
                    multiple
                    size={3}
                    className="input"
                    aria-label={t("attributes.kindsOf", { n: index + 1 })}
                    title={t("attributes.kindsHint")}
                    value={a.kinds ?? []}
                    onChange={(e) =>
                      props.onChange(
                        index,
                        { kinds: Array.from(e.target.selectedOptions, (o) => o.value as NodeKind) },
                        "kinds",
                      )
                    }
                    {...props.fieldProps(at("kinds"))}
                  >
                    {NODE_KINDS.map((kind) => (
                      <option key={kind} value={kind}>
                        {t(`fmea:kinds.${kind}`)}
                      </option>
                    ))}
                  </select>
                  <Problem id={problemId(at("kinds"))} text={props.problemOf(at("kinds"))} />
                </td>
                <td>
                  {props.editable && (
                    <button
                      type="button"
                      className="link-button danger"
                      onClick={() => runCommand(rowCommandId("fmea-config-attribute", "remove"))}
                    >
                      {t("attributes.remove")}
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
          {indexed.length === 0 && (
            <tr>
              <td colSpan={6} className="table-empty">
                {t("attributes.empty")}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </>
  );
}
