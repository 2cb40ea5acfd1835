// The structure tree screen (/fmeaTree design, /pFmeaTree process; ?fmeaId= or the FMEA record kept in
// session storage): left the structure tree, right the functions, characteristics, failures and measures
// of the structure element selected on the left. Keys, palette and buttons all run the commands of
// commands/fmea.ts; this component draws the state of store.ts and edits a name in place.
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { specialClassOf, specialMark } from "../../../shared/fmea/config.ts";
import type { FmeaNode, FmeaVariant } from "../../../shared/fmea/model.ts";
import { textAttr } from "../../../shared/fmea/risk.ts";
import { runCommand } from "../../commands/run.ts";
import { ScreenHeader } from "../../components/screen.tsx";
import type { ScreenProps } from "../../router/types.ts";
import { PATHS } from "../../routes.ts";
import { fmeaRecord } from "../../state/fmea.ts";
import { useNameSuggestions } from "../dictionary/NameSuggestions.tsx";
import { AttributeDialog } from "./AttributeDialog.tsx";
import { FaultTreeDialog } from "./FaultTreeDialog.tsx";
import { loadSettings, specialClasses } from "./settings.ts";
import {
  clipboard,
  closed,
  doc,
  focusStructure,
  linkMark,
  load,
  loading,
  pane,
  pending,
  rename,
  renaming,
  selected,
  selectNode,
  startPolling,
  stopPolling,
} from "./store.ts";
import { type Pane, paneRows, type Row } from "./view.ts";
import "./fmea.css";
import { focusOnArrival } from "../../state/overlays.ts";

function NameEditor({ node }: { node: FmeaNode }) {
  const [value, setValue] = useState(node.name);
  const ref = useRef<HTMLInputElement>(null);
  const { t } = useTranslation("fmea");
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);
  const done = (keep: boolean, name = value) => {
    const which: Pane = node.kind === "stru" ? "left" : "right";
    if (keep) rename(node.id, name.trim());
    else renaming.value = null;
    // Back to the tree at once, in the task that ends the edit: a key pressed right after (Shift+Tab to the other
    // tree) then starts from the tree, not from the vanished input or a focus that lands a frame later.
    document.querySelector<HTMLElement>(`[data-fmea-pane="${which}"]`)?.focus();
  };
  // Names from the device and failure dictionaries, picked with the arrows and Enter.
  const suggest = useNameSuggestions(node, value, (name) => done(true, name));
  return (
    <span className="fmea-name-edit">
      <input
        ref={ref}
        {...suggest.inputProps}
        className="fmea-name-input"
        aria-label={t("tree.name")}
        value={value}
        maxLength={500}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (suggest.keyDown(e)) return;
          if (e.key === "Enter") {
            e.preventDefault();
            e.stopPropagation();
            done(true);
          } else if (e.key === "Escape") {
            e.preventDefault();
            e.stopPropagation();
            done(false);
          }
        }}
        onBlur={(e) => {
          if (renaming.value !== node.id) return;
          // Focus handed back to the tree itself (the palette closing after it ran an add): keep typing.
          if ((e.relatedTarget as HTMLElement | null)?.hasAttribute("data-fmea-pane")) {
            requestAnimationFrame(() => ref.current?.focus());
            return;
          }
          done(true);
        }}
      />
      {suggest.list}
    </span>
  );
}

/** The special characteristic class a characteristic or failure is marked with (spec 3's featureClassify). */
const special = (node: FmeaNode) => textAttr(node, "featureClassify", "specialClass");

