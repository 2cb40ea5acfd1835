// What the current screen has selected; commands with `when.selection` test it (see commands/registry.ts).
import { signal } from "@preact/signals-react";
import type { Selection } from "../commands/registry.ts";

export const selection = signal<Selection | null>(null);

export function setSelection(kind: string, count: number): void {
  const now = selection.peek();
  // Every focus move reports its one cell: an equal value must not wake the commands' readers.
  if (count > 0 ? now?.kind === kind && now.count === count : now === null) return;
  selection.value = count > 0 ? { kind, count } : null;
}

export function clearSelection(): void {
  selection.value = null;
}
