// A dropdown menu whose items are registry commands (or the items of a command's nested page). The header's
// language, size and user menus are built with it, so they offer exactly what the palette offers.
import { useSignals } from "@preact/signals-react/runtime";
import { DropdownMenu } from "radix-ui";
import type { ReactNode } from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { commandContext } from "../commands/context.ts";
import { type Command, commandTitle, executeCommand, isAvailable } from "../commands/registry.ts";
import { useOverlayLayer } from "../components/Dialog.tsx";
import { Icon } from "../components/Icon.tsx";
import { Kbd } from "../components/Kbd.tsx";
import { restoreFocus } from "../state/overlays.ts";

export function CommandMenu(props: {
  label: string;
  trigger: ReactNode;
  commands: () => Command[];
  testId?: string;
  align?: "start" | "end";
  /** "header-optional": left out of a narrow header (the palette still has the commands). */
  className?: string;
}) {
  useSignals();
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const remembered = useOverlayLayer(open);
  const ctx = commandContext();
  const items = open ? props.commands().filter((c) => isAvailable(c, ctx)) : [];
  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenu.Trigger
        className={`icon-button header-button ${props.className ?? ""}`}
        aria-label={props.label}
        title={props.label}
        data-testid={props.testId}
      >
        {props.trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="menu"
          align={props.align ?? "end"}
          sideOffset={4}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            restoreFocus(remembered.current);
          }}
        >
          {items.map((c) => {
            const checked = c.checked?.(ctx) ?? false;
            return (
              <DropdownMenu.Item
                key={c.id}
                className="menu-item"
                data-command={c.id}
                onSelect={() => {
                  // Let the menu close and give focus back before the command opens anything.
                  setTimeout(() => executeCommand(c, commandContext(), "menu"), 0);
                }}
              >
                <span className="menu-check" aria-hidden="true">
                  {checked ? <Icon name="check" /> : null}
                </span>
                <span className="menu-label">{commandTitle(c, t)}</span>
                {checked && <span className="visually-hidden"> ({t("common:current")})</span>}
                {c.shortcut && <Kbd shortcut={c.shortcut} />}
              </DropdownMenu.Item>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
