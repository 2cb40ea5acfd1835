import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { base64ToBytes, bytesToBase64, decodeColumn, encodeColumn } from "../../src/shared/columns.ts";
import { LIFE_DATA_COLUMN_RULES } from "../../src/shared/schemas/lifedata.ts";
import { decodePackedTable } from "../../src/shared/schemas/packed-table.ts";

describe("packed columns", () => {
  it("round-trips Float64, Int32 and Uint8 exactly, NaN and extremes included", () => {
    const f = Float64Array.from([
      0,
      -0,
      1.5,
      Number.MAX_VALUE,
      Number.MIN_VALUE,
      Number.NaN,
      1e-300,
      123456.789,
    ]);
    const back = decodeColumn(encodeColumn(f), "f64") as Float64Array;
    expect(Array.from(back).map((v) => (Object.is(v, -0) ? "-0" : String(v)))).toEqual(
      Array.from(f).map((v) => (Object.is(v, -0) ? "-0" : String(v))),
    );
    const i = Int32Array.from([0, -1, 2147483647, -2147483648]);
    expect(Array.from(decodeColumn(encodeColumn(i), "i32") as Int32Array)).toEqual(Array.from(i));
    const u = Uint8Array.from([0, 1, 255]);
    expect(Array.from(decodeColumn(encodeColumn(u), "u8") as Uint8Array)).toEqual([0, 1, 255]);
  });

  it("matches the standard base64 alphabet and rejects what is not base64", () => {
    expect(bytesToBase64(new TextEncoder().encode("relbench!"))).toBe("cmVsYmVuY2gh");
    expect(Array.from(base64ToBytes("cmVsYmVuY2g=") ?? [])).toEqual(
      Array.from(new TextEncoder().encode("relbench")),
    );
    expect(base64ToBytes("not base64!")).toBeNull();
    expect(decodeColumn("AAAA", "f64")).toBeNull(); // 3 bytes are not a Float64
  });

  it("takes only standard base64: no URL-safe letters, spaces or line breaks", () => {
    for (const bad of ["cmVs-mVu", "cmVs_mVu", "cmVs mVu", "cmVs\nmVu", "cmVs*mVu", "=cmVs", "c"])
      expect(base64ToBytes(bad), bad).toBeNull();
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 64 }),
        fc.nat(),
        fc.constantFrom("-", "_", " ", "!", "é"),
        (bytes, at, ch) => {
          const text = bytesToBase64(bytes);
          expect(Array.from(base64ToBytes(text) ?? [-1])).toEqual(Array.from(bytes));
          const i = at % (text.length + 1);
          expect(base64ToBytes(text.slice(0, i) + ch + text.slice(i))).toBeNull();
        },
      ),
      { numRuns: 300 },
    );
  });

  it("accepts plain number arrays", () => {
    expect(Array.from(decodeColumn([1, 2.5], "f64") as Float64Array)).toEqual([1, 2.5]);
  });

  it("names the column and row of a bad value", () => {
    const table = {
      rows: 3,
      form: "rightCensored",
      columns: { end: encodeColumn(Float64Array.from([10, -1, 30])), state: [1, 1, 0] },
    };
    const result = decodePackedTable(table, LIFE_DATA_COLUMN_RULES);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.params).toMatchObject({ column: "end", row: 2 });
    const short = decodePackedTable(
      { ...table, columns: { end: [1, 2], state: [1, 1, 0] } },
      LIFE_DATA_COLUMN_RULES,
    );
    expect(short.ok).toBe(false);
    if (!short.ok) expect(short.key).toBe("columnLengthMismatch");
  });
});
