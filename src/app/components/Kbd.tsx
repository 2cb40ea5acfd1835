import { shortcutKeys } from "../commands/keys.ts";

/** "alt+1…9": modifiers drawn as usual, the last part as written. */
function displayKeys(display: string): string[] {
  const parts = display.split("+");
  const last = parts.pop() ?? "";
  return [...shortcutKeys([...parts, "x"].join("+")).slice(0, -1), last];
}

/** A shortcut drawn as keys: Ctrl + K, or ⌘K on a Mac. */
export function Kbd({ shortcut, display }: { shortcut: string; display?: string }) {
  const keys = display ? displayKeys(display) : shortcutKeys(shortcut);
  const label = keys.join("+");
  return (
    <span className="kbd-group" title={label}>
      <span className="visually-hidden">{label}</span>
      <span className="kbd-group" aria-hidden="true">
        {keys.map((k, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: keys of one shortcut are fixed and may repeat
          <kbd key={i}>{k}</kbd>
        ))}
      </span>
    </span>
  );
}
