// The one undo/redo history of the editors (eRBD's document, eFTA's model and selection; a new area's
// editor uses it too): whole snapshots, cheap because edits share structure. Typing in one field makes one
// step, not one per key: consecutive changes with the same `coalesce` key replace the last step. Pure
// functions over an immutable value, so a store keeps it in one signal and tests need no browser.
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** Key of the last recorded change, while further changes with it merge into the same step. */
  coalesce?: string;
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

export const canUndo = <T>(h: History<T>) => h.past.length > 0;
export const canRedo = <T>(h: History<T>) => h.future.length > 0;

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
