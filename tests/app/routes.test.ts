// Route strings live in src/app/routes.ts only: every path of the route table that code elsewhere in src/app
// needs is PATHS.<name>. This walks src/app for a string or template literal that starts with a path of the
// table (or a parameterised route's fixed part) and fails on any outside routes.ts.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import type { AppRoute } from "../../src/app/router/types.ts";
import { PATHS, routes } from "../../src/app/routes.ts";

const ROOT = join(import.meta.dirname, "../..");
const APP = join(ROOT, "src/app");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** Each route's and group's path up to its first parameter or wildcard, without a trailing slash. */
const all = (table: readonly AppRoute[]): AppRoute[] => table.flatMap((r) => [r, ...all(r.children ?? [])]);
const routePaths = new Set(
  all(routes)
    .map((r) => r.path.split(/[:*]/)[0].replace(/\/$/, ""))
    .filter((p) => p.length > 1),
);

describe("route paths", () => {
  it("the table uses PATHS for every path it shares", () => {
    for (const path of Object.values(PATHS)) expect(routePaths.has(path), path).toBe(true);
  });

  it("no file of src/app but routes.ts types a path of the route table", () => {
    const found: string[] = [];
    for (const file of sources(APP)) {
      if (file.endsWith("routes.ts") && file === join(APP, "routes.ts")) continue;
      const text = readFileSync(file, "utf8");
      for (const [index, line] of text.split("\n").entries()) {
        if (/^\s*(\/\/|\*|\/\*)/.test(line)) continue;
        for (const m of line.matchAll(/["'`](\/[A-Za-z][\w/-]*)(?=["'`?#$]|\/\$\{)/g))
          if (routePaths.has(m[1].replace(/\/$/, "")))
            found.push(`${relative(ROOT, file)}:${index + 1} ${m[1]}`);
      }
    }
    expect(found).toEqual([]);
  });
});
