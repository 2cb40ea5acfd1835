// Local drafts of unsaved work (issue 15, "nothing typed is lost"): every unsaved editor's document (a
// life-data sheet, fault tree, block diagram, test plan, DOE worksheet, ePDT prediction, drawing-tool sheet,
// FMEA header) is copied into IndexedDB while it is edited, and offered back when the user returns
// to it after a reload, a closed tab or a crash. One store for all editors: a draft is a key (user, area,
// stored id or "new"), a name for the question, when it was kept, and the editor's own data. IndexedDB
// takes structured clones, so a sheet's typed columns go in as they are (no JSON of 400,000 rows).
import {
  type Draft,
  type DraftArea,
  type DraftBackend,
  indexedDbBackend,
  memoryBackend,
  portBackend,
} from "./draft-store.ts";
import { user } from "./session.ts";

export type { Draft, DraftArea, DraftBackend } from "./draft-store.ts";
export { memoryBackend } from "./draft-store.ts";

/**
 * The browser's drafts go through the drafts worker (draft-store.ts says why); where it cannot start, the page
 * writes IndexedDB itself (as before), and where there is no IndexedDB (tests, Node) drafts live in memory.
 */
function browserBackend(): DraftBackend {
  if (typeof indexedDB === "undefined") return memoryBackend();
  const direct = indexedDbBackend(indexedDB);
  if (typeof Worker === "undefined") return direct;
  let worker: DraftBackend | null = null;
  let failed = false;
  const through = (): DraftBackend => {
    if (failed) return direct;
    if (!worker)
      try {
        const w = new Worker(new URL("./drafts.worker.ts", import.meta.url), {
          type: "module",
          name: "relbench-drafts",
        });
        const port = portBackend(w);
        w.onerror = () => {
          failed = true;
          port.fail("The drafts worker failed");
        };
        worker = port;
      } catch {
        failed = true;
        return direct;
      }
    return worker;
  };
  return {
    get: (key) => through().get(key),
    put: (draft, transfer) => through().put(draft, transfer),
    delete: (key) => through().delete(key),
  };
}

let backend: DraftBackend = browserBackend();

/** Tests put another backend in place. */
export function setDraftBackend(next: DraftBackend): void {
  backend = next;
}

/** The key of a document's draft: per user (a shared browser keeps each user's drafts apart). */
export function draftKey(area: DraftArea, id: number | string | null | undefined): string {
  return `${user.value?.userId ?? "anonymous"}:${area}:${id ?? "new"}`;
}

/** The draft kept under `key`, or null (also when storage is unavailable: a draft is a help, not a need). */
export async function readDraft<T>(key: string): Promise<Draft<T> | null> {
  try {
    return ((await backend.get(key)) as Draft<T> | undefined) ?? null;
  } catch {
    return null;
  }
}

export async function removeDraft(key: string): Promise<void> {
  try {
    await backend.delete(key);
  } catch {
    // Storage unavailable (private mode): nothing was kept.
  }
}

/**
 * Keeps one editor's draft up to date without slowing its typing: `keep` notes that the document changed
 * and writes it at most once per `delayMs` (the data are produced only when written, so a 400,000-row sheet
 * is copied once per interval, not per keystroke, and written by the drafts worker); `clear` drops it (saved, or the changes discarded).
 * When the document's key changes (a new document saved gets its id) the old key's draft goes.
 */
export class DraftKeeper<T> {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private pending: { key: string; name: string; produce: () => T } | null = null;
  private written: string | null = null;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    readonly area: DraftArea,
    readonly delayMs = 1000,
    private readonly now: () => number = Date.now,
    /** The buffers of a produced document that are fresh copies, moved to the drafts worker, not copied. */
    private readonly transfer?: (data: T) => ArrayBuffer[],
  ) {}

  keep(key: string, name: string, produce: () => T): void {
    this.pending = { key, name, produce };
    // After the delay, when the main thread has nothing else to do (a copy of a big sheet waits for a pause).
    this.timer ??= setTimeout(() => {
      if (typeof requestIdleCallback === "function")
        requestIdleCallback(() => void this.flushIfDue(), { timeout: this.delayMs });
      else void this.flushIfDue();
    }, this.delayMs);
  }

  private flushIfDue(): Promise<void> {
    // flush() or clear() may have run in between.
    if (this.timer === null) return this.chain;
    this.timer = null;
    return this.flush();
  }

  /** Writes what is pending now (the page is being hidden or left). */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const p = this.pending;
    this.pending = null;
    if (!p) return this.chain;
    const draft: Draft<T> = {
      key: p.key,
      area: this.area,
      name: p.name,
      savedAt: this.now(),
      data: p.produce(),
    };
    const transfer = this.transfer?.(draft.data);
    const previous = this.written;
    this.written = p.key;
    this.chain = this.chain.then(async () => {
      if (previous !== null && previous !== p.key) await removeDraft(previous);
      try {
        await backend.put(draft, transfer);
      } catch {
        // Storage full or unavailable: the leave warning still protects the work.
      }
    });
    return this.chain;
  }

  /**
   * Nothing unsaved any more (saved, or the changes thrown away): forget the pending write and remove the
   * draft this keeper wrote. A draft from an earlier visit stays until it is offered (offerDraft).
   */
  clear(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.pending = null;
    const written = this.written;
    this.written = null;
    if (written === null) return this.chain;
    this.chain = this.chain.then(() => removeDraft(written));
    return this.chain;
  }
}

/** All keepers, flushed when the page is hidden (a closed tab or a reload must not lose the last second). */
const keepers = new Set<DraftKeeper<unknown>>();

export function registerKeeper<T>(keeper: DraftKeeper<T>): () => void {
  keepers.add(keeper as DraftKeeper<unknown>);
  return () => keepers.delete(keeper as DraftKeeper<unknown>);
}

function flushAll(): void {
  for (const k of keepers) void k.flush();
}

// beforeunload comes first (the write runs while the browser asks "leave the page?"); pagehide and a hidden
// tab cover the cases without that question (a tab closed from another window, a mobile browser).
if (typeof window !== "undefined") {
  window.addEventListener("beforeunload", flushAll);
  window.addEventListener("pagehide", flushAll);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flushAll();
  });
}
