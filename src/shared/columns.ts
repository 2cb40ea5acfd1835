// Packed numeric columns on the wire: a column is the base64 text of its little-endian bytes (Float64,
// Int32 or Uint8), so 400,000 rows travel as a few strings instead of 400,000 JSON objects and land in a
// typed array without parsing numbers. The same functions run in the browser, in Node and in workers.

export const COLUMN_TYPES = {
  f64: Float64Array,
  i32: Int32Array,
  u8: Uint8Array,
} as const;
export type ColumnType = keyof typeof COLUMN_TYPES;
export type ColumnArray = Float64Array | Int32Array | Uint8Array;
export const COLUMN_BYTES: Record<ColumnType, number> = { f64: 8, i32: 4, u8: 1 };

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const DECODE = new Int16Array(256).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;

interface NodeBuffer {
  from(
    data: ArrayBuffer | ArrayBufferView | string,
    encodingOrOffset?: string | number,
    length?: number,
  ): Uint8Array & {
    toString(encoding: string): string;
  };
}
const NodeBufferClass = (globalThis as { Buffer?: NodeBuffer }).Buffer;

export function bytesToBase64(bytes: Uint8Array): string {
  if (NodeBufferClass) {
    return NodeBufferClass.from(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength).toString(
      "base64",
    );
  }
  if (typeof globalThis.btoa === "function") return bytesToBase64Native(bytes);
  const parts: string[] = [];
  // Chunks keep String.fromCharCode's argument list short and the intermediate strings small.
  const chunk = 3 * 16_384;
  for (let start = 0; start < bytes.length; start += chunk) {
    const end = Math.min(start + chunk, bytes.length);
    let out = "";
    let i = start;
    for (; i + 2 < end; i += 3) {
      const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
      out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + ALPHABET[(n >> 6) & 63] + ALPHABET[n & 63];
    }
    if (i < end) {
      const n = (bytes[i] << 16) | ((i + 1 < end ? bytes[i + 1] : 0) << 8);
      out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63];
      out += i + 1 < end ? `${ALPHABET[(n >> 6) & 63]}=` : "==";
    }
    parts.push(out);
  }
  return parts.join("");
}

/**
 * The browser's native base64 (btoa) over binary strings of 48 KiB chunks: a 400,000-row set's columns in
 * tens of milliseconds, where building the text a character at a time took seconds in the worker.
 */
export function bytesToBase64Native(bytes: Uint8Array): string {
  const parts: string[] = [];
  const chunk = 3 * 16_384;
  for (let start = 0; start < bytes.length; start += chunk) {
    const part = bytes.subarray(start, Math.min(start + chunk, bytes.length));
    parts.push(globalThis.btoa(String.fromCharCode.apply(null, part as unknown as number[])));
  }
  return parts.join("");
}

/** The reverse of bytesToBase64Native with atob; `clean` is base64 without padding, already checked. */
export function base64ToBytesNative(clean: string): Uint8Array {
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  // Whole groups of four characters per chunk, so each chunk decodes on its own.
  const chunk = 4 * 16_384;
  let o = 0;
  for (let start = 0; start < clean.length; start += chunk) {
    const binary = globalThis.atob(clean.slice(start, start + chunk));
    for (let i = 0; i < binary.length; i++) out[o++] = binary.charCodeAt(i);
  }
  return out.subarray(0, o);
}

/** Decodes standard base64 (padding optional); returns null when the text is not base64. */
export function base64ToBytes(text: string): Uint8Array | null {
  const clean = text.endsWith("==") ? text.slice(0, -2) : text.endsWith("=") ? text.slice(0, -1) : text;
  if (clean.length % 4 === 1) return null;
  if (NodeBufferClass) {
    // Node's decoder skips what is not base64 (and reads "-" and "_" as "+" and "/"), so the text is
    // checked by encoding the bytes again: only the standard text of these bytes is taken. Several times
    // faster than a regular expression over the megabytes of a 400,000-row set.
    const decoded = NodeBufferClass.from(clean, "base64");
    const again = decoded.toString("base64");
    const padding = (4 - (clean.length % 4)) % 4;
    if (again.length !== clean.length + padding || !again.startsWith(clean)) return null;
    return new Uint8Array(decoded.buffer, decoded.byteOffset, decoded.byteLength);
  }
  if (typeof globalThis.atob === "function") {
    if (!/^[A-Za-z0-9+/]*$/.test(clean)) return null;
    return base64ToBytesNative(clean);
  }
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let o = 0;
  let i = 0;
  for (; i + 3 < clean.length; i += 4) {
    const a = DECODE[clean.charCodeAt(i)];
    const b = DECODE[clean.charCodeAt(i + 1)];
    const c = DECODE[clean.charCodeAt(i + 2)];
    const d = DECODE[clean.charCodeAt(i + 3)];
    if ((a | b | c | d) < 0) return null;
    const n = (a << 18) | (b << 12) | (c << 6) | d;
    out[o++] = n >> 16;
    out[o++] = (n >> 8) & 255;
    out[o++] = n & 255;
  }
  const rest = clean.length - i;
  if (rest > 0) {
    const a = DECODE[clean.charCodeAt(i)];
    const b = DECODE[clean.charCodeAt(i + 1)];
    const c = rest === 3 ? DECODE[clean.charCodeAt(i + 2)] : 0;
    if ((a | b | c) < 0) return null;
    const n = (a << 18) | (b << 12) | (c << 6);
    out[o++] = n >> 16;
    if (rest === 3) out[o++] = (n >> 8) & 255;
  }
  return out.subarray(0, o);
}

