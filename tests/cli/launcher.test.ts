// bin/relbench, the package's "bin": a shell script that starts Node on bin/relbench.cjs without
// NODE_EXTRA_CA_CERTS (Node 20 loads that file's certificates as it starts, 40 ms of CPU on the development
// machine) and hands the variable back to the processes the command line starts.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const repo = resolve(".");
const launcher = join(repo, "bin", "relbench");
const missing = join(tmpdir(), "relbench-no-such-certificates.pem");

function run(command: string, args: string[], env: Record<string, string | undefined> = {}) {
  const result = spawnSync(command, args, { encoding: "utf8", env: { ...process.env, ...env } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("bin/relbench", () => {
  it("is the package's bin, executable, and prints what bin/relbench.cjs prints", () => {
    expect(JSON.parse(readFileSync("package.json", "utf8")).bin).toEqual({ relbench: "bin/relbench" });
    expect(statSync(launcher).mode & 0o111).toBe(0o111);
    const direct = run(process.execPath, ["bin/relbench.cjs", "version", "--json"]);
    const launched = run(launcher, ["version", "--json"]);
    expect(launched.code, launched.stderr).toBe(0);
    expect(launched.stdout).toBe(direct.stdout);
    // Arguments reach the command line as given, spaces and all.
    const bad = run(launcher, ["fta", "no such file.xml"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/no such file\.xml/);
  });

  it("runs through a relative link, as npm links it into node_modules/.bin", () => {
    const bin = join(mkdtempSync(join(tmpdir(), "relbench-launcher-")), "node_modules", ".bin");
    mkdirSync(bin, { recursive: true });
    symlinkSync(relative(bin, launcher), join(bin, "relbench"));
    const r = run(join(bin, "relbench"), ["version", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).app).toBe(JSON.parse(readFileSync("package.json", "utf8")).version);
  });

  it("starts Node without NODE_EXTRA_CA_CERTS and gives it back to the processes it starts", () => {
    const env = { NODE_EXTRA_CA_CERTS: missing };
    const launched = run(launcher, ["version", "--json"], env);
    expect(launched.code).toBe(0);
    expect(launched.stderr).toBe("");
    // Node 20 warns about a certificate file it cannot read: the sign that it loaded the variable's file.
    const nodeLoads = /extra certs/.test(
      run(process.execPath, ["-e", "setTimeout(() => {}, 1)"], env).stderr,
    );
    if (!nodeLoads) return;
    expect(run(process.execPath, ["bin/relbench.cjs", "version", "--json"], env).stderr).toMatch(
      /extra certs/,
    );
    // `bench` runs each benchmark in a child process of the command line: that one gets the variable back.
    const bench = run(launcher, ["bench", "--quick", "--filter", "lngamma", "--rounds", "1", "--json"], env);
    expect(bench.code, bench.stderr).toBe(0);
    expect(bench.stderr).toMatch(/extra certs/);
    expect(bench.stderr).toContain(missing);
  }, 60_000);
});
