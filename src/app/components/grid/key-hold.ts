// Keys typed into a sheet cell while its editor is still opening. AG Grid starts an edit on the first key and
// seeds the editor with it. While the sheet drew its cells with React, the editor was mounted, and given the
// keyboard, one or more tasks later, and a key arriving in between landed on the cell, which ignores keys while
// it is editing: on a loaded machine a fast typist's second key, or the value typed after a Tab. AG Grid now
// draws the sheet with its own DOM code and the editor opens within the key's task, so this is a safeguard for
// any editor that does open late: such keys are held here and handed over, in order, as soon as it is there.

interface HeldKey {
  key: string;
  code: string;
  shiftKey: boolean;
}

export interface KeyHoldGrid {
  /** Whether a cell of the sheet is being edited. */
  editing(): boolean;
  /** The text input of the cell being edited, once it is in the page. */
  editor(): HTMLInputElement | HTMLTextAreaElement | null;
  /** The sheet's element: only cells inside it get held keys back. */
  root(): HTMLElement | null;
}

const MODIFIERS = new Set(["Shift", "Control", "Alt", "Meta", "AltGraph", "CapsLock", "NumLock"]);
/** About two seconds of frames: an editor that never opens must not hold the keyboard. */
const MAX_FRAMES = 120;

export class KeyHold {
  private held: HeldKey[] = [];
  private readonly replayed = new WeakSet<Event>();
  private frame = 0;
  private frames = 0;

  constructor(private readonly grid: KeyHoldGrid) {}

  /** The sheet's capture-phase keydown listener. */
  readonly onKeyDown = (e: KeyboardEvent): void => {
    if (this.replayed.has(e) || e.ctrlKey || e.metaKey || e.altKey || MODIFIERS.has(e.key)) return;
    const target = e.target as Element | null;
    if (target?.closest?.("input, textarea, select")) return;
    if (this.held.length === 0 && !this.grid.editing()) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    this.held.push({ key: e.key, code: e.code, shiftKey: e.shiftKey });
    this.flush();
  };

  dispose(): void {
    cancelAnimationFrame(this.frame);
    this.held = [];
  }

  private flush(): void {
    while (this.held.length > 0) {
      const input = this.grid.editor();
      if (input) {
        if (document.activeElement !== input) input.focus();
        this.deliver(input, this.held.shift() as HeldKey);
        continue;
      }
      if (this.grid.editing()) {
        this.later();
        return;
      }
      // Not editing (a held Tab or Enter ended the edit): the key goes to the cell that has the cursor now,
      // as the grid would have had it.
      const cell = document.activeElement?.closest?.(".ag-cell");
      if (!(cell instanceof HTMLElement) || !this.grid.root()?.contains(cell)) {
        this.held = [];
        return;
      }
      this.dispatch(cell, this.held.shift() as HeldKey);
    }
    this.frames = 0;
  }

  private later(): void {
    if (this.frame !== 0) return;
    if (++this.frames > MAX_FRAMES) {
      this.held = [];
      this.frames = 0;
      return;
    }
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.flush();
    });
  }

  /** What typing the key into the editor does: text at the caret, Backspace, or the grid's own key handling. */
  private deliver(input: HTMLInputElement | HTMLTextAreaElement, k: HeldKey): void {
    const end = input.value.length;
    const from = input.selectionStart ?? end;
    const to = input.selectionEnd ?? end;
    if (k.key.length === 1) {
      input.setRangeText(k.key, from, to, "end");
      input.dispatchEvent(new InputEvent("input", { bubbles: true, data: k.key, inputType: "insertText" }));
    } else if (k.key === "Backspace") {
      input.setRangeText("", from === to ? Math.max(0, from - 1) : from, to, "end");
      input.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "deleteContentBackward" }));
    } else {
      this.dispatch(input, k);
    }
  }

  private dispatch(target: HTMLElement, k: HeldKey): void {
    const event = new KeyboardEvent("keydown", {
      key: k.key,
      code: k.code,
      shiftKey: k.shiftKey,
      bubbles: true,
      cancelable: true,
      composed: true,
    });
    this.replayed.add(event);
    target.dispatchEvent(event);
  }
}
