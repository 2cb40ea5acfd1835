// Commands of the life-data workbench (spec 9's top buttons and the analysis): the page's buttons, the
// palette and the shortcuts all run these. They act on the life-data page in front (features/life/controller.ts).
import { activeSheet, SHEET_SELECTION } from "../components/grid/active.ts";
import { type LifeActions, lifeActions, lifeSaving } from "../features/life/controller.ts";
import { LIFE_SHEET_PATHS } from "../routes.ts";
import { defineCommand } from "./registry.ts";

const when = { routes: LIFE_SHEET_PATHS, test: () => lifeActions.value !== null };
const act = (run: (a: LifeActions) => void) => () => {
  const actions = lifeActions.value;
  if (actions) run(actions);
};

export const lifeCommands = [
  defineCommand({
    id: "life.create",
    titleKey: "commands:life.create",
    keywords: ["new", "data set", "folio"],
    shortcut: "alt+n",
    group: "commands:groups.lifeData",
    when,
    run: act((a) => a.create()),
  }),
  defineCommand({
    id: "life.copy",
    titleKey: "commands:life.copy",
    keywords: ["duplicate"],
    group: "commands:groups.lifeData",
    when,
    run: act((a) => a.copy()),
  }),
  defineCommand({
    id: "life.save",
    titleKey: "commands:life.save",
    keywords: ["store"],
    shortcut: "mod+s",
    group: "commands:groups.lifeData",
    when: { ...when, test: () => lifeActions.value !== null && !lifeSaving.value },
    run: act((a) => a.save()),
  }),
  defineCommand({
    id: "life.delete",
    titleKey: "commands:life.delete",
    keywords: ["remove"],
    group: "commands:groups.lifeData",
    when,
    run: act((a) => a.remove()),
  }),
  defineCommand({
    id: "life.template",
    titleKey: "commands:life.template",
    keywords: ["download", "xlsx"],
    group: "commands:groups.lifeData",
    when,
    run: act((a) => a.template()),
  }),
  defineCommand({
    id: "life.import",
    titleKey: "commands:life.import",
    keywords: ["xlsx", "csv", "open file"],
    shortcut: "mod+o",
    group: "commands:groups.lifeData",
    when,
    run: act((a) => a.importFile()),
  }),
  defineCommand({
    id: "life.exportData",
    titleKey: "commands:life.exportData",
    keywords: ["xlsx", "download"],
    shortcut: "mod+shift+e",
    group: "commands:groups.lifeData",
    when,
    run: act((a) => a.exportData("xlsx")),
  }),
  defineCommand({
    id: "life.exportCsv",
    titleKey: "commands:life.exportCsv",
    keywords: ["csv", "download"],
    group: "commands:groups.lifeData",
    when,
    run: act((a) => a.exportData("csv")),
  }),
  defineCommand({
    id: "life.exportResults",
    titleKey: "commands:life.exportResults",
    keywords: ["xlsx", "parameters"],
    group: "commands:groups.lifeData",
    when,
    run: act((a) => a.exportResults()),
  }),
  defineCommand({
    id: "life.group",
    titleKey: "commands:life.group",
    keywords: ["subset", "filter"],
    shortcut: "alt+shift+g",
    group: "commands:groups.lifeData",
    when,
    run: act((a) => a.group()),
  }),
  defineCommand({
    id: "life.random",
    titleKey: "commands:life.random",
    keywords: ["sample", "simulate", "seed"],
    shortcut: "alt+shift+r",
    group: "commands:groups.lifeData",
    when,
    run: act((a) => a.random()),
  }),
  defineCommand({
    id: "life.calculator",
    titleKey: "commands:life.calculator",
    keywords: ["reliability", "b10", "qcp"],
    shortcut: "alt+c",
    group: "commands:groups.lifeData",
    when,
    run: act((a) => a.calculator()),
  }),
  defineCommand({
    id: "life.run",
    titleKey: "commands:life.run",
    keywords: ["fit", "calculate", "analyse", "weibull"],
    shortcut: "mod+enter",
    group: "commands:groups.lifeData",
    when,
    run: act((a) => a.run()),
  }),
  defineCommand({
    id: "life.guide",
    titleKey: "commands:life.guide",
    keywords: ["best fit", "wizard", "distribution"],
    shortcut: "alt+shift+d",
    group: "commands:groups.lifeData",
    when,
    run: act((a) => a.guide()),
  }),
  defineCommand({
    id: "life.multiPlot",
    titleKey: "commands:life.multiPlot",
    keywords: ["compare", "overlay", "chart"],
    shortcut: "alt+m",
    group: "commands:groups.lifeData",
    when,
    run: act((a) => a.multiPlot()),
  }),
  defineCommand({
    id: "life.openAnalysis",
    titleKey: "commands:life.openAnalysis",
    keywords: ["plot", "full page"],
    shortcut: "alt+shift+p",
    group: "commands:groups.lifeData",
    when,
    run: act((a) => a.openAnalysis()),
  }),
];