/** The base64 text of a typed array's little-endian bytes. */
export function encodeColumn(values: ColumnArray): string {
  if (!LITTLE_ENDIAN && values.BYTES_PER_ELEMENT > 1)
    throw new Error("big-endian platforms are not supported");
  return bytesToBase64(new Uint8Array(values.buffer, values.byteOffset, values.byteLength));
}

/**
 * A typed array of `type` from base64 text or from plain numbers (what a curl user may send). Returns
 * null when the text is not base64 or its length is not a whole number of values.
 */
export function decodeColumn(input: string | readonly number[], type: ColumnType): ColumnArray | null {
  if (typeof input !== "string") return COLUMN_TYPES[type].from(input);
  const bytes = base64ToBytes(input);
  if (!bytes) return null;
  return columnFromBytes(bytes, type);
}

/** A typed array over a copy of little-endian bytes; null when they are not a whole number of values. */
export function columnFromBytes(bytes: Uint8Array, type: ColumnType): ColumnArray | null {
  if (bytes.byteLength % COLUMN_BYTES[type] !== 0) return null;
  // Copy into a fresh, aligned buffer: the bytes may sit at an odd offset of a pooled buffer.
  const aligned = new Uint8Array(bytes.byteLength);
  aligned.set(bytes);
  return new COLUMN_TYPES[type](aligned.buffer, 0, bytes.byteLength / COLUMN_BYTES[type]);
}

// ---------------------------------------------------------------------------------------------------------
// The life-data table's columns: the one list of header names the app's import (features/life/table.ts) and
// the CLI (`relbench life fit`, cli/life-input.ts) accept. It holds every title the app itself shows and
// writes, in all four languages (locales/*/life.json "columns"; a test keeps the two in step), and the short
// names of the import template and the CLI. Headers are compared after `normalizeHeader`, and a header whose
// trailing parenthesis is a unit or a legend ("State (F/S)", "End time (h)") is also read without it.

export const LIFE_COLUMN_KEYS = ["quantity", "start", "end", "state", "group"] as const;
export type LifeColumnKey = (typeof LIFE_COLUMN_KEYS)[number];

export const LIFE_HEADERS: Record<LifeColumnKey, readonly string[]> = {
  // The first name of each column is what the template and the data export write.
  quantity: ["quantity", "qty", "数量", "cantidad", "数", "個数"],
  start: ["start", "start time", "开始时间", "开始", "inicio", "tiempo inicial", "開始時間", "開始"],
  end: [
    "end",
    "time",
    "end time",
    "结束时间",
    "时间",
    "结束",
    "fin",
    "tiempo",
    "tiempo final",
    "終了時間",
    "時間",
    "終了",
  ],
  state: ["state", "status", "状态", "estado", "状態", "f/s"],
  group: ["group", "分组", "组", "grupo", "グループ"],
};

/** What the life-data state column holds: 1 failure (F), 0 suspension (S); spellings accepted on input. */
export const LIFE_STATES = [
  {
    code: 1,
    label: "F",
    aliases: ["failure", "failed", "fail", "1", "失效", "故障", "fallo", "falla"],
  },
  {
    code: 0,
    label: "S",
    aliases: ["suspension", "suspended", "censored", "0", "截尾", "删失", "suspensión", "打ち切り"],
  },
] as const;

/** The value a missing column stands for in every row (the CLI and the sheet agree): null means "none". */
export const LIFE_DEFAULTS: Record<LifeColumnKey, string | null> = {
  quantity: "1",
  start: null,
  end: null,
  state: "F",
  group: null,
};

/** Header text as compared: Unicode-compatible forms (full-width brackets), lower case, single spaces. */
export function normalizeHeader(text: unknown): string {
  return String(text ?? "")
    .normalize("NFKC")
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ");
}

const HEADER_INDEX = new Map<string, LifeColumnKey>();
for (const key of LIFE_COLUMN_KEYS)
  for (const name of LIFE_HEADERS[key]) HEADER_INDEX.set(normalizeHeader(name), key);

/** The life-data column a header names, or null. */
export function lifeColumnOf(header: unknown): LifeColumnKey | null {
  const name = normalizeHeader(header);
  if (name === "") return null;
  const exact = HEADER_INDEX.get(name);
  if (exact) return exact;
  const bare = name.replace(/\s*\([^()]*\)$/, "");
  return bare !== name ? (HEADER_INDEX.get(bare) ?? null) : null;
}

/** A state cell's code (1 F, 0 S), or null when it is not a state; `undefined`/blank is not handled here. */
export function lifeStateOf(text: unknown): 0 | 1 | null {
  const t = normalizeHeader(text);
  for (const s of LIFE_STATES)
    if (t === s.label.toLowerCase() || (s.aliases as readonly string[]).includes(t)) return s.code;
  return null;
}