function TreePane({ which, rows, label }: { which: Pane; rows: Row[]; label: string }) {
  useSignals();
  const { t } = useTranslation("fmea");
  const current = selected.value[which];
  const clip = clipboard.value;
  const classes = specialClasses(doc.value.variant);
  // Net links per node: up (to a higher level) and down.
  const up = new Map<string, number>();
  const down = new Map<string, number>();
  if (which === "right")
    for (const link of doc.value.links.values()) {
      up.set(link.to, (up.get(link.to) ?? 0) + 1);
      down.set(link.from, (down.get(link.from) ?? 0) + 1);
    }
  return (
    <div
      className={`fmea-pane ${pane.value === which ? "fmea-pane-front" : ""}`}
      role="tree"
      aria-label={label}
      tabIndex={0}
      data-fmea-keys
      data-fmea-pane={which}
      aria-activedescendant={current ? `fmea-${which}-${current}` : undefined}
      onFocus={() => {
        pane.value = which;
      }}
    >
      {rows.length === 0 && (
        <p className="fmea-empty">{t(which === "left" ? "tree.emptyStructure" : "tree.emptyFunctions")}</p>
      )}
      {rows.map(({ node, depth, hasChildren, open }) => {
        const isSelected = node.id === current;
        const type = node.elementType ? t(`elements.${node.elementType}`) : t(`kinds.${node.kind}`);
        return (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the tree (aria-activedescendant) takes the keys, as commands
          <div
            key={node.id}
            id={`fmea-${which}-${node.id}`}
            role="treeitem"
            tabIndex={-1}
            aria-level={depth + 1}
            aria-selected={isSelected}
            aria-expanded={hasChildren ? open : undefined}
            className={[
              "fmea-row",
              isSelected ? "selected" : "",
              node.hidden ? "fmea-hidden" : "",
              clip?.id === node.id ? `fmea-clip-${clip.mode}` : "",
              linkMark.value === node.id ? "fmea-link-mark" : "",
            ].join(" ")}
            style={{ paddingLeft: `${0.5 + depth * 1.25}rem` }}
            data-kind={node.kind}
            onClick={() => selectNode(which, node.id)}
            onDoubleClick={() => {
              selectNode(which, node.id);
              renaming.value = node.id;
            }}
          >
            <span className="fmea-twisty" aria-hidden="true">
              {hasChildren ? (open ? "▾" : "▸") : "·"}
            </span>
            <span className={`fmea-badge fmea-badge-${node.kind}`}>{type}</span>
            {renaming.value === node.id ? (
              <NameEditor node={node} />
            ) : (
              <span className="fmea-name">{node.name || <em>{t("tree.unnamed")}</em>}</span>
            )}
            {special(node) && (
              <span
                className="fmea-special"
                data-testid="fmea-special"
                title={specialClassOf(classes, special(node))?.name ?? special(node)}
              >
                {specialMark(classes, special(node))}
              </span>
            )}
            {(up.get(node.id) || down.get(node.id)) && (
              <span className="fmea-links" data-testid="fmea-links">
                {t("tree.links", { up: up.get(node.id) ?? 0, down: down.get(node.id) ?? 0 })}
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
}

export default function FmeaTree({ view }: ScreenProps) {
  useSignals();
  const { t } = useTranslation(["fmea", "common"]);
  const variant: FmeaVariant = view.path === PATHS.processFmeaTree ? "process" : "design";
  const id = Number(view.query.get("fmeaId") ?? fmeaRecord.value?.fmeaId ?? Number.NaN);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0) return;
    setFailed(false);
    void loadSettings(variant, id);
    load(variant, id).then(
      () => {
        startPolling();
        // Keyboard first: the structure tree takes the keys as soon as it is there.
        focusOnArrival(
          () => document.querySelector('[data-fmea-pane="left"]'),
          () => document.querySelector<HTMLElement>('[data-fmea-pane="left"]')?.focus(),
        );
      },
      () => setFailed(true),
    );
    return () => stopPolling();
  }, [variant, id]);

  if (!Number.isInteger(id) || id <= 0 || failed)
    return (
      <div className="screen" data-testid="fmea-tree">
        <ScreenHeader view={view} />
        <p className="fmea-empty">{t("fmea:tree.noFmea")}</p>
      </div>
    );

  const left = paneRows(doc.value, "left", null, closed.value);
  const structure = focusStructure();
  const right = paneRows(doc.value, "right", structure, closed.value);
  const structureName = structure ? (doc.value.nodes.get(structure)?.name ?? "") : "";
  return (
    <div
      className="screen fmea-tree-screen"
      data-testid="fmea-tree"
      data-pending={pending.value}
      data-loading={loading.value}
    >
      <ScreenHeader
        view={view}
        actions={
          <span className="fmea-toolbar">
            <button type="button" className="button" onClick={() => runCommand("fmea.addRoot")}>
              {t("fmea:commands.addRoot")}
            </button>
            <button type="button" className="button" onClick={() => runCommand("fmea.undo")}>
              {t("fmea:commands.undo")}
            </button>
            <button type="button" className="button" onClick={() => runCommand("fmea.redo")}>
              {t("fmea:commands.redo")}
            </button>
          </span>
        }
      />
      <p className="fmea-hint">{t("fmea:tree.hint")}</p>
      <div className="fmea-panes">
        <section>
          <h2>{t("fmea:tree.structure")}</h2>
          <TreePane which="left" rows={left} label={t("fmea:tree.structure")} />
        </section>
        <section>
          <h2>{t("fmea:tree.functions", { name: structureName })}</h2>
          <TreePane which="right" rows={right} label={t("fmea:tree.functions", { name: structureName })} />
        </section>
      </div>
      <AttributeDialog />
      <FaultTreeDialog />
    </div>
  );
}
