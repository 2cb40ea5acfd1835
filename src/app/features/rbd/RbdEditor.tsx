// The eRBD screen (/rbd/analysis/index, ?id= a stored diagram): the diagram editor with its toolbar, the
// path into sub-diagrams and the mode's status line, the attribute panel, and the results below. Every
// button runs a registry command, so the keys, the palette and the buttons do the same thing.
import { effect } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { commandContext } from "../../commands/context.ts";
import { commandTitle, findCommand } from "../../commands/registry.ts";
import { runChild, runCommand } from "../../commands/run.ts";
import { Dialog, DialogCancel } from "../../components/Dialog.tsx";
import { TextField } from "../../components/form.tsx";
import { Kbd } from "../../components/Kbd.tsx";
import { ScreenHeader } from "../../components/screen.tsx";
import { offerDraft, useLeaveWarning } from "../../components/unsaved.ts";
import { navigate } from "../../router/navigation.ts";
import type { ScreenProps } from "../../router/types.ts";
import { DraftKeeper, draftKey, registerKeeper } from "../../state/drafts.ts";
import { AttributePanel } from "./AttributePanel.tsx";
import { blockLabel, findBlock, newDocument, type RbdDocument } from "./document.ts";
import { loadStored, mayDiscard, saveAsOpen, saveCopy } from "./files.ts";
import { modeStatus } from "./modes/index.ts";
import { RbdCanvas } from "./RbdCanvas.tsx";
import { ProgressBar, ResultsView } from "./ResultsView.tsx";
import {
  change,
  currentDocument,
  dirty,
  load,
  mode,
  model,
  pristine,
  refusal,
  requestFocus,
  type StoredMeta,
  stored,
  viewPath,
} from "./store.ts";
import "./rbd.css";
import { PATHS } from "../../routes.ts";

/** The unsaved diagram kept in this browser (state/drafts.ts). */
const drafts = new DraftKeeper<{ document: RbdDocument; meta: StoredMeta }>("rbd");

/** Offers the draft of the diagram just opened (or of a new one) and puts it on top as one undoable change. */
async function restoreDraft(): Promise<void> {
  if (dirty.value) return;
  const draft = await offerDraft<{ document: RbdDocument; meta: StoredMeta }>(
    draftKey("rbd", stored.value.id),
  );
  if (draft) change(draft.data.document);
}

/** A toolbar button for a command: its title, its keys in the tooltip; it leaves focus where it was. */
function CommandButton({ id, label, primary }: { id: string; label?: string; primary?: boolean }) {
  const { t } = useTranslation(["rbd", "commands"]);
  const command = findCommand(id, commandContext());
  if (!command) return null;
  const title = commandTitle(command, t);
  return (
    <button
      type="button"
      className={`button${primary ? " button-primary" : ""} rbd-tool`}
      title={command.shortcut ? `${title} (${command.shortcut.split(",")[0].trim()})` : title}
      // Keep keyboard focus on the diagram when the pointer uses a button.
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => runCommand(id, "button")}
      data-command={id}
    >
      {label ?? title}
    </button>
  );
}

function EditToolbar() {
  const { t } = useTranslation(["rbd"]);
  return (
    <div className="toolbar rbd-toolbar" role="toolbar" aria-label={t("rbd:toolbar.edit")}>
      <CommandButton id="rbd.addAfter" label={t("rbd:toolbar.after")} />
      <CommandButton id="rbd.addParallel" label={t("rbd:toolbar.parallel")} />
      <CommandButton id="rbd.addKofN" label={t("rbd:toolbar.kofn")} />
      <CommandButton id="rbd.mirror" label={t("rbd:toolbar.mirror")} />
      <CommandButton id="rbd.addSubdiagram" label={t("rbd:toolbar.subdiagram")} />
      <span className="rbd-toolbar-sep" />
      <CommandButton id="rbd.connect" label={t("rbd:toolbar.connect")} />
      <CommandButton id="rbd.disconnect" label={t("rbd:toolbar.disconnect")} />
      <CommandButton id="rbd.move" label={t("rbd:toolbar.move")} />
      <CommandButton id="rbd.delete" label={t("rbd:toolbar.delete")} />
      <span className="rbd-toolbar-sep" />
      <CommandButton id="rbd.undo" label={t("rbd:toolbar.undo")} />
      <CommandButton id="rbd.redo" label={t("rbd:toolbar.redo")} />
      <span className="toolbar-spacer" />
      <CommandButton id="rbd.zoomOut" label="−" />
      <CommandButton id="rbd.fit" label={t("rbd:toolbar.fit")} />
      <CommandButton id="rbd.zoomIn" label="+" />
    </div>
  );
}

/** Where the diagram shown sits (the model › sub-diagram › …), and what the keys do now. */
function PathBar() {
  useSignals();
  const { t } = useTranslation(["rbd"]);
  const m = model.value;
  const path = viewPath.value;
  const current = mode.value;
  const refused = refusal.value;
  const named = (id: string) => {
    const b = findBlock(m, id)?.block;
    return b ? blockLabel(b) : id;
  };
  const from =
    current.kind === "connecting" ? named(current.from) : current.kind === "placing" ? named(current.of) : "";
  return (
    <div className="rbd-pathbar">
      <nav aria-label={t("rbd:path.label")} className="rbd-path" data-testid="rbd-path">
        <button
          type="button"
          className="link-button"
          onClick={() => runChild("rbd.openLevel", "rbd.openLevel.0", "button")}
          disabled={path.length === 0}
        >
          {m.name || t("rbd:files.untitled")}
        </button>
        {path.map((id, i) => (
          <span key={id}>
            {" › "}
            <button
              type="button"
              className="link-button"
              disabled={i === path.length - 1}
              onClick={() => runChild("rbd.openLevel", `rbd.openLevel.${i + 1}`, "button")}
            >
              {named(id)}
            </button>
          </span>
        ))}
      </nav>
      <output
        className={`rbd-status${refused ? " rbd-status-refused" : ""}`}
        data-testid="rbd-status"
        aria-live="polite"
      >
        {refused
          ? t(`rbd:refused.${refused}`)
          : t(
              current.kind === "connecting" && current.disconnect
                ? "rbd:modes.disconnecting"
                : `rbd:${modeStatus(current)}`,
              {
                from,
              },
            )}
      </output>
    </div>
  );
}

