// @vitest-environment jsdom
// focusOnArrival keeps trying while focus is still "free": where it was at the first try, on the main region,
// or where a closing overlay gave it back. The palette that ran a command can unmount, and restore focus to
// the element it was opened from, only after the command's first try (a loaded machine): that focus is a
// fallback, and the field the command asked for must still get the keyboard once it is drawn.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { focusOnArrival, restoreFocus } from "../../../src/app/state/overlays.ts";

let frames: FrameRequestCallback[] = [];
const nextFrame = () => {
  const run = frames;
  frames = [];
  for (const f of run) f(performance.now());
};

beforeEach(() => {
  frames = [];
  vi.stubGlobal("requestAnimationFrame", (f: FrameRequestCallback) => frames.push(f));
  // jsdom draws nothing; an attached element counts as shown here.
  Object.defineProperty(HTMLElement.prototype, "checkVisibility", {
    configurable: true,
    value(this: HTMLElement) {
      return this.isConnected;
    },
  });
  document.body.innerHTML = `
    <main id="main-content" tabindex="-1">
      <textarea aria-label="criteria"></textarea>
      <section id="screen"></section>
    </main>
    <input aria-label="palette search" />`;
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

const byLabel = (label: string) =>
  document.querySelector<HTMLElement>(`[aria-label="${label}"]`) as HTMLElement;
const screenEl = () => document.getElementById("screen");
const focusLate = () => {
  const target = screenEl()?.querySelector<HTMLElement>("#late");
  target?.focus();
  return target != null && document.activeElement === target;
};

describe("focusOnArrival", () => {
  it("still focuses a field drawn after a closing overlay gave focus back elsewhere", () => {
    byLabel("palette search").focus();
    focusOnArrival(screenEl, focusLate);
    nextFrame(); // first try: the field is not drawn, focus is where it was
    byLabel("palette search").remove();
    restoreFocus(byLabel("criteria"));
    expect(document.activeElement).toBe(byLabel("criteria"));
    nextFrame(); // the field is still not drawn: focus was only restored, so keep trying
    const late = document.createElement("input");
    late.id = "late";
    screenEl()?.append(late);
    nextFrame();
    expect(document.activeElement).toBe(late);
  });

  it("gives up when the user put focus somewhere else meanwhile", () => {
    byLabel("palette search").focus();
    focusOnArrival(screenEl, focusLate);
    nextFrame();
    byLabel("criteria").focus(); // a choice, not a restore
    nextFrame();
    const late = document.createElement("input");
    late.id = "late";
    screenEl()?.append(late);
    nextFrame();
    expect(document.activeElement).toBe(byLabel("criteria"));
  });

  it("a restore made before the wait began does not count as free", () => {
    restoreFocus(byLabel("criteria"));
    byLabel("palette search").focus();
    focusOnArrival(screenEl, focusLate);
    nextFrame();
    byLabel("criteria").focus();
    nextFrame();
    const late = document.createElement("input");
    late.id = "late";
    screenEl()?.append(late);
    nextFrame();
    expect(document.activeElement).toBe(byLabel("criteria"));
  });
});

describe("restoreFocus", () => {
  it("leaves a focus taken after the overlay closed (a palette command's field), else restores", () => {
    const late = document.createElement("input");
    late.id = "late";
    screenEl()?.append(late);
    byLabel("palette search").focus();
    byLabel("palette search").remove(); // the overlay's content goes: focus falls to <body>
    focusOnArrival(screenEl, focusLate);
    nextFrame(); // the command's field takes focus before the overlay's restore runs
    expect(document.activeElement).toBe(late);
    restoreFocus(byLabel("criteria"));
    expect(document.activeElement).toBe(late);
    late.blur();
    restoreFocus(byLabel("criteria"));
    expect(document.activeElement).toBe(byLabel("criteria"));
  });
});
