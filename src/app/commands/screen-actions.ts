// How a screen hands its actions to the registry: a slot (a signal) the commands read, filled while the
// screen is shown. A view hidden in a kept tab runs its effect clean-ups (React's <Activity>), so a hidden
// screen's commands are never offered. The slot holds a reader of the latest actions, so a command always
// acts on the screen's current state without the screen re-registering on every render.
import { type Signal, signal } from "@preact/signals-react";
import { useEffect, useRef } from "react";

export type ScreenSlot<T> = Signal<(() => T) | null>;

/**
 * Counts slot changes: a screen that mounts after the palette opened (its code still loading) changes what the
 * palette may offer, so the palette recomputes its list when this changes.
 */
export const screenSlotsVersion = signal(0);

export function screenSlot<T>(): ScreenSlot<T> {
  return signal<(() => T) | null>(null);
}

/** The actions of the screen in front, or null when none fills the slot. */
export function currentActions<T>(slot: ScreenSlot<T>): T | null {
  return slot.value?.() ?? null;
}

/** Fills `slot` while the calling component is mounted and visible. */
export function useScreenActions<T>(slot: ScreenSlot<T>, actions: T): void {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const read = () => latest.current;
    slot.value = read;
    screenSlotsVersion.value++;
    return () => {
      if (slot.value === read) slot.value = null;
      screenSlotsVersion.value++;
    };
  }, [slot]);
}
