// How buttons and menus run registry commands: by id, through the same executeCommand as the palette and
// the keyboard, so a button can never do something the palette cannot.
import { commandContext } from "./context.ts";
import { type Command, type CommandSource, executeCommand, findCommand, isAvailable } from "./registry.ts";

export function runCommand(id: string, source: CommandSource = "button"): boolean {
  const ctx = commandContext();
  const command = findCommand(id, ctx);
  if (!command) {
    console.warn(`No command ${id}`);
    return false;
  }
  return executeCommand(command, ctx, source);
}

/** The command when it exists and is available in the current context (for showing a button or not). */
export function availableCommand(id: string): Command | undefined {
  const ctx = commandContext();
  const command = findCommand(id, ctx);
  return command && isAvailable(command, ctx) ? command : undefined;
}

/** The items of a command's nested page (language, size, role), available ones only. */
export function commandChildren(id: string): Command[] {
  const ctx = commandContext();
  return (findCommand(id, ctx)?.children?.(ctx) ?? []).filter((c) => isAvailable(c, ctx));
}

export function runChild(parentId: string, childId: string, source: CommandSource = "menu"): boolean {
  const ctx = commandContext();
  const child = commandChildren(parentId).find((c) => c.id === childId);
  return child ? executeCommand(child, ctx, source) : false;
}
