// relbench's MIL-HDBK-217F Notice 2 parts stress tables (9.1, 10.1, 11.1, 11.2, 13.1, 13.2, 14.1, 14.2, 15.1, 15.2,
// 16.1)
// against a second transcription of the same Notice 2 sections, perdura-reliability's (typed from a copy of the
// notice), read from its source at one commit by tests/fixtures/prediction/perdura-crosscheck.py into
// perdura-crosscheck.json (the file names the commit and, for every value, the constant or class it came from).
// RAMSTK cannot check these sections: it transcribes their 1991 forms (tables-crosscheck.test.ts).
import { describe, expect, it } from "vitest";
import STRESS from "../../../src/kernels/prediction/tables/parts-stress.json" with { type: "json" };
import { readFixture } from "../../helpers/accuracy.ts";

type Value = number | null | Value[] | { [key: string]: Value };
interface Crosscheck {
  source: { repository: string; commit: string };
  comparisons: { path: string[]; perdura: string; value: Value }[];
}
const fixture = readFixture<Crosscheck>("prediction/perdura-crosscheck.json");

function leaves(theirs: Value, ours: unknown, at: string, out: [string, Value, unknown][]) {
  if (Array.isArray(theirs)) {
    expect(Array.isArray(ours) && ours.length, `${at}: length`).toBe(theirs.length);
    theirs.forEach((v, i) => {
      leaves(v, (ours as unknown[])[i], `${at}/${i}`, out);
    });
  } else if (theirs !== null && typeof theirs === "object")
    for (const [k, v] of Object.entries(theirs))
      leaves(v, (ours as Record<string, unknown>)?.[k], `${at}/${k}`, out);
  else out.push([at, theirs, ours]);
  return out;
}

// Where relbench keeps a fact as a mark rather than a list: the styles whose 10.1 entry has pi_SR.
const DERIVED: Record<string, unknown> = {
  "capacitor/seriesResistanceStyles": Object.entries(STRESS.capacitor.styles.values)
    .filter(([, v]) => "seriesResistance" in v)
    .map(([k]) => k)
    .sort(),
};

const all = fixture.comparisons.flatMap((c) => {
  const derived = DERIVED[c.path.join("/")];
  if (derived) return leaves(c.value, derived, c.path.join("/"), []);
  let ours: unknown = STRESS;
  for (const p of c.path) ours = (ours as Record<string, unknown>)?.[p];
  return leaves(c.value, ours, c.path.join("/"), []);
});

describe("Notice 2 tables against perdura-reliability's transcription", () => {
  it("reads perdura-reliability at a named commit, every section it is read for", () => {
    expect(fixture.source.repository).toBe("djtroyal/perdura-reliability");
    expect(fixture.source.commit).toMatch(/^[0-9a-f]{40}$/);
    const sections = new Set(fixture.comparisons.map((c) => c.path[0]));
    expect([...sections].sort()).toEqual([
      "capacitor",
      "connector",
      "inductor",
      "relay",
      "resistor",
      "switch",
    ]);
    expect(all.length).toBeGreaterThan(400);
  });

  it("every value both have is equal", () => {
    const wrong = all
      .filter(([, theirs, ours]) => theirs !== ours)
      .map(
        ([at, theirs, ours]) => `${at}: perdura ${JSON.stringify(theirs)}, relbench ${JSON.stringify(ours)}`,
      );
    expect(wrong).toEqual([]);
  });
});
