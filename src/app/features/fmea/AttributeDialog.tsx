// The attribute dialog (spec 2, 3): opens on the tabs the node's type allows (ALLOWED_TABS) with each tab's
// fields (TAB_FIELDS); saving sends one update of the name and the changed tabs, checked by the same rules
// as on the server (S, O, D ratings 1 to 10). A refused value keeps what was typed and says why. The special
// characteristic is chosen from the configuration's classes, the Excel output as yes or no; the PFMEA's
// three severity columns are shown for process FMEAs only.
import { useSignals } from "@preact/signals-react/runtime";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type CustomAttribute, specialClassOf } from "../../../shared/fmea/config.ts";
import { attributesOf, CUSTOM_TAB, parseAttribute } from "../../../shared/fmea/custom-attributes.ts";
import {
  ALLOWED_TABS,
  type AttributeTab,
  type FmeaNode,
  type FmeaVariant,
  type NodeKind,
  SEVERITY_COLUMNS,
  TAB_FIELDS,
} from "../../../shared/fmea/model.ts";
import { attrsProblem } from "../../../shared/fmea/tree.ts";
import { Dialog, DialogCancel } from "../../components/Dialog.tsx";
import { SelectField, TextField } from "../../components/form.tsx";
import { problemMessage } from "../../components/problem.ts";
import { classLabel, currentSettings, specialClasses } from "./settings.ts";
import { attributesOf as attributesDialogOf, doc, fmeaProblemText, saveAttributes } from "./store.ts";

type Values = Record<string, Record<string, string>>;

/**
 * The fields a tab shows: the three severity columns are the PFMEA's; the custom attribute tab adds the
 * configuration's attributes on nodes of this kind (`custom`) after its own field.
 */
function fieldsOf(
  tab: AttributeTab,
  variant: FmeaVariant,
  custom: readonly CustomAttribute[] = [],
): readonly string[] {
  const fields = TAB_FIELDS[tab];
  if (tab === CUSTOM_TAB)
    return [...fields, ...custom.map((a) => a.key).filter((key) => !fields.includes(key))];
  return variant === "design" && tab === "assessments"
    ? fields.filter((f) => !(SEVERITY_COLUMNS as readonly string[]).includes(f))
    : fields;
}

/** The configuration's custom attributes a node of this kind has. */
const customOf = (variant: FmeaVariant, kind: NodeKind | undefined) =>
  kind ? attributesOf(currentSettings(variant).customAttributes, kind) : [];

/**
 * Choices of a field chosen from a list (the configuration's classes, the output setting, a choice
 * attribute's choices), else null.
 */
function useChoices(variant: FmeaVariant) {
  const { t } = useTranslation("fmea");
  return (
    field: string,
    current: string,
    attribute?: CustomAttribute,
  ): { value: string; label: string }[] | null => {
    if (attribute?.type === "choice") {
      const options = [{ value: "", label: "—" }, ...attribute.choices.map((c) => ({ value: c, label: c }))];
      // A value stored before the choice was taken out of the configuration stays until changed.
      if (current && !attribute.choices.includes(current)) options.push({ value: current, label: current });
      return options;
    }
    if (attribute) return null;
    if (field === "output")
      return [
        { value: "", label: t("attributes.outputYes") },
        { value: "no", label: t("attributes.outputNo") },
      ];
    if (field !== "specialClass") return null;
    const classes = specialClasses(variant);
    const options = [
      { value: "", label: t("attributes.noClass") },
      ...classes.map((c) => ({ value: c.name, label: classLabel(c) })),
    ];
    // A mark stored before (or from a file) that no class has stays choosable until changed.
    if (current && !specialClassOf(classes, current))
      options.push({ value: current, label: t("attributes.notInConfig", { mark: current }) });
    return options;
  };
}

