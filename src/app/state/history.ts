// The one undo/redo history of the app: `Steps<S>`, what can be undone (oldest first) and redone (next
// first). The editors (eRBD's document, eFTA's model and selection; a new area's editor too) keep whole
// snapshots in it, `History<T>`, cheap because edits share structure; typing in one field makes one step, not
// one per key: consecutive changes with the same `coalesce` key replace the last step. The data sheet keeps
// the edits themselves (400,000 rows are not snapshotted), each knowing its inverse. Pure functions over
// immutable values, so a store keeps them in one field or signal and tests need no browser.
export interface Steps<S> {
  past: S[];
  future: S[];
}

export interface History<T> extends Steps<T> {
  present: T;
  /** Key of the last recorded change, while further changes with it merge into the same step. */
  coalesce?: string;
}

export function noSteps<S>(): Steps<S> {
  return { past: [], future: [] };
}

/** A new step: it becomes the one undo reverts, and nothing is left to redo. */
export function recordStep<S>(steps: Steps<S>, step: S, limit = HISTORY_LIMIT): Steps<S> {
  return { past: [...steps.past, step].slice(-limit), future: [] };
}

/** The step undo reverts and the steps after it (the step moves to the front of `future`). */
export function takeUndo<S>(steps: Steps<S>): { step: S; steps: Steps<S> } | null {
  if (steps.past.length === 0) return null;
  const step = steps.past[steps.past.length - 1];
  return { step, steps: { past: steps.past.slice(0, -1), future: [step, ...steps.future] } };
}

/** The step redo applies again and the steps after it. */
export function takeRedo<S>(steps: Steps<S>): { step: S; steps: Steps<S> } | null {
  if (steps.future.length === 0) return null;
  const step = steps.future[0];
  return { step, steps: { past: [...steps.past, step], future: steps.future.slice(1) } };
}

export const HISTORY_LIMIT = 200;

export function startHistory<T>(present: T): History<T> {
  return { past: [], present, future: [] };
}

export function record<T>(history: History<T>, next: T, coalesce?: string): History<T> {
  if (next === history.present) return history;
  if (coalesce !== undefined && coalesce === history.coalesce)
    return { ...history, present: next, future: [] };
  return {
    past: [...history.past, history.present].slice(-HISTORY_LIMIT),
    present: next,
    future: [],
    coalesce,
  };
}

export const canUndo = <S>(h: Steps<S>) => h.past.length > 0;
export const canRedo = <S>(h: Steps<S>) => h.future.length > 0;

export function undo<T>(h: History<T>): History<T> {
  if (!canUndo(h)) return h;
  return { past: h.past.slice(0, -1), present: h.past[h.past.length - 1], future: [h.present, ...h.future] };
}

export function redo<T>(h: History<T>): History<T> {
  if (!canRedo(h)) return h;
  return { past: [...h.past, h.present], present: h.future[0], future: h.future.slice(1) };
}

/** Ends a run of merged changes (the field lost focus): the next change is a step of its own. */
export function seal<T>(h: History<T>): History<T> {
  return h.coalesce === undefined ? h : { ...h, coalesce: undefined };
}
