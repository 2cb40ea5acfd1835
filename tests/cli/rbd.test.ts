import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import fixture from "../fixtures/rbd/textbook.json" with { type: "json" };
import { scaledError } from "../helpers/accuracy.ts";

const dir = mkdtempSync(join(tmpdir(), "relbench-rbd-"));
function modelFile(name: string, content?: string): string {
  const path = join(dir, `${name}.json`);
  const model = fixture.cases.find((c) => c.name === name)?.model;
  writeFileSync(path, content ?? JSON.stringify(model));
  return path;
}

function relbench(...args: string[]) {
  const result = spawnSync(process.execPath, ["bin/relbench.cjs", "rbd", ...args], { encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const expected = (name: string) =>
  fixture.cases.find((c) => c.name === name)?.expected as { reliability: number; mttf: number | null };

describe("relbench rbd", () => {
  it("prints the exact reliability, MTTF and importance as JSON", () => {
    const r = relbench(modelFile("bridge"), "--json");
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Math.abs(out.reliability.exact - expected("bridge").reliability)).toBeLessThan(1e-14);
    expect(scaledError(out.mttf.exact, expected("bridge").mttf as number)).toBeLessThan(1e-10);
    expect(out.importance.map((c: { block: string }) => c.block).sort()).toEqual(["A", "B", "C", "D", "E"]);
    expect(out.importance.find((c: { block: string }) => c.block === "E").mirrors).toEqual(["E2"]);
    expect(out.elapsedMs).toBeGreaterThan(0);
    expect(out.trialsPerSecond).toBeUndefined();
    expect(out.reliability.simulated).toBeUndefined();
  });

  it("simulates with a seed: the same numbers on one and on two worker threads", () => {
    const file = modelFile("two-of-three");
    const one = JSON.parse(
      relbench(file, "--simulate", "60000", "--seed", "9", "--workers", "1", "--json").stdout,
    );
    const two = JSON.parse(
      relbench(file, "--simulate", "60000", "--seed", "9", "--workers", "2", "--json").stdout,
    );
    expect(one.simulation).toMatchObject({ trials: 60000, seed: 9, workers: 1 });
    expect(two.simulation).toMatchObject({ trials: 60000, seed: 9, workers: 2 });
    expect(two.reliability).toEqual(one.reliability);
    expect(two.mttf).toEqual(one.mttf);
    expect(two.life).toEqual(one.life);
    expect(Math.abs(one.reliability.simulated - one.reliability.exact)).toBeLessThan(
      4 * one.reliability.standardError,
    );
    expect(one.mttf.simulated.lower).toBeLessThan(one.mttf.simulated.upper);
    expect(one.trialsPerSecond).toBeGreaterThan(0);
  });

  it("reports at --time, and leaves out the exact MTTF when a block has a fixed probability", () => {
    const out = JSON.parse(relbench(modelFile("fixed-series"), "--time", "200", "--json").stdout);
    expect(out.time).toBe(200);
    expect(out.reliability.exact).toBeCloseTo(0.95 * Math.exp(-0.2), 14);
    expect(out.mttf).toEqual({});
  });

  it("prints a readable summary without --json", () => {
    const r = relbench(modelFile("series-exponential"), "--simulate", "20000", "--workers", "1");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^series: time 100\nreliability {3}exact 0\.7046880897 {3}simulated/);
    expect(r.stdout).toMatch(/conditional/);
    expect(r.stdout).toMatch(/importance\n {2}block/);
  });

  it("answers bad input with one line on stderr and exit code 2", () => {
    const invalid = modelFile(
      "invalid",
      JSON.stringify({
        name: "x",
        missionTime: 10,
        blocks: [{ id: "K", kind: "kofn", k: 3 }],
        edges: [
          ["start", "K"],
          ["K", "end"],
        ],
      }),
    );
    const cases: Array<[string[], RegExp]> = [
      [[], /expected one FILE\.json/],
      [[join(dir, "missing.json")], /cannot read .*missing\.json: ENOENT/],
      [[modelFile("broken", "{ nope")], /is not valid JSON/],
      [[invalid], /K k: k must be a whole number between 1 and 1.*\(and 1 more problem\)/],
      [[modelFile("bridge"), "--simulate", "0"], /--simulate must be a whole number of at least 1/],
      [[modelFile("bridge"), "--simulate", "1e3.5"], /--simulate must be/],
      [[modelFile("bridge"), "--workers", "0"], /--workers must be a whole number from 1 to 256/],
      [[modelFile("bridge"), "--seed=-3"], /--seed must be/],
      [[modelFile("bridge"), "--time", "soon"], /--time must be a number/],
    ];
    for (const [args, message] of cases) {
      const r = relbench(...args);
      expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(2);
      expect(r.stderr.trim().split("\n"), args.join(" ")).toHaveLength(1);
      expect(r.stderr).toMatch(/^relbench rbd: /);
      expect(r.stderr).toMatch(message);
    }
  });
});
