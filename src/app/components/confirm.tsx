// confirmDialog(): a promise-returning yes/no question in an alert dialog (Radix AlertDialog: Escape and
// Cancel answer no; Cancel runs `dialog.close`, as every dialog's does). One question at a time; ConfirmHost,
// mounted once by the shell, draws it.
import { signal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { AlertDialog } from "radix-ui";
import { useTranslation } from "react-i18next";
import { runCommand } from "../commands/run.ts";
import { restoreFocus } from "../state/overlays.ts";
import { useOverlayLayer } from "./Dialog.tsx";

export interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** "danger" colours the confirm button red (delete, purge). */
  tone?: "primary" | "danger";
  /** "confirm" puts focus on the confirm button (where the safe answer is yes); Cancel has it otherwise. */
  focus?: "confirm" | "cancel";
}

interface Pending extends ConfirmOptions {
  resolve(answer: boolean): void;
}

const pending = signal<Pending | null>(null);

export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  pending.value?.resolve(false);
  return new Promise((resolve) => {
    pending.value = { ...options, resolve };
  });
}

export function isConfirmOpen(): boolean {
  return pending.value !== null;
}

function answer(value: boolean) {
  const p = pending.value;
  pending.value = null;
  p?.resolve(value);
}

export function ConfirmHost() {
  useSignals();
  const { t } = useTranslation();
  const p = pending.value;
  const remembered = useOverlayLayer(p !== null, undefined, () => answer(false));
  return (
    <AlertDialog.Root open={p !== null} onOpenChange={(open) => !open && answer(false)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content
          className="dialog dialog-center dialog-confirm"
          data-testid="confirm-dialog"
          onOpenAutoFocus={(e) => {
            if (pending.value?.focus !== "confirm") return;
            e.preventDefault();
            (e.currentTarget as HTMLElement).querySelector<HTMLElement>("[data-confirm-action]")?.focus();
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            restoreFocus(remembered.current);
          }}
        >
          <header className="dialog-header">
            <AlertDialog.Title className="dialog-title">{p?.title}</AlertDialog.Title>
          </header>
          <AlertDialog.Description className="dialog-body">{p?.message}</AlertDialog.Description>
          <footer className="dialog-footer">
            <AlertDialog.Cancel className="button" onClick={() => runCommand("dialog.close")}>
              {p?.cancelLabel ?? t("common:cancel")}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={p?.tone === "danger" ? "button button-danger" : "button button-primary"}
              onClick={() => answer(true)}
              data-confirm-action
            >
              {p?.confirmLabel ?? t("common:confirm")}
            </AlertDialog.Action>
          </footer>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
