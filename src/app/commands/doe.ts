// Commands of the design-of-experiments screen (/experimentalDesign): open a tool from the start page, and on
// a tool's page run, save, export, create a factorial's worksheet, load the example, focus the sheet, go
// back to the menu. The page hands its actions over through `doeSlot` (features/doe/actions.ts).
import { type DoeActions, doeSlot, storedWorksheets } from "../features/doe/actions.ts";
import { ALL_TOOLS } from "../features/doe/tools.ts";
import { navigate } from "../router/navigation.ts";
import { PATHS, pathWithQuery } from "../routes.ts";
import { type Command, defineCommand } from "./registry.ts";
import { currentActions } from "./screen-actions.ts";

const GROUP = "commands:groups.doe";
const ROUTES = [PATHS.experimentalDesign];

const onPage = (test?: (a: DoeActions) => boolean) => ({
  routes: ROUTES,
  test: () => {
    const a = currentActions(doeSlot);
    return a !== null && (test ? test(a) : true);
  },
});
const act = (run: (a: DoeActions) => unknown) => () => {
  const a = currentActions(doeSlot);
  if (a) return run(a);
};

export const doeCommands: Command[] = [
  ...ALL_TOOLS.map((tool) =>
    defineCommand({
      id: `doe.open.${tool}`,
      titleKey: "commands:doe.open",
      titleArgs: { tool: { key: `commands:doe.tools.${tool}` } },
      keywords: ["doe", "shainin", tool],
      group: GROUP,
      run: () => navigate(pathWithQuery(PATHS.experimentalDesign, { tool })),
    }),
  ),
  defineCommand({
    id: "doe.menu",
    titleKey: "commands:doe.menu",
    keywords: ["tools", "start", "back"],
    group: GROUP,
    when: onPage(),
    run: () => navigate(PATHS.experimentalDesign),
  }),
  defineCommand({
    id: "doe.run",
    titleKey: "commands:doe.run",
    keywords: ["analyse", "calculate", "test"],
    shortcut: "mod+enter",
    group: GROUP,
    when: onPage((a) => !a.running),
    run: act((a) => a.run()),
  }),
  defineCommand({
    id: "doe.save",
    titleKey: "commands:doe.save",
    keywords: ["store"],
    shortcut: "mod+s",
    group: GROUP,
    when: onPage(),
    run: act((a) => a.save()),
  }),
  defineCommand({
    id: "doe.exportResults",
    titleKey: "commands:doe.exportResults",
    keywords: ["xlsx", "excel", "download"],
    group: GROUP,
    when: onPage((a) => a.hasResults),
    run: act((a) => a.exportResults()),
  }),
  defineCommand({
    id: "doe.createDesign",
    titleKey: "commands:doe.createDesign",
    keywords: ["worksheet", "randomise", "run order", "factorial"],
    group: GROUP,
    when: onPage((a) => a.factorial),
    run: act((a) => a.createDesign()),
  }),
  defineCommand({
    id: "doe.import",
    titleKey: "commands:doe.import",
    keywords: ["xlsx", "csv", "excel", "open file"],
    shortcut: "mod+i",
    group: GROUP,
    when: onPage(),
    run: act((a) => a.importFile()),
  }),
  defineCommand({
    id: "doe.loadExample",
    titleKey: "commands:doe.loadExample",
    keywords: ["sample", "demo"],
    group: GROUP,
    when: onPage(),
    run: act((a) => a.loadExample()),
  }),
  defineCommand({
    id: "doe.focusSheet",
    titleKey: "commands:doe.focusSheet",
    keywords: ["worksheet", "data", "grid"],
    group: GROUP,
    when: onPage(),
    run: act((a) => a.focusSheet()),
  }),
];

/** One "Open <name>" per stored worksheet the start page has listed, for the palette and its buttons. */
export function doeStoredCommands(): Command[] {
  return storedWorksheets.value.map((w) =>
    defineCommand({
      id: `doe.openStored.${w.id}`,
      titleKey: "commands:doe.openStoredItem",
      titleArgs: { name: w.name, tool: { key: `commands:doe.tools.${w.tool}` } },
      keywords: [w.name, "stored", "saved"],
      group: GROUP,
      when: { routes: ROUTES },
      run: () => navigate(pathWithQuery(PATHS.experimentalDesign, { tool: w.tool, id: w.id })),
    }),
  );
}
