// Which shell overlays are open, and where keyboard focus goes back to when they close. Every dialog of the
// app goes through components/Dialog.tsx, which registers here; Escape closes only the top-most (Radix
// layers), and focus returns to the element that had it, or to the main region, never to <body>.
import { computed, effect, signal } from "@preact/signals-react";

export const paletteOpen = signal(false);
/** Nested palette page to open at (e.g. "shell.language"). */
export const palettePage = signal<string | null>(null);
export const cheatSheetOpen = signal(false);
export const settingsOpen = signal(false);
export const changePasswordOpen = signal(false);
/** The password must be changed before going on (a one-time password after an admin reset). */
export const changePasswordRequired = signal(false);
export const feedbackOpen = signal(false);

const openLayers = signal<readonly string[]>([]);
export const overlayOpen = computed(() => openLayers.value.length > 0);

export function pushLayer(id: string): void {
  if (!openLayers.value.includes(id)) openLayers.value = [...openLayers.value, id];
}

export function popLayer(id: string): void {
  openLayers.value = openLayers.value.filter((x) => x !== id);
  openDialogs.value = openDialogs.value.filter((d) => d.id !== id);
}

/**
 * The open dialogs (not the palette, not menus), newest last, each with what closing it means (what Escape
 * and its Cancel button do): the `dialog.close` command closes the top-most.
 */
const openDialogs = signal<readonly { id: string; close(): void }[]>([]);

export function pushDialog(id: string, close: () => void): void {
  pushLayer(id);
  openDialogs.value = [...openDialogs.value.filter((d) => d.id !== id), { id, close }];
}

export function dialogOpen(): boolean {
  return openDialogs.value.length > 0;
}

export function closeTopDialog(): void {
  openDialogs.value.at(-1)?.close();
}

export function openPalette(page: string | null = null): void {
  palettePage.value = page;
  paletteOpen.value = true;
}

export const MAIN_REGION_ID = "main-content";

function focusable(el: Element | null): el is HTMLElement {
  return (
    el instanceof HTMLElement &&
    el.isConnected &&
    el !== document.body &&
    // a view kept alive but hidden, or a closed menu, cannot take focus
    (typeof el.checkVisibility !== "function" || el.checkVisibility())
  );
}

/**
 * Focus a sensible element: the remembered one if still on screen, else the main region. Called as a closed
 * overlay's content has gone (Radix's close auto-focus, a task after the unmount): when something outside it
 * has taken focus meanwhile (the field a palette command asked for, a dialog the command opened), that was
 * meant and stays.
 */
export function restoreFocus(remembered: Element | null): void {
  const active = document.activeElement;
  if (focusable(active) && active.id !== MAIN_REGION_ID) return;
  restoredAt = performance.now();
  if (focusable(remembered)) {
    remembered.focus({ preventScroll: true });
    if (document.activeElement === remembered) {
      restored = remembered;
      return;
    }
  }
  const main = document.getElementById(MAIN_REGION_ID);
  main?.focus({ preventScroll: true });
  restored = main;
}

/** The element a closing overlay last gave focus back to, and when: a fallback, not a choice anyone made. */
let restored: Element | null = null;
let restoredAt = Number.NEGATIVE_INFINITY;

let handoff: Element | null = null;
let handedAt = 0;

/** A handoff nobody takes (the command opened no dialog) must not steer a dialog opened much later. */
const HANDOFF_LIFETIME_MS = 1000;

/**
 * The palette closes before the command it ran opens a dialog; it hands over the element that had focus
 * before the palette, so that dialog returns focus there instead of to the (now gone) palette input.
 */
export function handOffFocus(element: Element | null): void {
  handoff = element;
  handedAt = performance.now();
}

export function takeFocusHandoff(): Element | null {
  const el = performance.now() - handedAt <= HANDOFF_LIFETIME_MS ? handoff : null;
  handoff = null;
  return el;
}

/** How long a screen still takes the keyboard when its content is drawn late (a slow machine, a big model). */
const ARRIVAL_WAIT_MS = 5000;

/**
 * Focus for a screen whose content arrives after a load: `focus` runs on the next frame, while `screen` (the
 * element the focus goes into) is shown; when the screen or its content is not drawn or shown yet (`screen`
 * gives nothing or a hidden element, as while a lazy part loads under a suspense boundary; `focus` answers
 * false) it tries again on the following frames, for up to ARRIVAL_WAIT_MS and only while nothing else has
 * the keyboard, or the keyboard is still where it was at the first try (where a closing overlay gave it back:
 * a command run from the palette that adds a field focuses it even when the field is drawn a frame or more
 * after the palette closed, as on a loaded machine; a user who moves the keyboard meanwhile keeps it).
 * While an overlay (the palette, a dialog) is open it waits until the overlay has closed and handed focus
 * back, so keys typed into the palette never land in the screen that finished loading under it (a tree's
 * letter keys are commands). Skipped when the screen is gone by then (the palette took the user to another
 * screen).
 */
export function focusOnArrival(screen: () => Element | null | undefined, focus: () => unknown): void {
  const started = performance.now();
  const until = started + ARRIVAL_WAIT_MS;
  let first: Element | null | undefined;
  const give = () => {
    const el = screen();
    if (el && !el.isConnected) return;
    if (first === undefined) first = document.activeElement;
    if (el?.checkVisibility() && focus() !== false) return;
    // The main region holds focus only as the fallback of a closed overlay (restoreFocus): still free. So is
    // the element a closing overlay gave focus back to meanwhile (the palette that ran the command may
    // unmount, and restore, only after the command's first try on a loaded machine).
    const active = document.activeElement;
    const free =
      active === null ||
      active === document.body ||
      active.id === MAIN_REGION_ID ||
      active === first ||
      (active === restored && restoredAt >= started);
    if (free && performance.now() < until) requestAnimationFrame(give);
  };
  requestAnimationFrame(() => {
    if (!overlayOpen.peek() && !paletteOpen.peek()) return give();
    let done = false;
    const stop = effect(() => {
      if (done || overlayOpen.value || paletteOpen.value) return;
      done = true;
      // The closing overlay gives focus back in this task; focusing on the next one is what sticks.
      setTimeout(give, 0);
      queueMicrotask(() => stop());
    });
  });
}
