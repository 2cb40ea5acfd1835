// ARCHITECTURE.md is the map: it names every file of the kernel trees (assembly/ and src/kernels/) by its
// full path, and describes "adding an analysis area". A file added without its line fails here.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const map = readFileSync(join(ROOT, "ARCHITECTURE.md"), "utf8");

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    return statSync(join(ROOT, path)).isDirectory() ? files(path) : [relative(ROOT, join(ROOT, path))];
  });
}

describe("ARCHITECTURE.md", () => {
  it.each(["assembly", "src/kernels"])("names every file under %s by its path", (dir) => {
    const all = files(dir);
    expect(all.length).toBeGreaterThan(10);
    expect(all.filter((f) => !map.includes(`\`${f}\``))).toEqual([]);
  });

  it("has the recipe for adding an analysis area", () => {
    expect(map).toContain("## Adding an analysis area");
  });
});
