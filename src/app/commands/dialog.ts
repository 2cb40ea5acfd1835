// Closing a dialog is one command for every dialog of the app: the header's ×, each footer's Cancel
// (components/Dialog.tsx `DialogCancel`), the confirm question's Cancel and the palette all run it. Escape is
// its key; Radix's layer handles Escape first (closing the top-most layer, the palette or a menu over a dialog
// included), so the shortcut is what the cheat sheet and the palette show rather than a second handler.
import { closeTopDialog, dialogOpen } from "../state/overlays.ts";
import { type Command, defineCommand } from "./registry.ts";

export const dialogCommands: Command[] = [
  defineCommand({
    id: "dialog.close",
    titleKey: "commands:dialog.close",
    keywords: ["cancel", "dismiss", "escape"],
    shortcut: "escape",
    group: "commands:groups.general",
    when: { auth: "any", test: () => dialogOpen() },
    inOverlays: true,
    // The cheat sheet's "Everywhere" section already says what Escape does.
    cheatSheetHidden: true,
    run: () => closeTopDialog(),
  }),
];
