// Every dialog of the app: Radix Dialog (focus trap, Escape closes only the top-most layer, aria wiring)
// plus the shell's rules: registered as an open overlay, and focus returned to where it was, or to the main
// region, never lost to <body>. Closing is one command, `dialog.close` (commands/dialog.ts): the header's ×
// and every footer's Cancel (`DialogCancel`) run it, and the palette offers it while a dialog is open.
import { Dialog as RadixDialog } from "radix-ui";
import { type ReactNode, useId, useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { runCommand } from "../commands/run.ts";
import { popLayer, pushDialog, pushLayer, restoreFocus, takeFocusHandoff } from "../state/overlays.ts";
import { Icon } from "./Icon.tsx";

export interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  width?: number;
  /** "drawer" slides in from the right (settings panel). */
  variant?: "center" | "drawer" | "palette";
  className?: string;
  /** Called instead of Radix's first-focusable rule, e.g. to focus a particular field. */
  onOpenAutoFocus?(event: Event): void;
  testId?: string;
  hideClose?: boolean;
  /** Receives the element focus returns to (the palette hands it to the dialog its command opens). */
  focusRef?: { current: Element | null };
}

/**
 * Registers an open overlay and remembers the element to give focus back to. With `close` it is a dialog
 * that `dialog.close` can close (menus and the palette pass none).
 */
export function useOverlayLayer(
  open: boolean,
  shared?: { current: Element | null },
  close?: () => void,
): { current: Element | null } {
  const id = useId();
  const own = useRef<Element | null>(null);
  const remembered = shared ?? own;
  const latestClose = useRef(close);
  latestClose.current = close;
  const closable = close !== undefined;
  useLayoutEffect(() => {
    if (!open) return;
    remembered.current = takeFocusHandoff() ?? document.activeElement;
    if (closable) pushDialog(id, () => latestClose.current?.());
    else pushLayer(id);
    return () => popLayer(id);
  }, [open, id, remembered, closable]);
  return remembered;
}

/** A dialog footer's Cancel (or Close) button: runs `dialog.close`, as Escape does. */
export function DialogCancel({ label, primary }: { label?: ReactNode; primary?: boolean }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={primary ? "button button-primary" : "button"}
      onClick={() => runCommand("dialog.close")}
    >
      {label ?? t("common:cancel")}
    </button>
  );
}

export function Dialog(props: DialogProps) {
  const { t } = useTranslation();
  const variant = props.variant ?? "center";
  const remembered = useOverlayLayer(
    props.open,
    props.focusRef,
    variant === "palette" ? undefined : () => props.onOpenChange(false),
  );
  return (
    <RadixDialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className={`dialog dialog-${variant} ${props.className ?? ""}`}
          style={props.width ? { width: props.width } : undefined}
          data-testid={props.testId}
          onOpenAutoFocus={
            props.onOpenAutoFocus ??
            ((e) => {
              // The first field, not the close button that comes first in the header.
              const field = (e.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(
                "[data-autofocus], input:not([type=hidden]):not([disabled]), select, textarea",
              );
              if (field) {
                e.preventDefault();
                field.focus();
              }
            })
          }
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            restoreFocus(remembered.current);
          }}
        >
          <header className="dialog-header">
            <RadixDialog.Title className="dialog-title">{props.title}</RadixDialog.Title>
            {!props.hideClose && (
              <button
                type="button"
                className="icon-button"
                aria-label={t("common:close")}
                onClick={() => runCommand("dialog.close")}
              >
                <Icon name="close" />
              </button>
            )}
          </header>
          {props.description ? (
            <RadixDialog.Description className="dialog-description">
              {props.description}
            </RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="visually-hidden">{props.title}</RadixDialog.Description>
          )}
          <div className="dialog-body">{props.children}</div>
          {props.footer && <footer className="dialog-footer">{props.footer}</footer>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
