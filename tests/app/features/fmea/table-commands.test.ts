// @vitest-environment jsdom
// Spec 2's three top buttons as commands: FMEA table, boundary diagram, structure tree on the design screens;
// table, flow chart, structure tree on the process screens. The palette offers exactly the three of the
// variant in front, each named as its button and going where its button goes.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fmeaTableCommands } from "../../../../src/app/commands/fmea-table.ts";
import { type CommandContext, isAvailable } from "../../../../src/app/commands/registry.ts";
import { PATHS } from "../../../../src/app/routes.ts";

function text(lang: string, key: string): unknown {
  const [ns, path] = key.split(":");
  const json = JSON.parse(readFileSync(`locales/${lang}/${ns}.json`, "utf8"));
  return path
    .split(".")
    .reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], json);
}

const ctx = (path: string): CommandContext => ({
  path,
  roles: ["owner"],
  authenticated: true,
  selection: null,
  layout: "fmea",
  overlayOpen: true,
});

/** The top commands the palette offers on `path`, by their English titles. */
const topTitles = (path: string) =>
  fmeaTableCommands
    .filter((c) => c.id.startsWith("fmea.top.") && isAvailable(c, ctx(path)))
    .map((c) => text("en", c.titleKey));

describe("spec 2's top buttons as commands", () => {
  it("design screens: FMEA table, boundary diagram, structure tree", () => {
    for (const path of [PATHS.fmeaTable, PATHS.fmeaTree, PATHS.topology])
      expect(topTitles(path), path).toEqual(["FMEA table", "Boundary diagram", "Structure tree"]);
  });

  it("process screens: table, process flow chart, structure tree (no boundary diagram)", () => {
    for (const path of [PATHS.processFmeaTable, PATHS.processFmeaTree, PATHS.flowProcess])
      expect(topTitles(path), path).toEqual(["FMEA table", "Process flow chart", "Structure tree"]);
  });

  it("each has a title in four languages", () => {
    for (const command of fmeaTableCommands.filter((c) => c.id.startsWith("fmea.top.")))
      for (const lang of ["en", "zh", "es", "ja"])
        expect(typeof text(lang, command.titleKey), `${lang} ${command.id}`).toBe("string");
  });
});
