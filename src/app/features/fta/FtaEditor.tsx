// The eFTA screen (/fta/analysis/index): a keyboard-first fault tree editor. The tree on the left (dagre
// layout, standard symbols, zoom and pan), the attribute panel on the right, the analysis strip and results
// below. Every action is a command of commands/fta.ts; this screen implements them (bridge.ts) while mounted.
import { effect } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { runCommand } from "../../commands/run.ts";
import { ScreenHeader } from "../../components/screen.tsx";
import { useLeaveWarning } from "../../components/unsaved.ts";
import type { ScreenProps } from "../../router/types.ts";
import { draftKey, registerKeeper } from "../../state/drafts.ts";
import { setSelection } from "../../state/selection.ts";
import { AttributePanel } from "./AttributePanel.tsx";
import { ftaEditor } from "./bridge.ts";
import { editorApi } from "./editor-api.ts";
import { FileDialogs } from "./FileDialogs.tsx";
import * as files from "./files.ts";
import { ResultsPanel } from "./ResultsPanel.tsx";
import { canvas, clipboard, dirty, fitKey, history, model, resultsOpen, selected, stored } from "./store.ts";
import { TreeCanvas } from "./TreeCanvas.tsx";
import "./fta.css";

const TOOLS: { id: string; labelKey: string }[] = [
  { id: "fta.addGate", labelKey: "fta:toolbar.gate" },
  { id: "fta.addEvent", labelKey: "fta:toolbar.event" },
  { id: "fta.addUndeveloped", labelKey: "fta:toolbar.undeveloped" },
  { id: "fta.addHouse", labelKey: "fta:toolbar.house" },
];

function Toolbar() {
  useSignals();
  const { t } = useTranslation(["fta"]);
  // Reading these makes the toolbar follow what the commands allow.
  void selected.value;
  void model.value;
  void clipboard.value;
  void history.value;
  const button = (id: string, label: string, title?: string) => (
    <button
      key={id}
      type="button"
      className="button fta-tool"
      // Keep keyboard focus in the tree when a tool is clicked.
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => runCommand(id)}
      title={title ?? label}
      aria-label={title ?? label}
    >
      {label}
    </button>
  );
  return (
    <div className="toolbar fta-toolbar" role="toolbar" aria-label={t("fta:toolbar.label")} data-fta-toolbar>
      <span className="fta-toolbar-label">{t("fta:toolbar.add")}</span>
      {TOOLS.map((tool) => button(tool.id, t(tool.labelKey), t(`fta:commands.${tool.id.slice(4)}`)))}
      <span className="fta-toolbar-sep" />
      {button("fta.cycleGateType", t("fta:toolbar.gateType"), t("fta:commands.cycleGateType"))}
      {button("fta.toEvent", "→ ○", t("fta:commands.toEvent"))}
      {button("fta.toGate", "→ ▭", t("fta:commands.toGate"))}
      {button("fta.toTransfer", "→ △", t("fta:commands.toTransfer"))}
      {button("fta.fromTransfer", "△ →", t("fta:commands.fromTransfer"))}
      <span className="fta-toolbar-sep" />
      {button("fta.copy", t("fta:commands.copy"))}
      {button("fta.cut", t("fta:commands.cut"))}
      {button("fta.paste", t("fta:commands.paste"))}
      {button("fta.delete", t("fta:commands.delete"))}
      <span className="fta-toolbar-sep" />
      {button("fta.undo", t("fta:commands.undo"))}
      {button("fta.redo", t("fta:commands.redo"))}
      <span className="fta-toolbar-sep" />
      {button("fta.zoomOut", "−", t("fta:commands.zoomOut"))}
      {button("fta.zoomIn", "+", t("fta:commands.zoomIn"))}
      {button("fta.fit", t("fta:commands.fit"))}
    </div>
  );
}

