import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { parseDelimited } from "../../src/app/components/spreadsheet/tsv.ts";
import { bomToModel, predictModel } from "../../src/kernels/prediction.ts";

const dir = mkdtempSync(join(tmpdir(), "relbench-predict-"));
const BOARD = "tests/fixtures/prediction/board40.csv";

function relbench(...args: string[]) {
  const result = spawnSync(process.execPath, ["bin/relbench.cjs", "predict", ...args], { encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function inProcess(method: "partsCount" | "partsStress", mission: number) {
  const rows = parseDelimited(readFileSync(BOARD, "utf8"), ",");
  return predictModel(bomToModel(rows, { method, missionTime: mission }).model);
}

describe("relbench predict", () => {
  it("prints every line's factors and the roll-up as JSON (the 40-part board of the README)", () => {
    const r = relbench(BOARD, "--method", "parts-stress", "--mission", "8760", "--json");
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    const ref = inProcess("partsStress", 8760);
    expect(out.lines).toHaveLength(40);
    expect(out.system.rate).toBe(ref.system.rate);
    expect(out.system.reliability).toBe(Math.exp((-ref.system.rate * 8760) / 1e6));
    expect(out.system.fit).toBe(out.system.rate * 1e3);
    expect(out.assemblies.map((a: { name: string }) => a.name)).toEqual(["System", "Controller", "Power"]);
    const u1 = out.lines.find((l: { ref: string }) => l.ref === "U1");
    expect(Object.keys(u1.factors)).toEqual(["C1", "piT", "C2", "piE", "piQ", "piL"]);
    expect(u1.references.C2).toMatch(/5\.9/);
    // Capacitors (10.1) and inductive devices (11.1, 11.2) by their own parts stress models.
    const tantalum = out.lines.find((l: { ref: string }) => l.ref === "C101-C104");
    expect(Object.keys(tantalum.factors)).toEqual(["lambdaB", "piT", "piC", "piV", "piSR", "piQ", "piE"]);
    expect(tantalum.factors.piSR).toBe(1.3);
    const transformer = out.lines.find((l: { ref: string }) => l.ref === "T100");
    expect(transformer.method).toBe("partsStress");
    expect(Object.keys(transformer.factors)).toEqual(["lambdaB", "piT", "piQ", "piE"]);
    // Relays (13.1), switches (14.1) and connectors (15.1) too, from the board's own stress columns.
    const relay = out.lines.find((l: { ref: string }) => l.ref === "K100");
    expect(Object.keys(relay.factors)).toEqual(["lambdaB", "piL", "piC", "piCYC", "piF", "piQ", "piE"]);
    expect(relay.factors.piF).toBe(5);
    const connector = out.lines.find((l: { ref: string }) => l.ref === "J100");
    expect(Object.keys(connector.factors)).toEqual(["lambdaB", "piT", "piK", "piQ", "piE"]);
    expect(out.lines.find((l: { ref: string }) => l.ref === "SW1").method).toBe("partsStress");
    const q102 = out.lines.find((l: { ref: string }) => l.ref === "Q102");
    expect(q102.method).toBe("partsCount");
    expect(q102.warnings[0]).toMatch(/parts count rate is used/);
    expect(out.lines.find((l: { ref: string }) => l.ref === "F100")).toMatchObject({
      method: "user",
      rateEach: 0.1,
    });
  });

  it("reads xlsx the same as CSV; parts count by default", () => {
    const rows = parseDelimited(readFileSync(BOARD, "utf8"), ",").map((row) =>
      row.map((cell) => (cell !== "" && Number.isFinite(Number(cell)) ? Number(cell) : cell)),
    );
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "BOM");
    const file = join(dir, "board.xlsx");
    writeFileSync(file, XLSX.write(book, { type: "buffer", bookType: "xlsx" }));
    const out = JSON.parse(relbench(file, "--json").stdout);
    expect(out.method).toBe("parts-count");
    expect(out.system.rate).toBe(inProcess("partsCount", 1000).system.rate);
    const text = relbench(BOARD).stdout;
    expect(text).toMatch(/^system: [\d.]+ failures\/10\^6 h, [\d.]+ FIT\nMTBF: [\d.]+ h\nR\(1000 h\): 0\.99/);
  });

  it("exits 2 with one line naming the bad row", () => {
    const file = join(dir, "bad.csv");
    writeFileSync(file, "Ref,Class,Subtype,Qty,Quality\nR1,resistor,RN,1,M\nR2,resistor,RN,1,Q\n");
    const r = relbench(file);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(
      `relbench predict: ${file}: row 3 quality: Quality 'Q' is not one of: S, R, P, M, MIL-SPEC, Lower.`,
    );
    writeFileSync(file, "Ref,Class,Qty\nR1,resistor,two\n");
    expect(relbench(file).stderr.trim()).toBe(
      `relbench predict: ${file}: row 2 quantity: quantity must be a number.`,
    );
    expect(relbench(BOARD, "--mission", "0").stderr).toMatch(
      /--mission must be a number of hours greater than 0/,
    );
    expect(relbench(BOARD, "--method", "fides").code).toBe(2);
  });

  it("--help states the columns", () => {
    const r = spawnSync(process.execPath, ["bin/relbench.cjs", "predict", "--help"], { encoding: "utf8" });
    expect(r.stdout).toMatch(/reference designator/);
    expect(r.stdout).toMatch(/GB, GF, GM, NS, NU, AIC, AIF, AUC, AUF, ARW, SF, MF, ML, CL/);
    expect(r.stdout).toMatch(/capacitor \(10\.1: CP, CA, .*CSR, CWR/);
    expect(r.stdout).toMatch(/series resistance \(ohm\/V\)/);
  });
});
