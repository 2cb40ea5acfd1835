// `relbench fta`: the JSON fields of the issue, the listing, exit code 2 with one line on bad input.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const OPENPSA = "tests/fixtures/fta/openpsa";
const dir = mkdtempSync(join(tmpdir(), "relbench-fta-"));

function relbench(...args: string[]) {
  const result = spawnSync(process.execPath, ["bin/relbench.cjs", "fta", ...args], { encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("relbench fta", () => {
  it("prints the issue's JSON object (chinese: 392 cut sets, SCRAM's P = 0.00117058)", () => {
    const r = relbench(`${OPENPSA}/aralia/chinese.xml`, "--json", "--importance");
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.top).toBe("r1");
    expect(out.counts).toEqual({ basicEvents: 25, gates: 36 });
    expect(out.cutSets).toEqual({ count: 392, byOrder: { "2": 12, "4": 24, "5": 188, "6": 168 } });
    expect(out.probability.exact.toPrecision(6)).toBe("0.00117058");
    expect(out.probability.rareEvent.toPrecision(6)).toBe("0.00120026");
    expect(out.probability.mcub).toBeGreaterThan(out.probability.exact);
    expect(Object.keys(out.importance)).toHaveLength(25);
    expect(Object.keys(out.importance.e1).sort()).toEqual([
      "birnbaum",
      "criticality",
      "fussellVesely",
      "raw",
      "rrw",
    ]);
    expect(out.importanceDefinitions.fussellVesely).toMatch(/minimal cut sets containing the event/);
    expect(out.elapsedMs).toBeGreaterThan(0);
    expect(out.missionTime).toBe(8760);
  });

  it("lists the cut sets; zbdd and mocus give no exact probability; the order limit and mission time apply", () => {
    const listed = JSON.parse(
      relbench(`${OPENPSA}/aralia/chinese.xml`, "--json", "--list", "--limit-order", "4").stdout,
    );
    expect(listed.cutSets.count).toBe(36);
    expect(listed.cutSets.list).toHaveLength(36);
    expect(listed.cutSets.list.every((s: string[]) => Array.isArray(s) && s.length <= 4)).toBe(true);
    for (const algorithm of ["zbdd", "mocus"]) {
      const out = JSON.parse(
        relbench(`${OPENPSA}/aralia/chinese.xml`, "--json", "--algorithm", algorithm, "--limit-order", "4")
          .stdout,
      );
      expect(out.probability.exact).toBeNull();
      expect(out.cutSets.count).toBe(36);
      expect(out.probability.rareEvent.toPrecision(6)).toBe("0.00120024");
    }
    const early = JSON.parse(
      relbench(`${OPENPSA}/scram-input/SmallTree/SmallTree.xml`, "--json", "--mission-time", "876").stdout,
    );
    const late = JSON.parse(relbench(`${OPENPSA}/scram-input/SmallTree/SmallTree.xml`, "--json").stdout);
    expect(early.probability.exact).toBeLessThan(late.probability.exact);
    expect(late.probability.exact.toPrecision(6)).toBe("0.0267768");
  });

  it("reads several MEF files as one model and a relbench JSON model", () => {
    const two = JSON.parse(
      relbench(
        `${OPENPSA}/scram-input/Chinese/chinese.xml`,
        `${OPENPSA}/scram-input/Chinese/chinese-basic-events.xml`,
        "--json",
      ).stdout,
    );
    expect(two.probability.exact.toPrecision(6)).toBe("0.00456932");
    const path = join(dir, "model.json");
    writeFileSync(
      path,
      JSON.stringify({
        format: "relbench-fta",
        version: 1,
        name: "t",
        missionTime: 8760,
        gates: [{ code: "TOP", type: "or", inputs: ["A", "B"] }],
        basicEvents: [
          { code: "A", distribution: { type: "fixed", p1: 0.1 } },
          { code: "B", distribution: { type: "fixed", p1: 0.2 } },
        ],
        houseEvents: [],
      }),
    );
    const out = JSON.parse(relbench(path, "--json").stdout);
    expect(out.probability.exact).toBeCloseTo(0.28, 15);
  });

  it("reads the failure model's names (README) and an older file's weibull2 with p1 = eta, p2 = beta alike", () => {
    const file = (name: string, distribution: unknown) => {
      const path = join(dir, name);
      writeFileSync(
        path,
        JSON.stringify({
          format: "relbench-fta",
          version: 1,
          name: "t",
          missionTime: 8760,
          gates: [{ code: "TOP", type: "or", inputs: ["A", "B"] }],
          basicEvents: [
            { code: "A", distribution },
            { code: "B", distribution: { type: "exponential", lambda: 1e-5 } },
          ],
          houseEvents: [],
        }),
      );
      return path;
    };
    const today = JSON.parse(
      relbench(file("new.json", { type: "weibull2p", beta: 1.5, eta: 5000 }), "--json").stdout,
    );
    const older = JSON.parse(
      relbench(file("old.json", { type: "weibull2", p1: 5000, p2: 1.5 }), "--json").stdout,
    );
    const a = -Math.expm1(-((8760 / 5000) ** 1.5));
    const b = -Math.expm1(-1e-5 * 8760);
    expect(Math.abs(today.probability.exact - (1 - (1 - a) * (1 - b)))).toBeLessThan(1e-15);
    expect(older.probability.exact).toBe(today.probability.exact);
  });

  it("prints a readable summary without --json", () => {
    const r = relbench(`${OPENPSA}/aralia/chinese.xml`, "--limit-order", "4", "--list");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Minimal cut sets: 36 \(12 of order 2, 24 of order 4\)/);
    expect(r.stdout).toMatch(/P\(top\): exact 0\.00117058/);
    expect(r.stdout.split("\n").filter((l) => /^e\d+ e\d+/.test(l))).toHaveLength(36);
  });

  it("--help names each importance definition", () => {
    const r = relbench("--help");
    expect(r.code).toBe(0);
    for (const word of ["birnbaum", "criticality", "fussellVesely", "raw", "rrw", "DIF"])
      expect(r.stdout).toContain(word);
  });

  const bad: Array<[string, string[], RegExp]> = [
    ["no file", [], /give a fault tree file/],
    ["missing file", ["nope.xml"], /cannot read nope\.xml: ENOENT/],
    [
      "bad algorithm",
      [`${OPENPSA}/aralia/chinese.xml`, "--algorithm", "magic"],
      /--algorithm must be one of bdd, zbdd, mocus/,
    ],
    [
      "bad order limit",
      [`${OPENPSA}/aralia/chinese.xml`, "--limit-order", "2.5"],
      /--limit-order must be an integer of at least 1/,
    ],
    [
      "bad cut-off",
      [`${OPENPSA}/aralia/chinese.xml`, "--cut-off", "2"],
      /--cut-off must be a probability from 0 to 1/,
    ],
    [
      "bad mission time",
      [`${OPENPSA}/aralia/chinese.xml`, "--mission-time", "0"],
      /--mission-time must be a number greater than 0/,
    ],
    [
      "two tops",
      [`${OPENPSA}/aralia/chinese.xml`, "--top", "nope"],
      /The top event 'nope' is not a gate of the tree/,
    ],
  ];
  it.each(bad)("%s: exit 2 with one line", (_, args, message) => {
    const r = relbench(...args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(message);
  });

  it("malformed MEF: exit 2 naming the line and the element", () => {
    const path = join(dir, "bad.xml");
    writeFileSync(
      path,
      '<opsa-mef>\n<define-fault-tree name="T">\n<define-gate name="g">\n<or><gate name="x"/><basic-event name="a"/></or>\n</define-gate>\n</define-fault-tree>\n</opsa-mef>\n',
    );
    const r = relbench(path);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(`relbench fta: ${path}:4 <gate name="x">: gate 'x' is not defined`);
  });
});
