import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

function relbench(...args: string[]) {
  const result = spawnSync(process.execPath, ["bin/relbench.cjs", "cost", ...args], { encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The README's examples: each command line with the value it states after `#`. */
function readmeExamples(): { args: string[]; name: string; value: string }[] {
  const readme = readFileSync("README.md", "utf8");
  const section = readme.slice(readme.indexOf("### Cost optimisation: `relbench cost`"));
  const start = section.indexOf("```sh") + 5;
  const block = section.slice(start, section.indexOf("```", start));
  return block
    .trim()
    .split("\n")
    .map((line) => {
      const [command, comment] = line.split("#");
      const [name, value] = comment.trim().split(/\s+/);
      return { args: command.trim().split(/\s+/).slice(3), name, value };
    });
}

describe("relbench cost", () => {
  const examples = readmeExamples();
  it("has the README's three examples", () => expect(examples).toHaveLength(3));
  it.each(examples)("README: $args.0 gives $name $value", ({ args, name, value }) => {
    const r = relbench(...args, "--json");
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    const digits = value.includes(".") ? value.split(".")[1].length : 0;
    const shown = name === "costPerUnitTime" ? out[name].toPrecision(5) : out[name].toFixed(digits);
    expect(shown).toBe(value);
  });

  it("--json: the issue's names, the curve and the best-interval table", () => {
    const r = relbench(
      ...["replacement", "--dist", "weibull2p", "--beta", "2.5", "--eta", "1000"],
      ...["--planned", "1", "--unplanned", "5", "--at", "800,300,493", "--points", "50", "--json"],
    );
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.runToFailureCostPerUnitTime).toBeCloseTo(5 / 887.2638175030753, 14);
    expect(out.curve).toHaveLength(50);
    expect(Object.keys(out.curve[0])).toEqual(["t", "costPerUnitTime"]);
    expect(out.best.map((row: { interval: number }) => row.interval)).toEqual([800, 300, 493]);
    expect(out.best.map((row: { best: boolean }) => row.best)).toEqual([false, false, true]);
    // The curve's minimum is no lower than the optimum (which lies between its points).
    const lowest = Math.min(...out.curve.map((p: { costPerUnitTime: number }) => p.costPerUnitTime));
    expect(lowest).toBeGreaterThanOrEqual(out.costPerUnitTime);
  });

  it("beta at most 1: no optimum, a plain warning, exit 0", () => {
    const r = relbench(
      "replacement",
      "--dist",
      "weibull2p",
      "--beta",
      "0.8",
      "--eta",
      "100",
      "--planned",
      "1",
      "--unplanned",
      "5",
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Optimum replacement age       none");
    expect(r.stdout).toContain("Warning: There is no finite optimum replacement age");
  });

  it("bad input: exit 2 with one line, the spec's message where it has one", () => {
    const cases: [string[], string][] = [
      [
        [
          "replacement",
          "--dist",
          "weibull2p",
          "--beta",
          "2",
          "--eta",
          "10",
          "--planned",
          "9.5",
          "--unplanned",
          "10",
        ],
        "relbench cost: --planned: The planned replacement cost cannot exceed 90% of the unplanned cost.\n",
      ],
      [
        [
          ...["inspection", "--dist", "weibull2p", "--beta", "2", "--eta", "10", "--inspection", "10"],
          ...["--unplanned", "10", "--downtime", "1", "--detection", "0.5"],
        ],
        "relbench cost: --inspection: Inspection cost must be below the unplanned replacement cost.\n",
      ],
      [
        [
          ...["inspection", "--dist", "weibull2p", "--beta", "2", "--eta", "10", "--inspection", "1"],
          ...["--unplanned", "10", "--downtime", "1", "--detection", "1.5"],
        ],
        "relbench cost: --detection: Detection probability must be between 0-1.\n",
      ],
      [
        [
          "replacement",
          "--dist",
          "weibull2p",
          "--beta",
          "30",
          "--eta",
          "10",
          "--planned",
          "1",
          "--unplanned",
          "10",
        ],
        "relbench cost: --beta: Beta range must be between 0.0001-24.\n",
      ],
      [
        ["replacement", "--dist", "normal"],
        "relbench cost: --dist must be one of exponential, weibull2p, weibull3p, lognormal, gamma, loglogistic, not 'normal'\n",
      ],
      [["replacement", "--dist", "weibull2p", "--beta", "2"], "relbench cost: weibull2p needs --eta\n"],
    ];
    for (const [args, line] of cases) {
      const r = relbench(...args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toBe(line);
    }
  });
});
