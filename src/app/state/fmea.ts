// The FMEA record the user is working on (spec 3), kept in sessionStorage; the HTTP client adds its
// compilerUserId to write requests and the record permission rules compare against it.
import { signal } from "@preact/signals-react";

export interface FmeaRecord {
  fmeaId?: string;
  fmeaName?: string;
  structureId?: string;
  strucTreeDataId?: string;
  fmeaLanguage?: string;
  pageLanguage?: string;
  compilerUserId?: string;
  counselorUserId?: string[];
}

const KEY = "relbench.fmea";

function read(): FmeaRecord | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(KEY);
    return raw ? (JSON.parse(raw) as FmeaRecord) : null;
  } catch {
    return null;
  }
}

export const fmeaRecord = signal<FmeaRecord | null>(read());

export function setFmeaRecord(record: FmeaRecord | null): void {
  fmeaRecord.value = record;
  try {
    if (record) sessionStorage.setItem(KEY, JSON.stringify(record));
    else sessionStorage.removeItem(KEY);
  } catch {
    // sessionStorage unavailable: the record lives for this page only
  }
}
