// SVG snapshots of charts, after Observable Plot's own test harness: render in Node with linkedom, renumber
// generated ids so output is deterministic, compare with tests/app/components/charts/output/<name>.svg. A missing
// snapshot is written on a developer's machine and is an error in CI; a changed one is written beside as
// <name>-changed.svg for review.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseHTML } from "linkedom";
import { expect } from "vitest";

const OUTPUT = join(import.meta.dirname, "output");

export function chartDocument(): Document {
  return parseHTML("<!doctype html><html><body></body></html>").document as unknown as Document;
}

export function normalise(svg: Element): string {
  let html = svg.outerHTML;
  // Plot numbers clip paths and markers per page; renumber in order of appearance.
  const ids = new Map<string, string>();
  html = html.replace(/\bid="([^"]+)"/g, (_, id: string) => {
    if (!ids.has(id)) ids.set(id, `id-${ids.size}`);
    return `id="${ids.get(id)}"`;
  });
  for (const [id, renamed] of ids) html = html.split(`#${id})`).join(`#${renamed})`);
  // Plot's class name carries a hash of its version; keep it stable across upgrades.
  html = html.replace(/plot-[0-9a-f]{6}\b/g, "plot");
  return html.replace(/></g, ">\n<");
}

export function expectSnapshot(name: string, svg: Element): void {
  const actual = normalise(svg);
  const file = join(OUTPUT, `${name}.svg`);
  const changed = join(OUTPUT, `${name}-changed.svg`);
  if (!existsSync(file)) {
    if (process.env.CI === "true") throw new Error(`missing snapshot ${file}`);
    mkdirSync(OUTPUT, { recursive: true });
    writeFileSync(file, actual);
    return;
  }
  const expected = readFileSync(file, "utf8");
  if (actual !== expected) writeFileSync(changed, actual);
  else if (existsSync(changed)) rmSync(changed);
  expect(actual === expected, `${name}.svg differs from its snapshot; see ${changed}`).toBe(true);
}
