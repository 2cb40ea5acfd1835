import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

function relbench(...args: string[]) {
  const result = spawnSync(process.execPath, ["bin/relbench.cjs", "design", ...args], { encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The README's examples: each command line with the value it states after `#`. */
function readmeExamples(): { args: string[]; name: string; value: number }[] {
  const readme = readFileSync("README.md", "utf8");
  const section = readme.slice(readme.indexOf("### Reliability test design: `relbench design`"));
  const block = section.slice(
    section.indexOf("```sh") + 5,
    section.indexOf("```", section.indexOf("```sh") + 5),
  );
  return block
    .trim()
    .split("\n")
    .map((line) => {
      const [command, comment] = line.split("#");
      const [name, value] = comment.trim().split(/\s+/);
      return { args: command.trim().split(/\s+/).slice(3), name, value: Number(value) };
    });
}

describe("relbench design", () => {
  const examples = readmeExamples();
  it("has the README's ten examples", () => expect(examples).toHaveLength(10));
  it.each(examples)("README: $args.0 gives $name $value", ({ args, name, value }) => {
    const r = relbench(...args, "--json");
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    const digits = String(value).split(".")[1]?.length ?? 0;
    expect(Math.abs(out[name] - value), `${name}: ${out[name]}`).toBeLessThanOrEqual(0.5 * 10 ** -digits);
    expect(out.solved).toBe(name);
  });

  it("prints every input, the solved quantity by name and the OC points", () => {
    const r = relbench("parametric-binomial", "--reliability", "90", "--confidence", "95", "--beta", "1.5");
    expect(r.code).toBe(2);
    const ok = relbench(
      "parametric-binomial",
      ...[
        "--reliability",
        "90",
        "--confidence",
        "95",
        "--beta",
        "1.5",
        "--test-time",
        "48",
        "--demo-time",
        "100",
      ],
      ...["--failures", "0", "--json"],
    );
    const out = JSON.parse(ok.stdout);
    expect(out).toMatchObject({
      reliability: 90,
      confidence: 95,
      beta: 1.5,
      testTime: 48,
      demoTime: 100,
      failures: 0,
      samples: 86,
    });
    expect(out.ocAxis).toBe("reliability");
    expect(out.oc.length).toBeGreaterThan(50);
    // The OC curve passes through the goal: P(pass | R = 90 %) = 1 - C.
    expect(out.details.pAcceptAtGoal).toBeLessThanOrEqual(0.05);
    const text = relbench(
      "nonparametric-binomial",
      "--reliability",
      "80",
      "--confidence",
      "90",
      "--failures",
      "0",
    );
    expect(text.stdout).toMatch(/Samples\s+11\s+<- solved/);
  });

  it.each([
    [
      ["nonparametric-binomial", "--reliability", "80", "--confidence", "5", "--failures", "0"],
      "confidence: Please enter a value between 10-100.",
    ],
    [
      ["nonparametric-binomial", "--reliability", "101", "--confidence", "90", "--failures", "0"],
      "reliability: Reliability must be between 0-100.",
    ],
    [
      ["nonparametric-binomial", "--samples", "2000000", "--confidence", "90", "--failures", "0"],
      "samples: Number of samples must be between 1-1,000,000.",
    ],
    [
      ["nonparametric-binomial", "--samples", "200000", "--confidence", "90", "--failures", "100001"],
      "failures: Number of failures must be between 0-100,000.",
    ],
    [
      ["nonparametric-binomial", "--samples", "10", "--confidence", "90", "--failures", "11"],
      "failures: Failures cannot exceed samples.",
    ],
    [
      [
        "parametric-binomial",
        "--reliability",
        "90",
        "--confidence",
        "90",
        "--failures",
        "0",
        "--beta",
        "25",
        "--test-time",
        "1",
        "--demo-time",
        "2",
      ],
      "beta: Beta range must be between 0.0001-24.",
    ],
    [
      ["exponential-chi-squared", "--mttf", "1e10", "--confidence", "90", "--failures", "0"],
      "mttf: Test time and MTTF must be between 0.0001-999999999.9999.",
    ],
    [
      ["exponential-chi-squared", "--test-time", "100", "--confidence", "101", "--failures", "0"],
      "confidence: CI must be between 0-100.",
    ],
    [
      ["stress-strength", "--stress", "weibull2p:30,100", "--strength", "normal:40,7"],
      "stress beta: Beta range must be between 0.0001-24.",
    ],
    [
      ["stress-strength", "--stress", "cauchy:1,2", "--strength", "normal:40,7"],
      "--stress: Write a distribution as its name and parameters: exponential:LAMBDA,GAMMA, weibull2p:BETA,ETA, weibull3p:BETA,ETA,GAMMA, normal:MU,SIGMA, lognormal:MU,SIGMA, gamma:K,THETA, loglogistic:MU,SIGMA, gumbel:MU,SIGMA.",
    ],
    [
      ["nonparametric-binomial", "--reliability", "80"],
      "solve: Leave exactly one quantity blank to solve for it; blank now: confidence, samples, failures.",
    ],
  ])("exits 2 with the message: %j", (args, message) => {
    const r = relbench(...(args as string[]));
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split("\n").at(-1)).toBe(`relbench design: ${message}`);
  });

  it("names the planners on a bad one", () => {
    const r = relbench("binomial");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("nonparametric-binomial, parametric-binomial");
  });
});