export default function FtaEditor({ view: route }: ScreenProps) {
  useSignals();
  const { t } = useTranslation(["fta", "common", "grid"]);
  const input = useRef<HTMLInputElement>(null);
  const requestedId = route.query.get("id");

  // Registered while the screen is shown (an inactive tab's effects are paused, and so are its commands).
  useEffect(() => {
    ftaEditor.value = editorApi;
    files.fileInput.current = input.current;
    // The tree takes the keys as soon as the screen opens.
    const timer = setTimeout(() => canvas.handle?.focus(), 0);
    return () => {
      clearTimeout(timer);
      if (ftaEditor.value === editorApi) ftaEditor.value = null;
      setSelection("fta-node", 0);
    };
  }, []);

  useEffect(() => {
    setSelection("fta-node", selected.value ? 1 : 0);
  });

  // /fta/analysis/index?id=N opens that stored tree (from /efta, or a reload after saving); without an id,
  // a tree left unsaved in an earlier visit is offered back.
  useEffect(() => {
    const id = Number(requestedId);
    if (!requestedId || !Number.isInteger(id) || id <= 0) {
      // Nothing stored or edited on screen: a new tree, the one a draft may belong to.
      if (!stored.value && !dirty.value) void files.restoreDraft();
      return;
    }
    if (stored.value?.id === id) return;
    void files.openStored(id).then(() => files.restoreDraft());
  }, [requestedId]);

  // Unsaved changes are copied to a local draft as they are made, and dropped once saved or discarded.
  useEffect(() => {
    const unregister = registerKeeper(files.drafts);
    const stop = effect(() => {
      const m = model.value;
      const s = stored.value;
      if (dirty.value)
        files.drafts.keep(draftKey("fta", s?.id), s?.name ?? m.name, () => ({ model: m, stored: s }));
      else void files.drafts.clear();
    });
    return () => {
      stop();
      unregister();
    };
  }, []);

  // Opening or closing the results changes the tree's height: fit the tree to it again, so the results
  // never hide part of it (the top event included).
  useEffect(() => {
    let shown = resultsOpen.peek();
    return effect(() => {
      if (resultsOpen.value === shown) return;
      shown = resultsOpen.value;
      fitKey.value++;
    });
  }, []);

  // Reloading or closing the tab with unsaved changes asks first.
  useLeaveWarning(dirty.value);

  const name = files.documentName();
  return (
    <div
      className={`screen fta-screen${resultsOpen.value ? " fta-results-open" : ""}`}
      data-testid="fta-editor"
    >
      <ScreenHeader
        view={route}
        title={
          <>
            {t("fta:title")} <span className="fta-doc-name">{name}</span>
            {dirty.value && (
              <span className="fta-dirty" title={t("fta:unsaved")}>
                {" "}
                •
              </span>
            )}
          </>
        }
        actions={
          <>
            <button type="button" className="button" onClick={() => runCommand("fta.new")}>
              {t("fta:commands.new")}
            </button>
            <button type="button" className="button" onClick={() => runCommand("fta.open")}>
              {t("fta:commands.open")}
            </button>
            <button type="button" className="button" onClick={() => runCommand("fta.import")}>
              {t("fta:commands.import")}
            </button>
            <button type="button" className="button" onClick={() => runCommand("fta.exportMef")}>
              MEF XML
            </button>
            <button type="button" className="button" onClick={() => runCommand("fta.exportXlsx")}>
              xlsx
            </button>
            <button type="button" className="button button-primary" onClick={() => runCommand("fta.save")}>
              {t("fta:commands.save")}
            </button>
          </>
        }
      />
      <Toolbar />
      <div className="fta-workspace">
        <TreeCanvas />
        <AttributePanel />
      </div>
      <ResultsPanel />
      <p className="fta-hint">{t("fta:canvas.help")}</p>
      <input
        ref={input}
        type="file"
        accept=".xml,.opsa,.mef,.json,.xlsx,.xls,.csv"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="fta-file-input"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = "";
          if (file) void files.importChosen(file);
        }}
      />
      <FileDialogs />
    </div>
  );
}
