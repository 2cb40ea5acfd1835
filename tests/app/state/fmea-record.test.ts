// @vitest-environment jsdom
// The FMEA record every tab of the failure-mode layout reads: which FMEA a screen shows (?fmeaId= before the
// kept record), when the kept record must be read again (an FMEA opened by its address), and that it is kept
// in session storage.
import { afterEach, describe, expect, it } from "vitest";
import {
  type FmeaRecord,
  fmeaIdOf,
  fmeaRecord,
  recordNames,
  recordOf,
  setFmeaRecord,
} from "../../../src/app/state/fmea.ts";

const kept: FmeaRecord = { fmeaId: "7", fmeaName: "Caliper DFMEA", compilerUserId: "3" };

describe("FMEA record", () => {
  afterEach(() => setFmeaRecord(null));

  it("takes the address's FMEA before the kept one, the kept one without an address, none without either", () => {
    expect(fmeaIdOf(new URLSearchParams("fmeaId=12"), kept)).toBe(12);
    expect(fmeaIdOf(new URLSearchParams("fmeaId=12"), null)).toBe(12);
    expect(fmeaIdOf(new URLSearchParams(""), kept)).toBe(7);
    expect(Number.isNaN(fmeaIdOf(new URLSearchParams(""), null))).toBe(true);
    expect(Number.isNaN(fmeaIdOf(new URLSearchParams("fmeaId=abc"), kept))).toBe(true);
  });

  it("is read again when an address names an FMEA other than the kept one, or none is kept", () => {
    expect(recordNames(kept, 7)).toBe(true);
    expect(recordNames(kept, 12)).toBe(false);
    expect(recordNames(null, 7)).toBe(false);
    // A record without an id (never written so, but read from storage) names no FMEA.
    expect(recordNames({ fmeaName: "x" }, 7)).toBe(false);
  });

  it("is made from a list row or the stored document the same way, and kept in session storage", () => {
    const record = recordOf({ id: 12, name: "Pump PFMEA", compilerUserId: 4 });
    expect(record).toEqual({ fmeaId: "12", fmeaName: "Pump PFMEA", compilerUserId: "4" });
    expect(recordNames(record, 12)).toBe(true);
    setFmeaRecord(record);
    expect(fmeaRecord.value).toEqual(record);
    expect(JSON.parse(sessionStorage.getItem("relbench.fmea") ?? "null")).toEqual(record);
    setFmeaRecord(null);
    expect(sessionStorage.getItem("relbench.fmea")).toBeNull();
  });
});
