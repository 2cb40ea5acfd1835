// The one command registry (after excalidraw's actions): the palette, the keyboard shortcuts, the menus and
// the buttons are all views of it and all run a command through `executeCommand`. Each area declares its
// commands in src/app/commands/<area>.ts with `defineCommand` and registers them in commands/index.ts.
import type { TFunction } from "i18next";
import { matchPattern } from "../router/match.ts";
import type { LayoutKind, RoleCode } from "../router/types.ts";
import { isBareShortcut, isTypingTarget, matchesShortcut } from "./keys.ts";

export type CommandSource = "palette" | "keyboard" | "menu" | "button" | "api";

export interface Selection {
  /** What is selected, e.g. "fta-node", "grid-rows"; screens set it, commands test it. */
  kind: string;
  count: number;
}

export interface CommandContext {
  path: string;
  roles: readonly string[];
  authenticated: boolean;
  selection: Selection | null;
  layout: LayoutKind | null;
  /** An overlay (dialog, palette, menu) is open: only `inOverlays` shortcuts act. */
  overlayOpen: boolean;
}

export interface CommandWhen {
  /** Route patterns (`/lifeData/*`, `/task/detail/:id`) where the command applies. */
  routes?: readonly string[];
  /** The user needs one of these role codes. */
  roles?: readonly RoleCode[];
  /** A selection of this kind (and at least one item) must exist. */
  selection?: string;
  /** "user" (default): logged in; "guest": logged out; "any". */
  auth?: "user" | "guest" | "any";
  layouts?: readonly LayoutKind[];
  test?: (ctx: CommandContext) => boolean;
}

export interface Command {
  id: string;
  /** i18n key (`namespace:key`) of the title. */
  titleKey: string;
  /** Interpolation values; a `{ key }` value is itself translated. */
  titleArgs?: Record<string, string | { key: string }>;
  /** Extra search words (any language). */
  keywords?: readonly string[];
  /** i18n keys whose translations are also search words (a route's group title). */
  keywordKeys?: readonly string[];
  /** e.g. "mod+k", "alt+shift+w", "?"; alternatives separated by commas. */
  shortcut?: string;
  /** i18n key of the palette and cheat-sheet group. */
  group: string;
  when?: CommandWhen;
  /** Run it. Commands with `children` open a nested palette page instead. */
  run?: (ctx: CommandContext, source: CommandSource) => unknown;
  /** Items of a nested palette page ("Language >" then the languages). */
  children?: (ctx: CommandContext) => Command[];
  /** Its shortcut also works while a dialog is open (the palette toggle); others wait for it to close. */
  inOverlays?: boolean;
  /** Kept out of the palette (still in the cheat sheet when it has a shortcut). */
  paletteHidden?: boolean;
  /** Shown in the cheat sheet instead of `shortcut` ("alt+1…9" for nine commands shown as one). */
  displayShortcut?: string;
  cheatSheetHidden?: boolean;
  /** Marks the current choice in a nested page (the language in use). */
  checked?: (ctx: CommandContext) => boolean;
}

export function defineCommand(command: Command): Command {
  return command;
}

type Provider = (ctx: CommandContext) => Command[];

const staticCommands = new Map<string, Command>();
const providers = new Map<string, Provider>();

/** Registers an area's commands; a duplicate id is a programming error and throws. */
export function registerCommands(commands: readonly Command[]): void {
  for (const c of commands) {
    if (staticCommands.has(c.id)) throw new Error(`Command ${c.id} is registered twice`);
    staticCommands.set(c.id, c);
  }
}

/** Commands computed from state (one "Go to" per permitted route); replaced when registered again. */
export function registerProvider(name: string, provider: Provider): void {
  providers.set(name, provider);
}

export function unregisterCommands(ids: readonly string[]): void {
  for (const id of ids) staticCommands.delete(id);
}