function SaveAsDialog() {
  useSignals();
  const { t } = useTranslation(["rbd", "common"]);
  const open = saveAsOpen.value;
  const [name, setName] = useState("");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the name is proposed each time the dialog opens
  useEffect(() => {
    if (open) setName(`${model.value.name} ${t("rbd:files.copySuffix")}`.trim());
  }, [open, t]);
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        saveAsOpen.value = o;
      }}
      title={t("rbd:commands.saveAs")}
      width={420}
      testId="rbd-save-as"
    >
      <form
        className="form-vertical"
        onSubmit={async (e) => {
          e.preventDefault();
          if (!name.trim()) return;
          saveAsOpen.value = false;
          await saveCopy(name.trim());
        }}
      >
        <TextField
          label={t("rbd:fields.diagramName")}
          name="saveAsName"
          value={name}
          required
          maxLength={150}
          error={name.trim() ? null : t("rbd:files.nameRequired")}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <div className="form-actions">
          <DialogCancel />
          <button type="submit" className="button button-primary">
            {t("rbd:commands.save")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export default function RbdEditor({ view }: ScreenProps) {
  useSignals();
  // "grid" too (the charts' and the grid's texts): loaded now, so the first results do not suspend the
  // screen (which would remount the diagram and lose its focus and zoom).
  const { t } = useTranslation(["rbd", "common", "grid"]);
  const id = Number(view.query.get("id") ?? Number.NaN);
  const [loading, setLoading] = useState(false);

  // A new ?id= opens that stored diagram (after asking, when there are unsaved changes).
  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0 || stored.value.id === id) return;
    let live = true;
    (async () => {
      if (!(await mayDiscard())) {
        const back = stored.value.id;
        navigate(back ? `${PATHS.rbdEditor}?id=${back}` : PATHS.rbdEditor, { replace: true });
        return;
      }
      setLoading(true);
      try {
        await loadStored(id);
        if (live) await restoreDraft();
      } catch {
        // The HTTP client has said why.
      } finally {
        if (live) setLoading(false);
      }
      requestFocus("diagram");
    })();
    return () => {
      live = false;
    };
  }, [id]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the screen first shows
  useEffect(() => {
    // The first diagram of the session gets its name in the user's language.
    if (pristine.value && !Number.isInteger(id)) {
      load(newDocument(t("rbd:files.untitled")), { description: "" });
      void restoreDraft();
    }
    requestFocus("diagram");
  }, []);

  // Unsaved changes are copied to a local draft as they are made, and dropped once saved or discarded.
  useEffect(() => {
    const unregister = registerKeeper(drafts);
    const stop = effect(() => {
      const doc = currentDocument.value;
      const meta = stored.value;
      if (dirty.value) drafts.keep(draftKey("rbd", meta.id), doc.model.name, () => ({ document: doc, meta }));
      else void drafts.clear();
    });
    return () => {
      stop();
      unregister();
    };
  }, []);

  // Leaving the page (reload, closing the tab) with unsaved changes asks first.
  useLeaveWarning(dirty.value);

  const title = (
    <>
      {model.value.name || t("rbd:files.untitled")}
      {dirty.value && (
        <span className="rbd-dirty" title={t("rbd:files.unsaved")} data-testid="rbd-dirty">
          {" •"}
          <span className="visually-hidden">{t("rbd:files.unsaved")}</span>
        </span>
      )}
    </>
  );

  return (
    <div
      className="screen rbd-screen"
      data-testid="rbd-editor"
      data-rbd-editor
      aria-busy={loading || undefined}
    >
      <ScreenHeader
        view={view}
        title={title}
        actions={
          <>
            <CommandButton id="rbd.analyse" label={t("rbd:toolbar.analyse")} primary />
            <CommandButton id="rbd.simulate" label={t("rbd:toolbar.simulate")} />
            <CommandButton id="rbd.save" />
            <CommandButton id="rbd.exportJson" label={t("rbd:toolbar.exportJson")} />
            <CommandButton id="rbd.exportXlsx" label={t("rbd:toolbar.exportXlsx")} />
            <CommandButton id="rbd.open" label={t("rbd:toolbar.open")} />
          </>
        }
      />
      <EditToolbar />
      <div className="rbd-workspace">
        <div className="rbd-diagram">
          <PathBar />
          <div className="rbd-canvas-wrap" data-rbd-keys>
            <RbdCanvas />
          </div>
          <div className="rbd-keys-hint">
            <Kbd shortcut="mod+k" /> {t("rbd:hints.palette")} · <Kbd shortcut="?" /> {t("rbd:hints.keys")}
          </div>
        </div>
        <AttributePanel />
      </div>
      <ProgressBar />
      <ResultsView />
      <SaveAsDialog />
    </div>
  );
}
