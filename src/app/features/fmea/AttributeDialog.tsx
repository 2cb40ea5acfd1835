// The attribute dialog (spec 2, 3): opens on the tabs the node's type allows (ALLOWED_TABS) with each tab's
// fields (TAB_FIELDS); saving sends one update of the name and the changed tabs, checked by the same rules
// as on the server (S, O, D ratings 1 to 10). A refused value keeps what was typed and says why.
import { useSignals } from "@preact/signals-react/runtime";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ALLOWED_TABS, type AttributeTab, TAB_FIELDS } from "../../../shared/fmea/model.ts";
import { attrsProblem } from "../../../shared/fmea/tree.ts";
import { Dialog, DialogCancel } from "../../components/Dialog.tsx";
import { TextField } from "../../components/form.tsx";
import { problemMessage } from "../../components/problem.ts";
import { attributesOf, doc, saveAttributes } from "./store.ts";

type Values = Record<string, Record<string, string>>;

export function AttributeDialog() {
  useSignals();
  const { t } = useTranslation(["fmea", "common"]);
  const id = attributesOf.value;
  const node = id ? doc.value.nodes.get(id) : undefined;
  const tabs = node ? ALLOWED_TABS[node.kind] : [];
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
      for (const field of TAB_FIELDS[each]) {
        const value = node.attrs[each]?.[field];
        filled[each][field] = value === undefined || value === null ? "" : String(value);
      }
    }
    setValues(filled);
  }, [id]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!node) return;
    const attrs: Record<string, Record<string, string>> = {};
    for (const each of tabs) {
      const before = node.attrs[each] ?? {};
      const now = values[each] ?? {};
      // The tab's fields the dialog does not show (the flow chart's branch and rework loop) are kept.
      if (TAB_FIELDS[each].some((f) => (now[f] ?? "") !== String(before[f] ?? "")))
        attrs[each] = { ...(before as Record<string, string>), ...now };
    }
    const problem = attrsProblem(node.kind, attrs);
    if (problem) {
      const [where, field] = (problem.where ?? []) as string[];
      setTab(where as AttributeTab);
      setError({ tab: where, field, text: problemMessage(problem) });
      return;
    }
    saveAttributes(node.id, name.trim(), attrs);
  };

  return (
    <Dialog
      open={node !== undefined}
      onOpenChange={(open) => {
        if (!open) attributesOf.value = null;
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
            TAB_FIELDS[tab].map((field) => (
              <TextField
                key={field}
                label={t(`fmea:fields.${field}`)}
                name={field}
                value={values[tab]?.[field] ?? ""}
                error={error?.tab === tab && error.field === field ? error.text : undefined}
                onChange={(e) =>
                  setValues((old) => ({ ...old, [tab]: { ...(old[tab] ?? {}), [field]: e.target.value } }))
                }
              />
            ))
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