export function isAvailable(command: Command, ctx: CommandContext): boolean {
  const w = command.when ?? {};
  const auth = w.auth ?? "user";
  if (auth === "user" && !ctx.authenticated) return false;
  if (auth === "guest" && ctx.authenticated) return false;
  if (w.routes && !w.routes.some((pattern) => matchPattern(pattern, ctx.path) !== undefined)) return false;
  if (w.roles && !ctx.roles.some((r) => w.roles?.includes(r as RoleCode))) return false;
  if (w.selection && !(ctx.selection?.kind === w.selection && ctx.selection.count > 0)) return false;
  if (w.layouts && !(ctx.layout && w.layouts.includes(ctx.layout))) return false;
  if (w.test && !w.test(ctx)) return false;
  return true;
}

export function allCommands(ctx: CommandContext): Command[] {
  const out = [...staticCommands.values()];
  for (const provider of providers.values()) out.push(...provider(ctx));
  return out;
}

export function availableCommands(ctx: CommandContext): Command[] {
  return allCommands(ctx).filter((c) => isAvailable(c, ctx));
}

export function findCommand(id: string, ctx: CommandContext): Command | undefined {
  return allCommands(ctx).find((c) => c.id === id);
}

export function commandTitle(command: Command, t: TFunction): string {
  const args: Record<string, string> = {};
  for (const [k, v] of Object.entries(command.titleArgs ?? {}))
    args[k] = typeof v === "string" ? v : t(v.key);
  return t(command.titleKey, args);
}

const RECENT_KEY = "relbench.recentCommands";
const RECENT_MAX = 6;

export function recentCommandIds(
  storage: Pick<Storage, "getItem"> | undefined = globalThis.localStorage,
): string[] {
  try {
    const ids = JSON.parse(storage?.getItem(RECENT_KEY) ?? "[]");
    return Array.isArray(ids) ? ids.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

function rememberRecent(id: string, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    const ids = [id, ...recentCommandIds(storage).filter((x) => x !== id)].slice(0, RECENT_MAX);
    storage?.setItem(RECENT_KEY, JSON.stringify(ids));
  } catch {
    // private mode or full storage: recents are a convenience
  }
}

export type ExecutionListener = (command: Command, source: CommandSource) => void;
const listeners = new Set<ExecutionListener>();

/** Hears every executed command (the palette uses it to close itself, tests to observe). */
export function onExecute(listener: ExecutionListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The single way any source runs a command; refuses one that is not available in the context. */
export function executeCommand(command: Command, ctx: CommandContext, source: CommandSource): boolean {
  if (!isAvailable(command, ctx) || !command.run) return false;
  if (source === "palette") rememberRecent(command.id);
  for (const l of listeners) l(command, source);
  const result = command.run(ctx, source);
  if (result instanceof Promise)
    result.catch((e: unknown) => console.error(`Command ${command.id} failed`, e));
  return true;
}

type KeyEventLike = Pick<
  KeyboardEvent,
  "key" | "code" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey" | "target" | "defaultPrevented"
>;

export type ShortcutResolution =
  | { kind: "none" }
  | { kind: "one"; command: Command }
  | { kind: "ambiguous"; commands: Command[] };

/**
 * The command a key press means. Two available commands on one key is a bug in their `when` rules:
 * refuse rather than guess (excalidraw's rule), so the conflict is noticed.
 */
export function resolveShortcut(event: KeyEventLike, ctx: CommandContext, mac?: boolean): ShortcutResolution {
  if (event.defaultPrevented) return { kind: "none" };
  const typing = isTypingTarget(event.target);
  const matching = allCommands(ctx).filter((c) => {
    if (!c.shortcut || !matchesShortcut(event, c.shortcut, mac)) return false;
    if (ctx.overlayOpen && !c.inOverlays) return false;
    if (isBareShortcut(c.shortcut) && typing) return false;
    return isAvailable(c, ctx);
  });
  if (matching.length === 0) return { kind: "none" };
  if (matching.length > 1) return { kind: "ambiguous", commands: matching };
  return { kind: "one", command: matching[0] };
}