export function AttributeDialog() {
  useSignals();
  const { t } = useTranslation(["fmea", "common"]);
  const id = attributesDialogOf.value;
  const node = id ? doc.value.nodes.get(id) : undefined;
  const variant = doc.value.variant;
  const choices = useChoices(variant);
  const tabs = node ? ALLOWED_TABS[node.kind] : [];
  const custom = customOf(variant, node?.kind);
  const [tab, setTab] = useState<AttributeTab>("name");
  const [name, setName] = useState("");
  const [values, setValues] = useState<Values>({});
  const [error, setError] = useState<{ tab: string; field: string; text: string } | null>(null);

  // Closed, the keys go back to the tree the node is in, whatever had focus when the dialog opened (a
  // palette's hand-off still pending from a command run a moment before, say). The dialog's own layout
  // effect records that element first; this effect runs after it and names the tree instead.
  const focusRef = useRef<Element | null>(null);
  useEffect(() => {
    if (node)
      focusRef.current = document.querySelector(
        `[data-fmea-pane="${node.kind === "stru" ? "left" : "right"}"]`,
      );
  }, [node]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: filled in when the dialog opens on a node
  useEffect(() => {
    if (!node) return;
    setTab("name");
    setName(node.name);
    setError(null);
    const filled: Values = {};
    for (const each of ALLOWED_TABS[node.kind]) {
      filled[each] = {};
      for (const field of fieldsOf(each, variant, customOf(variant, node.kind))) {
        const value = node.attrs[each]?.[field];
        filled[each][field] = value === undefined || value === null ? "" : String(value);
      }
      // A class stored by its mark is shown as the class it names.
      const special = filled[each].specialClass;
      if (special)
        filled[each].specialClass = specialClassOf(specialClasses(variant), special)?.name ?? special;
    }
    setValues(filled);
  }, [id]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!node) return;
    const attrs: Record<string, Record<string, unknown>> = {};
    for (const each of tabs) {
      const before = node.attrs[each] ?? {};
      const now: Record<string, unknown> = { ...(values[each] ?? {}) };
      const fields = fieldsOf(each, variant, custom);
      // The tab's fields the dialog does not show (the flow chart's branch and rework loop) are kept.
      if (!fields.some((f) => String(now[f] ?? "") !== String(before[f] ?? ""))) continue;
      // A custom attribute is typed as the table types it (a number stored as a number), or refused.
      if (each === CUSTOM_TAB)
        for (const attribute of custom) {
          const parsed = parseAttribute(attribute, now[attribute.key]);
          if (!parsed.ok) {
            setTab(each);
            setError({ tab: each, field: attribute.key, text: problemMessage(parsed.problem) });
            return;
          }
          now[attribute.key] = parsed.value;
        }
      attrs[each] = { ...(before as Record<string, unknown>), ...now };
    }
    const problem = attrsProblem(node.kind, attrs as FmeaNode["attrs"]);
    if (problem) {
      const [where, field] = (problem.where ?? []) as string[];
      setTab(where as AttributeTab);
      setError({ tab: where, field, text: fmeaProblemText(problem) });
      return;
    }
    saveAttributes(node.id, name.trim(), attrs as FmeaNode["attrs"]);
  };

  return (
    <Dialog
      open={node !== undefined}
      onOpenChange={(open) => {
        if (!open) attributesDialogOf.value = null;
      }}
      title={t("fmea:attributes.title", { name: node?.name ?? "" })}
      testId="fmea-attributes"
      focusRef={focusRef}
      width={560}
    >
      <form onSubmit={submit} className="form-vertical">
        {/* Arrow keys move between the tabs (one tab stop: the selected tab), as in any tab list. */}
        <div
          role="tablist"
          aria-label={t("fmea:attributes.tabs")}
          className="fmea-tabs"
          onKeyDown={(e) => {
            if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
            e.preventDefault();
            const list = e.currentTarget;
            const i = tabs.indexOf(tab);
            const next = tabs[(i + (e.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length];
            setTab(next);
            requestAnimationFrame(() => list.querySelector<HTMLElement>(`[data-tab="${next}"]`)?.focus());
          }}
        >
          {tabs.map((each) => (
            <button
              key={each}
              type="button"
              role="tab"
              data-tab={each}
              tabIndex={tab === each ? 0 : -1}
              aria-selected={tab === each}
              className={`button ${tab === each ? "button-primary" : ""}`}
              onClick={() => setTab(each)}
            >
              {t(`fmea:tabs.${each}`)}
            </button>
          ))}
        </div>
        <div role="tabpanel" className="fmea-tabpanel">
          {tab === "name" ? (
            <TextField
              label={t("fmea:tree.name")}
              name="name"
              value={name}
              maxLength={500}
              onChange={(e) => setName(e.target.value)}
            />
          ) : (
            fieldsOf(tab, variant, custom).map((field) => {
              const value = values[tab]?.[field] ?? "";
              const set = (next: string) =>
                setValues((old) => ({ ...old, [tab]: { ...(old[tab] ?? {}), [field]: next } }));
              const attribute =
                tab === CUSTOM_TAB && !TAB_FIELDS[tab].includes(field)
                  ? custom.find((a) => a.key === field)
                  : undefined;
              const options = choices(field, value, attribute);
              const common = {
                label: attribute ? attribute.label : t(`fmea:fields.${field}`),
                name: field,
                value,
                error: error?.tab === tab && error.field === field ? error.text : undefined,
              };
              return options ? (
                <SelectField
                  key={field}
                  {...common}
                  options={options}
                  onChange={(e) => set(e.target.value)}
                />
              ) : (
                <TextField key={field} {...common} onChange={(e) => set(e.target.value)} />
              );
            })
          )}
        </div>
        <div className="form-actions">
          <DialogCancel />
          <button type="submit" className="button button-primary">
            {t("fmea:attributes.save")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