// Sheet editing, for every data sheet that has focus: in the palette and cheat sheet; the sheet itself
// handles Ctrl+Z/Y/C/X/V and Delete where a spreadsheet user expects them.
const sheetWhen = { selection: SHEET_SELECTION, test: () => activeSheet.value !== null };
const onSheet = (run: (s: NonNullable<typeof activeSheet.value>) => unknown) => () => {
  const sheet = activeSheet.value;
  if (sheet) run(sheet);
};

export const sheetCommands = [
  defineCommand({
    id: "sheet.undo",
    titleKey: "commands:sheet.undo",
    displayShortcut: "mod+z",
    group: "commands:groups.sheet",
    when: sheetWhen,
    run: onSheet((s) => s.undo()),
  }),
  defineCommand({
    id: "sheet.redo",
    titleKey: "commands:sheet.redo",
    displayShortcut: "mod+y",
    group: "commands:groups.sheet",
    when: sheetWhen,
    run: onSheet((s) => s.redo()),
  }),
  defineCommand({
    id: "sheet.copy",
    titleKey: "commands:sheet.copy",
    displayShortcut: "mod+c",
    group: "commands:groups.sheet",
    when: sheetWhen,
    run: onSheet((s) => s.copy()),
  }),
  defineCommand({
    id: "sheet.paste",
    titleKey: "commands:sheet.paste",
    displayShortcut: "mod+v",
    group: "commands:groups.sheet",
    when: sheetWhen,
    run: onSheet((s) => s.paste()),
  }),
  defineCommand({
    id: "sheet.clear",
    titleKey: "commands:sheet.clear",
    displayShortcut: "delete",
    group: "commands:groups.sheet",
    when: sheetWhen,
    run: onSheet((s) => s.clearSelection()),
  }),
  defineCommand({
    id: "sheet.selectAll",
    titleKey: "commands:sheet.selectAll",
    displayShortcut: "mod+a",
    group: "commands:groups.sheet",
    when: sheetWhen,
    run: onSheet((s) => s.selectAll()),
  }),
  defineCommand({
    id: "sheet.insertRows",
    titleKey: "commands:sheet.insertRows",
    shortcut: "alt+i",
    group: "commands:groups.sheet",
    when: sheetWhen,
    run: onSheet((s) => s.insertRows()),
  }),
  defineCommand({
    id: "sheet.sortAscending",
    titleKey: "commands:sheet.sortAscending",
    keywords: ["order", "smallest"],
    group: "commands:groups.sheet",
    when: sheetWhen,
    run: onSheet((s) => s.sortRows(false)),
  }),
  defineCommand({
    id: "sheet.sortDescending",
    titleKey: "commands:sheet.sortDescending",
    keywords: ["order", "largest"],
    group: "commands:groups.sheet",
    when: sheetWhen,
    run: onSheet((s) => s.sortRows(true)),
  }),
  defineCommand({
    id: "sheet.deleteRows",
    titleKey: "commands:sheet.deleteRows",
    shortcut: "mod+delete",
    group: "commands:groups.sheet",
    when: sheetWhen,
    run: onSheet((s) => s.deleteRows()),
  }),
];
