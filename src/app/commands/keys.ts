// Shortcut strings ("mod+k", "alt+shift+w", "?") parsed once, matched against KeyboardEvents, and formatted
// for display. Letters and digits match on `event.code` so Alt combinations work on macOS (where Alt+W
// types "∑") and on non-Latin layouts; punctuation such as "?" matches on `event.key`.

export interface KeyCombo {
  key: string;
  mod: boolean;
  ctrl: boolean;
  meta: boolean;
  alt: boolean;
  shift: boolean;
}

const NAMED: Record<string, string> = {
  esc: "escape",
  comma: ",",
  period: ".",
  slash: "/",
  space: " ",
  plus: "+",
  left: "arrowleft",
  right: "arrowright",
  up: "arrowup",
  down: "arrowdown",
};

/** Keys whose character already implies Shift on common layouts; Shift is not required explicitly. */
const SHIFTED = new Set([
  "?",
  "!",
  "@",
  "#",
  "$",
  "%",
  "^",
  "&",
  "*",
  "(",
  ")",
  "_",
  "+",
  "{",
  "}",
  ":",
  "<",
  ">",
]);

export function isMac(platform = typeof navigator === "undefined" ? "" : navigator.platform): boolean {
  return /mac|iphone|ipad/i.test(platform);
}

export function parseShortcut(shortcut: string): KeyCombo[] {
  return shortcut.split(/\s*,\s*(?=.)/).map((alt) => {
    const parts = alt.toLowerCase().split("+");
    // "mod++" or "shift++" means the plus key
    const key = parts.at(-1) === "" ? "+" : (parts.at(-1) ?? "");
    const mods = new Set(parts.slice(0, -1).filter(Boolean));
    return {
      key: NAMED[key] ?? key,
      mod: mods.has("mod"),
      ctrl: mods.has("ctrl"),
      meta: mods.has("meta") || mods.has("cmd"),
      alt: mods.has("alt") || mods.has("option"),
      shift: mods.has("shift"),
    };
  });
}

function eventKey(event: Pick<KeyboardEvent, "key" | "code" | "altKey" | "ctrlKey" | "metaKey">): string[] {
  const keys = [event.key.toLowerCase()];
  const code = event.code ?? "";
  if (/^Key[A-Z]$/.test(code)) keys.push(code.slice(3).toLowerCase());
  else if (/^Digit[0-9]$/.test(code)) keys.push(code.slice(5));
  // Punctuation by position only under a modifier (Alt+, types "≤" on a Mac); a bare "?" is not "/".
  else if (event.altKey || event.ctrlKey || event.metaKey) {
    if (code === "Comma") keys.push(",");
    else if (code === "Period") keys.push(".");
    else if (code === "Slash") keys.push("/");
  }
  return keys;
}

type KeyEventLike = Pick<KeyboardEvent, "key" | "code" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey">;

export function matchesCombo(event: KeyEventLike, combo: KeyCombo, mac = isMac()): boolean {
  const wantCtrl = combo.ctrl || (combo.mod && !mac);
  const wantMeta = combo.meta || (combo.mod && mac);
  if (event.ctrlKey !== wantCtrl || event.metaKey !== wantMeta || event.altKey !== combo.alt) return false;
  const shiftImplied = SHIFTED.has(combo.key);
  if (!shiftImplied && event.shiftKey !== combo.shift) return false;
  const keys = eventKey(event);
  // With Shift or Alt held, event.key is the shifted/composed character; letters then match on code only.
  return shiftImplied ? keys[0] === combo.key : keys.includes(combo.key);
}

export function matchesShortcut(event: KeyEventLike, shortcut: string, mac = isMac()): boolean {
  return parseShortcut(shortcut).some((c) => matchesCombo(event, c, mac));
}

/** True when the shortcut uses no modifier, so it must not fire while the user types in a field. */
export function isBareShortcut(shortcut: string): boolean {
  return parseShortcut(shortcut).every((c) => !c.mod && !c.ctrl && !c.meta && !c.alt);
}

const DISPLAY: Record<string, string> = {
  escape: "Esc",
  arrowleft: "←",
  arrowright: "→",
  arrowup: "↑",
  arrowdown: "↓",
  " ": "Space",
  enter: "Enter",
};

/** Keys of the first alternative, for display: ["Ctrl", "K"] or ["⌘", "K"]. */
export function shortcutKeys(shortcut: string, mac = isMac()): string[] {
  const combo = parseShortcut(shortcut)[0];
  if (!combo) return [];
  const keys: string[] = [];
  if (combo.ctrl || (combo.mod && !mac)) keys.push(mac ? "⌃" : "Ctrl");
  if (combo.meta || (combo.mod && mac)) keys.push(mac ? "⌘" : "Meta");
  if (combo.alt) keys.push(mac ? "⌥" : "Alt");
  if (combo.shift) keys.push(mac ? "⇧" : "Shift");
  // "k" → "K", "f10" → "F10", "backspace" → "Backspace"
  keys.push(DISPLAY[combo.key] ?? combo.key.charAt(0).toUpperCase() + combo.key.slice(1));
  return keys;
}

export function formatShortcut(shortcut: string, mac = isMac()): string {
  return shortcutKeys(shortcut, mac).join(mac ? "" : "+");
}

/** Whether keyboard focus is in something that takes text, where bare keys must type, not command. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as HTMLElement).tagName !== "string") return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  const tag = el.tagName.toLowerCase();
  if (tag === "textarea" || tag === "select") return true;
  if (tag !== "input") return false;
  const type = (el as HTMLInputElement).type;
  return !["checkbox", "radio", "button", "submit", "reset", "range", "color", "file"].includes(type);
}
