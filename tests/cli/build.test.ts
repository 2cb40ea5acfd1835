// The built command line (build/cli/, scripts/build-cli.mjs) against the sources: the same text for every
// --help and the same results for a sample run of each subcommand; a stale build is rebuilt before it runs,
// one that cannot build is refused with one line; missing kernels are built on demand (issue 15, point 13).
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import Module from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const repo = resolve(".");
const dir = mkdtempSync(join(tmpdir(), "relbench-build-"));

function run(args: string[], cwd = repo) {
  const result = spawnSync(process.execPath, args, { cwd, encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
const built = (...args: string[]) => run(["bin/relbench.cjs", ...args]);
const source = (...args: string[]) => run(["--import", "tsx", "src/cli/entry.ts", ...args]);

const csv = join(dir, "kececioglu.csv");
writeFileSync(csv, "End,State\n16,F\n34,F\n53,F\n75,F\n93,F\n120,F\n150,S\n");
const rbdModel = join(dir, "series.json");
writeFileSync(
  rbdModel,
  JSON.stringify(
    (JSON.parse(readFileSync("tests/fixtures/rbd/textbook.json", "utf8")) as { cases: { model: unknown }[] })
      .cases[0].model,
  ),
);

/** Drops the fields that measure time, which differ between any two runs. */
function withoutTimes(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (key, v) =>
    /Ms$|RoundsMs|^ratio$|^date$|PerSecond$|Bytes$/.test(key) ? undefined : v,
  );
}

describe("the built command line", () => {
  it("prints the same --help as the sources for the overview and every subcommand", () => {
    const overview = built("--help");
    expect(overview.code).toBe(0);
    const names = [...overview.stdout.matchAll(/^ {2}(\w+) {2}/gm)].map((m) => m[1]);
    expect(names).toEqual([
      "version",
      "bench",
      "rbd",
      "life",
      "fta",
      "design",
      "predict",
      "alt",
      "degradation",
      "growth",
      "warranty",
      "stats",
      "doe",
      "cost",
    ]);
    expect(source("--help").stdout).toBe(overview.stdout);
    for (const name of names) {
      const a = built(name, "--help");
      const b = source(name, "--help");
      expect(a.code, name).toBe(0);
      expect(a.stdout, name).toBe(b.stdout);
      expect(a.stdout, name).toMatch(new RegExp(`^Usage: relbench ${name}`));
    }
  });

  it("gives the same results as the sources for a sample run of each subcommand", () => {
    const samples = [
      ["version", "--json"],
      ["fta", "tests/fixtures/fta/openpsa/aralia/chinese.xml", "--json", "--importance"],
      ["life", "fit", csv, "--dist", "weibull2p", "--at", "30", "--json"],
      ["life", "guide", csv, "--json"],
      ["growth", "fit", "tests/fixtures/growth/reliawiki-example.csv", "--target", "35", "--json"],
      ["rbd", rbdModel, "--simulate", "20000", "--seed", "7", "--workers", "2", "--json"],
      ["bench", "--quick", "--filter", "lngamma", "--rounds", "5", "--json"],
      ["fta", "tests/fixtures/fta/openpsa/aralia/chinese.xml", "--algorithm", "nope"],
    ];
    for (const args of samples) {
      const a = built(...args);
      const b = source(...args);
      const what = args.join(" ");
      expect(a.code, what).toBe(b.code);
      expect(a.stderr, what).toBe(b.stderr);
      if (a.code === 0)
        expect(withoutTimes(JSON.parse(a.stdout)), what).toEqual(withoutTimes(JSON.parse(b.stdout)));
    }
  });
});

describe("a copy of the project without a current build", () => {
  // A copy with the files' times kept, so only what the test changes is newer than its build.
  const copy = join(dir, "project");
  mkdirSync(copy);
  for (const path of [
    "bin",
    "scripts",
    "src",
    "bench",
    "assembly",
    "build",
    "package.json",
    "package-lock.json",
    "asconfig.json",
  ])
    cpSync(join(repo, path), join(copy, path), { recursive: true, preserveTimestamps: true });
  rmSync(join(copy, "build", "cli"), { recursive: true, force: true });
  symlinkSync(join(repo, "node_modules"), join(copy, "node_modules"));
  const relbench = (...args: string[]) => run(["bin/relbench.cjs", ...args], copy);

  it("builds missing kernels on demand and then runs life fit (no stack trace)", () => {
    for (const area of ["math", "life"])
      for (const ext of ["wasm", "js", "d.ts"]) rmSync(join(copy, "build", `${area}.${ext}`));
    const r = relbench("life", "fit", csv, "--json");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(
      /^relbench: building the WebAssembly kernels first \(build\/\w+\.wasm is missing\)/,
    );
    expect(r.stderr).not.toMatch(/at .*\.(m?js|ts):\d+/);
    expect(JSON.parse(r.stdout).parameters.beta).toBeGreaterThan(0);
    // Built now: the next run prints nothing on stderr.
    expect(relbench("version", "--json").stderr).toBe("");
  }, 240_000);

  it("rebuilds when a source is newer than the build, and refuses with one line when it cannot build", () => {
    expect(relbench("version", "--json").code).toBe(0);
    // Node 20 (no enableCompileCache): V8's code for each bundle that ran, named by the bundle's time and size.
    const cached = () =>
      existsSync(join(copy, "build/cli/cache")) ? readdirSync(join(copy, "build/cli/cache")) : [];
    const codeCache = !("enableCompileCache" in Module);
    if (codeCache)
      expect(cached().map((name) => name.replace(/-[\d.]+-\d+\.v8$/, ""))).toEqual(
        expect.arrayContaining(["command-version.cjs", "relbench.cjs"]),
      );
    // A run checks the sources of the bundles it loads: a changed fault tree source stops `fta`, not `version`.
    const ftaSource = join(copy, "src", "kernels", "fta", "absorb.ts");
    const builtAt = () =>
      JSON.parse(readFileSync(join(copy, "build", "cli", "manifest.json"), "utf8")).builtAt;
    utimesSync(ftaSource, (builtAt() + 1) / 1000, (builtAt() + 1) / 1000);
    expect(relbench("version", "--json").stderr).toBe("");
    const fta = relbench("fta", "--help");
    expect(fta.code).toBe(0);
    expect(fta.stderr).toBe(
      "relbench: rebuilding the command line (src/kernels/fta/absorb.ts changed since the build)\n",
    );
    expect(relbench("fta", "--help").stderr).toBe("");
    expect(relbench("version", "--json").code).toBe(0);
    const before = cached();
    const file = join(copy, "src", "cli", "version.ts");
    const original = readFileSync(file, "utf8");
    writeFileSync(
      file,
      original.replace("Prints the version of relbench", "Prints the versions of relbench"),
    );
    // Just after the build started (not in the future, which would stay newer than every later build).
    const touch = () => utimesSync(file, (builtAt() + 1) / 1000, (builtAt() + 1) / 1000);
    touch();
    const rebuilt = relbench("version", "--help");
    expect(rebuilt.code).toBe(0);
    expect(rebuilt.stderr).toBe(
      "relbench: rebuilding the command line (src/cli/version.ts changed since the build)\n",
    );
    expect(rebuilt.stdout).toMatch(/Prints the versions of relbench/);
    // The old bundles' code is gone with them; the new ones have their own.
    if (codeCache) expect(cached().filter((name) => before.includes(name))).toEqual([]);
    expect(relbench("version", "--help").stderr).toBe("");

    writeFileSync(file, `${original}\nexport const broken = ;\n`);
    touch();
    const refused = relbench("version", "--json");
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe("");
    const lines = refused.stderr.trim().split("\n");
    expect(lines[lines.length - 1]).toMatch(
      /^relbench: cannot build the command line: src\/cli\/version\.ts:\d+: .+\(npm run build:cli shows it all\)$/,
    );
  }, 120_000);
});
