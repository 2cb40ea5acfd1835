// The one right-click menu: its items are registry commands, those available at the moment it opens (the
// palette's rule), each run through executeCommand after the menu has closed and handed focus back. Opened by
// a right click or, for the keyboard, by a command on Shift+F10 or the context-menu key at the focused item
// (`openContextMenu`). The arrows, Enter and Escape work in it (Radix's menu); a screen mounts one.
import { useSignals } from "@preact/signals-react/runtime";
import { DropdownMenu } from "radix-ui";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { commandContext } from "../commands/context.ts";
import { type Command, commandTitle, executeCommand, isAvailable } from "../commands/registry.ts";
import { restoreFocus } from "../state/overlays.ts";
import { useOverlayLayer } from "./Dialog.tsx";
import { Kbd } from "./Kbd.tsx";

type Opener = (x: number, y: number) => void;
/** The menus of the screens shown, the last mounted on top (a hidden kept screen's effects are cleaned up). */
const openers: Opener[] = [];

/** Opens the shown screen's context menu at a point of the window; false when the screen has none. */
export function openContextMenu(x: number, y: number): boolean {
  const open = openers.at(-1);
  open?.(x, y);
  return open !== undefined;
}

/** Opens the menu beside an element (the focused node), as a right click on it would. */
export function openContextMenuAt(element: Element | null | undefined): boolean {
  const box = element?.getBoundingClientRect();
  return openContextMenu(box ? box.left + Math.min(48, box.width / 2) : 0, box ? box.bottom : 0);
}

export function ContextMenu(props: {
  /** The candidate commands; the menu shows those available when it opens. */
  commands: () => readonly Command[];
  /** The item's text; the command's title by default. */
  label?: (command: Command) => string;
  testId?: string;
}) {
  useSignals();
  const { t } = useTranslation();
  const [at, setAt] = useState<{ x: number; y: number } | null>(null);
  const remembered = useOverlayLayer(at !== null);
  useEffect(() => {
    const open: Opener = (x, y) => setAt({ x, y });
    openers.push(open);
    return () => {
      const i = openers.lastIndexOf(open);
      if (i >= 0) openers.splice(i, 1);
    };
  }, []);
  const ctx = commandContext();
  const items = at ? props.commands().filter((c) => !c.paletteHidden && isAvailable(c, ctx)) : [];
  return (
    <DropdownMenu.Root open={at !== null} onOpenChange={(o) => !o && setAt(null)} modal={false}>
      <DropdownMenu.Trigger asChild>
        <span
          className="context-menu-anchor"
          style={{ left: at?.x ?? 0, top: at?.y ?? 0 }}
          aria-hidden="true"
        />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="menu context-menu"
          align="start"
          collisionPadding={8}
          data-testid={props.testId}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            restoreFocus(remembered.current);
          }}
        >
          {items.map((c) => (
            <DropdownMenu.Item
              key={c.id}
              className="menu-item"
              data-command={c.id}
              onSelect={() => {
                // Let the menu close and give focus back first: a command that opens a field or a dialog
                // then keeps its focus.
                setTimeout(() => executeCommand(c, commandContext(), "menu"), 0);
              }}
            >
              <span className="menu-label">{props.label ? props.label(c) : commandTitle(c, t)}</span>
              {c.shortcut && <Kbd shortcut={c.shortcut} />}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
