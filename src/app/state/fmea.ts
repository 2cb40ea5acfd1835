// The FMEA record the user is working on (spec 3), kept in sessionStorage; the HTTP client adds its
// compilerUserId to write requests and the record permission rules compare against it. The layout's tabs
// carry no FMEA id, so whichever way an FMEA was opened (its list, a project, a link or a reload of
// ?fmeaId=) the record must name it: features/fmea/use-open-fmea.ts keeps it so.
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

/** The record of an FMEA document (as a list row or the stored document names it). */
export function recordOf(d: { id: number; name: string; compilerUserId: number }): FmeaRecord {
  return { fmeaId: String(d.id), fmeaName: d.name, compilerUserId: String(d.compilerUserId) };
}

/** The FMEA a screen shows: the address's ?fmeaId= first (a link, a reload), else the kept record's. */
export function fmeaIdOf(query: URLSearchParams, record: FmeaRecord | null): number {
  return Number(query.get("fmeaId") ?? record?.fmeaId ?? Number.NaN);
}

/** Whether the kept record is FMEA `id`'s; when not (opened by its address), it is read and kept. */
export function recordNames(record: FmeaRecord | null, id: number): boolean {
  return record?.fmeaId === String(id);
}
