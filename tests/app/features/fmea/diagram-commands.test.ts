// Every toolbar button and context-menu entry of the two diagrams is a registered command with a title in
// every language and, for spec 3's toolbar and menu actions, a key.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fmeaDiagramCommands } from "../../../../src/app/commands/fmea-diagrams.ts";
import { FLOW_MENU } from "../../../../src/app/features/fmea/FlowProcess.tsx";
import { TOPOLOGY_MENU, TOPOLOGY_TOOLBAR } from "../../../../src/app/features/fmea/Topology.tsx";

const byId = new Map(fmeaDiagramCommands.map((c) => [c.id, c]));

function text(lang: string, key: string): unknown {
  const [ns, path] = key.split(":");
  const json = JSON.parse(readFileSync(`locales/${lang}/${ns}.json`, "utf8"));
  return path
    .split(".")
    .reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], json);
}

describe("the diagrams' commands", () => {
  const ids = [
    ...TOPOLOGY_TOOLBAR.map(([id]) => id),
    ...TOPOLOGY_MENU,
    ...FLOW_MENU,
    "fmea.topology.deleteRoot",
  ];
  it("every toolbar button and menu entry is a command with a key and a title in four languages", () => {
    for (const id of ids) {
      const command = byId.get(id);
      expect(command, id).toBeDefined();
      expect(command?.shortcut, id).toBeTruthy();
      for (const lang of ["en", "zh", "es", "ja"])
        expect(typeof text(lang, command?.titleKey ?? ""), `${lang} ${id}`).toBe("string");
    }
  });

  it("spec 3's toolbar (showStru, hideStru, struSwitch, del, up, down, attr) and menu, all there", () => {
    expect(TOPOLOGY_TOOLBAR.map(([, key]) => key)).toEqual([
      "showStru",
      "hideStru",
      "struSwitch",
      "del",
      "up",
      "down",
      "attr",
    ]);
    for (const action of [
      "addStructure",
      "addRoot",
      "paste",
      "show",
      "hide",
      "delete",
      "deleteRoot",
      "moveUp",
      "moveDown",
      "upgrade",
      "downgrade",
      "switch",
      "attributes",
    ])
      expect(TOPOLOGY_MENU).toContain(`fmea.topology.${action}`);
  });

  it("no two diagram commands share a key on one screen unless their conditions exclude each other", () => {
    const seen = new Map<string, string[]>();
    for (const c of fmeaDiagramCommands)
      for (const route of c.when?.routes ?? [])
        for (const key of (c.shortcut ?? "")
          .split(",")
          .map((k) => k.trim())
          .filter(Boolean)) {
          const slot = `${route} ${key}`;
          seen.set(slot, [...(seen.get(slot) ?? []), c.id]);
        }
    const shared = [...seen.entries()]
      .filter(([, list]) => list.length > 1)
      .map(([slot, list]) => `${slot}: ${list.join(" ")}`);
    // delete and delete root: one offers a child, the other a root.
    expect(shared).toEqual(["/topology delete: fmea.topology.delete fmea.topology.deleteRoot"]);
  });
});
