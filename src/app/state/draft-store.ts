// Where drafts (drafts.ts) are kept, shared by the page and the drafts worker (drafts.worker.ts): the store
// itself (IndexedDB, or a map where there is none) and the few messages between the page and the worker.
// IndexedDB copies a value into its own form within put() on the thread that calls it: for a 400,000-row
// life sheet (five Float64Arrays, 16 MB) that was one task of about 50 ms of CPU on the page's main thread,
// so the page hands each draft to the worker (its typed columns moved, not copied) and the worker writes it.

export type DraftArea =
  | "life"
  | "fta"
  | "rbd"
  | "testdesign"
  | "doe"
  | "fmea"
  | "drawing"
  | "epdt"
  | "warranty"
  | "degradation"
  | "cost"
  | "dictionary";

export interface Draft<T = unknown> {
  key: string;
  area: DraftArea;
  /** The document's name, for the question "restore it?". */
  name: string;
  /** Milliseconds since the epoch. */
  savedAt: number;
  data: T;
}

/** Where drafts are kept: IndexedDB in the browser; an in-memory map where there is none (tests, Node). */
export interface DraftBackend {
  get(key: string): Promise<Draft | undefined>;
  /**
   * `transfer`: buffers inside `draft` that are the caller's to give away (fresh copies nobody else keeps):
   * a backend in another thread moves them there instead of copying them; the caller must not read them after.
   */
  put(draft: Draft, transfer?: ArrayBuffer[]): Promise<void>;
  delete(key: string): Promise<void>;
}

export function memoryBackend(): DraftBackend {
  const map = new Map<string, Draft>();
  return {
    get: async (key) => map.get(key),
    put: async (draft) => {
      map.set(draft.key, draft);
    },
    delete: async (key) => {
      map.delete(key);
    },
  };
}

const DB_NAME = "relbench-drafts";
const STORE = "drafts";

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

export function indexedDbBackend(factory: IDBFactory): DraftBackend {
  let db: Promise<IDBDatabase> | null = null;
  const open = () => {
    db ??= new Promise<IDBDatabase>((resolve, reject) => {
      const r = factory.open(DB_NAME, 1);
      r.onupgradeneeded = () => r.result.createObjectStore(STORE, { keyPath: "key" });
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    return db;
  };
  const store = async (mode: IDBTransactionMode) =>
    (await open()).transaction(STORE, mode).objectStore(STORE);
  return {
    get: async (key) => (await request((await store("readonly")).get(key))) as Draft | undefined,
    put: async (draft) => {
      await request((await store("readwrite")).put(draft));
    },
    delete: async (key) => {
      await request((await store("readwrite")).delete(key));
    },
  };
}

export type DraftRequest =
  | { id: number; op: "get"; key: string }
  | { id: number; op: "put"; draft: Draft }
  | { id: number; op: "delete"; key: string };

export type DraftReply = { id: number; draft?: Draft; error?: string };

/** The part of a Worker, a worker's global scope or a MessagePort that the two ends use. */
export interface DraftPort {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

/** The buffers of the typed arrays directly inside `value`'s properties, one level down (a sheet's columns). */
export function columnBuffers(columns: Record<string, unknown>): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const column of Object.values(columns))
    if (ArrayBuffer.isView(column) && column.buffer instanceof ArrayBuffer) buffers.add(column.buffer);
  return [...buffers];
}

/**
 * The worker's end: answers each request from `backend`, one at a time in the order sent (a later draft is
 * never overwritten by an earlier one finishing late). A draft read is sent back with its buffers moved.
 */
export function serveDrafts(port: DraftPort, backend: DraftBackend): void {
  let queue: Promise<void> = Promise.resolve();
  port.onmessage = (event: MessageEvent<DraftRequest>) => {
    const message = event.data;
    queue = queue.then(async () => {
      try {
        if (message.op === "put") {
          await backend.put(message.draft);
          port.postMessage({ id: message.id } satisfies DraftReply);
        } else if (message.op === "delete") {
          await backend.delete(message.key);
          port.postMessage({ id: message.id } satisfies DraftReply);
        } else {
          const draft = await backend.get(message.key);
          port.postMessage({ id: message.id, draft } satisfies DraftReply, draft ? transferOf(draft) : []);
        }
      } catch (error) {
        port.postMessage({ id: message.id, error: String(error) } satisfies DraftReply);
      }
    });
  };
}

/** A read draft's sheet columns (`data.sheet.values`, as the life sheet keeps them), to move them back. */
function transferOf(draft: Draft): ArrayBuffer[] {
  const values = (draft.data as { sheet?: { values?: unknown } } | null)?.sheet?.values;
  return values && typeof values === "object" ? columnBuffers(values as Record<string, unknown>) : [];
}

/** The page's end: a backend whose work is done by whatever serves `port` (serveDrafts in the worker). */
export function portBackend(port: DraftPort): DraftBackend & { fail(reason: string): void } {
  let nextId = 1;
  const waiting = new Map<number, { resolve(reply: DraftReply): void }>();
  /** The other end is gone (the worker failed to start): what waits is answered with the reason. */
  const fail = (reason: string) => {
    for (const [id, w] of waiting) w.resolve({ id, error: reason });
    waiting.clear();
  };
  port.onmessage = (event: MessageEvent<DraftReply>) => {
    const w = waiting.get(event.data.id);
    waiting.delete(event.data.id);
    w?.resolve(event.data);
  };
  const ask = (message: Omit<DraftRequest, "id">, transfer: ArrayBuffer[] = []) =>
    new Promise<DraftReply>((resolve) => {
      const id = nextId++;
      waiting.set(id, { resolve });
      port.postMessage({ ...message, id }, transfer);
    }).then((reply) => {
      if (reply.error !== undefined) throw new Error(reply.error);
      return reply;
    });
  return {
    fail,
    get: async (key) => (await ask({ op: "get", key } as Omit<DraftRequest, "id">)).draft,
    put: async (draft, transfer) => {
      await ask({ op: "put", draft } as Omit<DraftRequest, "id">, transfer);
    },
    delete: async (key) => {
      await ask({ op: "delete", key } as Omit<DraftRequest, "id">);
    },
  };
}
