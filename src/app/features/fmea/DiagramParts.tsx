// Pieces both FMEA diagrams use: the name field shown while a node's name is typed (a diagram has no room
// to edit in place), the right-click menu (also opened with Shift+F10 or the context-menu key, at the
// selected item) whose entries are registry commands, and the toolbar buttons that run commands.
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { commandContext } from "../../commands/context.ts";
import { type Command, findCommand, isAvailable } from "../../commands/registry.ts";
import { runCommand } from "../../commands/run.ts";
import { ContextMenu, openContextMenu } from "../../components/ContextMenu.tsx";
import { doc, rename, renaming } from "./store.ts";

export const diagramMenu = { open: (x: number, y: number) => openContextMenu(x, y) };

/** Focuses the diagram (the element that takes the diagram's keys). */
export function focusDiagram(): void {
  document.querySelector<HTMLElement>("[data-fmea-diagram] .graph-viewport")?.focus();
}

export function NameBar() {
  useSignals();
  const { t } = useTranslation(["fmea", "fmeadiagram"]);
  const id = renaming.value;
  const node = id ? doc.value.nodes.get(id) : undefined;
  const [value, setValue] = useState("");
  const ref = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new node to name resets the field
  useEffect(() => {
    setValue(node?.name ?? "");
    // At once, so the first letters typed after the key that added the node land in the field.
    if (node) ref.current?.focus();
  }, [id]);
  if (!node) return null;
  const done = (keep: boolean) => {
    if (keep) rename(node.id, value.trim());
    else renaming.value = null;
    focusDiagram();
  };
  return (
    <div className="fmea-name-bar">
      <label>
        {t("fmeadiagram:diagram.nameOf", {
          type: node.elementType ? t(`fmea:elements.${node.elementType}`) : t(`fmea:kinds.${node.kind}`),
        })}
        <input
          ref={ref}
          className="input"
          value={value}
          maxLength={500}
          data-testid="fmea-diagram-name"
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" || e.key === "Escape") {
              e.preventDefault();
              e.stopPropagation();
              done(e.key === "Enter");
            }
          }}
          onBlur={() => {
            if (renaming.value === node.id) done(true);
          }}
        />
      </label>
    </div>
  );
}

/** Toolbar button for a registry command: disabled when the command is not available now. */
export function CommandButton({ id, label }: { id: string; label: string }) {
  useSignals();
  // Whether the command fits the selection, wherever the keyboard focus is at this render (the diagram's
  // bare keys also ask that focus is on the diagram; a button is pressed from outside it).
  const ctx = { ...commandContext(), overlayOpen: true };
  const command = findCommand(id, ctx);
  const available = command !== undefined && isAvailable(command, ctx);
  return (
    <button
      type="button"
      className="button"
      disabled={!available}
      onClick={() => {
        runCommand(id);
        focusDiagram();
      }}
    >
      {label}
    </button>
  );
}

/** The diagram's context menu: the shared one, with the given commands under the diagram's own titles. */
export function DiagramMenu({ commands }: { commands: readonly { id: string; label: string }[] }) {
  const labels = new Map(commands.map((c) => [c.id, c.label]));
  return (
    <ContextMenu
      commands={() => {
        const ctx = commandContext();
        return commands.map((c) => findCommand(c.id, ctx)).filter((c): c is Command => c !== undefined);
      }}
      label={(c) => labels.get(c.id) ?? c.id}
      testId="fmea-diagram-menu"
    />
  );
}
