// The risk table screens' commands (/fmeaTable, /pFmeaTable): spec 2's top buttons (FMEA table, boundary
// diagram or process flow chart, structure tree), the parts of the screen (form, control plan, action list,
// summary), filters and sorts, the RPN column, a new optimisation action, the xlsx export (with cancel) and
// import (confirmed in its dialog), and printing the summary. The sheet's own keys (arrows, typing, copy,
// paste, undo) are the data sheet's; the work is in features/fmea/.
import i18n from "i18next";
import { confirmImport } from "../features/fmea/io.ts";
import { openFmea } from "../features/fmea/store.ts";
import { SORT_KEYS } from "../features/fmea/table.ts";
import {
  exporting,
  setSort,
  TABLE_MODES,
  type TableMode,
  tableMode,
  tableSlot,
  tableView,
} from "../features/fmea/table-state.ts";
import { navigate } from "../router/navigation.ts";
import { PATHS, pathWithQuery } from "../routes.ts";
import { fmeaRecord } from "../state/fmea.ts";
import { type Command, type CommandWhen, defineCommand } from "./registry.ts";
import { currentActions } from "./screen-actions.ts";

if (i18n.isInitialized) void i18n.loadNamespaces("fmeatable");
else i18n.on("initialized", () => void i18n.loadNamespaces("fmeatable"));

const GROUP = "fmeatable:groups.table";
const TABLE_ROUTES = [PATHS.fmeaTable, PATHS.processFmeaTable];
const ALL_FMEA_ROUTES = [
  PATHS.fmeaTable,
  PATHS.processFmeaTable,
  PATHS.fmeaTree,
  PATHS.processFmeaTree,
  PATHS.topology,
  PATHS.flowProcess,
];

const onTable = (test?: () => boolean): CommandWhen => ({
  routes: TABLE_ROUTES,
  test: () => currentActions(tableSlot) !== null && (test ? test() : true),
});

/** The variant of the FMEA screen in front: by its path. */
function variantHere(path: string): "design" | "process" {
  const process: string[] = [PATHS.processFmeaTable, PATHS.processFmeaTree, PATHS.flowProcess];
  return process.includes(path) ? "process" : "design";
}

function fmeaQuery() {
  const id = openFmea.value?.id ?? fmeaRecord.value?.fmeaId;
  return { fmeaId: id, structureId: fmeaRecord.value?.structureId };
}

const top = (
  id: string,
  titleKey: string,
  to: (variant: "design" | "process") => string,
  keywords: string[],
  routes: readonly string[] = ALL_FMEA_ROUTES,
) =>
  defineCommand({
    id,
    titleKey,
    keywords,
    group: GROUP,
    when: { routes },
    run: (ctx) => navigate(pathWithQuery(to(variantHere(ctx.path)), fmeaQuery())),
  });

/**
 * The middle top button is the boundary diagram in a DFMEA and the flow chart in a PFMEA (spec 2): two
 * commands, so the palette names the one the screen's button is.
 */
const DESIGN_ROUTES = [PATHS.fmeaTable, PATHS.fmeaTree, PATHS.topology];
const PROCESS_ROUTES = [PATHS.processFmeaTable, PATHS.processFmeaTree, PATHS.flowProcess];

const MODE_KEYS: Record<TableMode, string> = {
  form: "alt+shift+t",
  controlPlan: "alt+shift+c",
  actions: "alt+shift+l",
  summary: "alt+shift+s",
};

export const fmeaTableCommands: Command[] = [
  top(
    "fmea.top.table",
    "fmeatable:commands.top.table",
    (v) => (v === "design" ? PATHS.fmeaTable : PATHS.processFmeaTable),
    ["form", "risk", "AP"],
  ),
  top(
    "fmea.top.diagram",
    "fmeatable:commands.top.diagram",
    () => PATHS.topology,
    ["boundary", "topology", "interfaces"],
    DESIGN_ROUTES,
  ),
  top(
    "fmea.top.flow",
    "fmeatable:commands.top.flow",
    () => PATHS.flowProcess,
    ["flow chart", "process flow", "PFD"],
    PROCESS_ROUTES,
  ),
  top(
    "fmea.top.tree",
    "fmeatable:commands.top.tree",
    (v) => (v === "design" ? PATHS.fmeaTree : PATHS.processFmeaTree),
    ["structure", "tree"],
  ),
  ...TABLE_MODES.map((mode) =>
    defineCommand({
      id: `fmea.table.${mode}`,
      titleKey: `fmeatable:commands.${mode}`,
      keywords: ["fmea", "table", mode],
      shortcut: MODE_KEYS[mode],
      group: GROUP,
      when: onTable(() => mode !== "controlPlan" || currentActions(tableSlot)?.variant === "process"),
      run: () => {
        tableMode.value = mode;
      },
    }),
  ),
  defineCommand({
    id: "fmea.table.toggleRpn",
    titleKey: "fmeatable:commands.toggleRpn",
    keywords: ["RPN", "risk priority number", "4th edition"],
    group: GROUP,
    when: onTable(),
    run: () => {
      tableView.value = { ...tableView.value, rpn: !tableView.value.rpn };
    },
  }),
  defineCommand({
    id: "fmea.table.filter",
    titleKey: "fmeatable:commands.filter",
    keywords: ["filter", "AP", "severity", "status", "responsible", "special characteristic"],
    shortcut: "alt+k",
    group: GROUP,
    when: onTable(() => tableMode.value === "form"),
    run: () => currentActions(tableSlot)?.focusFilters(),
  }),
  defineCommand({
    id: "fmea.table.clearFilters",
    titleKey: "fmeatable:commands.clearFilters",
    keywords: ["filter", "reset", "all"],
    group: GROUP,
    when: onTable(),
    run: () => {
      tableView.value = {
        ...tableView.value,
        ap: "",
        minSeverity: 0,
        status: "",
        responsible: "",
        special: "",
      };
    },
  }),
  ...SORT_KEYS.map((key) =>
    defineCommand({
      id: `fmea.table.sort.${key}`,
      titleKey: `fmeatable:commands.sort.${key}`,
      keywords: ["sort", "order", key],
      group: GROUP,
      when: onTable(),
      run: () => setSort(key),
    }),
  ),
  defineCommand({
    id: "fmea.table.addAction",
    titleKey: "fmeatable:commands.addAction",
    keywords: ["optimisation", "optimization", "action", "measure", "step 6"],
    shortcut: "alt+a",
    group: GROUP,
    when: onTable(() => tableMode.value === "form"),
    run: () => currentActions(tableSlot)?.addAction(),
  }),
  defineCommand({
    id: "fmea.table.exportXlsx",
    titleKey: "fmeatable:commands.exportXlsx",
    keywords: ["excel", "xlsx", "export", "download", "control plan", "actions"],
    shortcut: "alt+e",
    group: GROUP,
    when: onTable(() => exporting.value === null),
    run: () => currentActions(tableSlot)?.exportXlsx(),
  }),
  defineCommand({
    id: "fmea.table.cancelExport",
    titleKey: "fmeatable:commands.cancelExport",
    keywords: ["stop", "abort"],
    group: GROUP,
    when: onTable(() => exporting.value !== null),
    run: () => currentActions(tableSlot)?.cancelExport(),
  }),
  defineCommand({
    id: "fmea.table.importXlsx",
    titleKey: "fmeatable:commands.importXlsx",
    keywords: ["excel", "xlsx", "import", "upload", "form"],
    shortcut: "alt+o",
    group: GROUP,
    when: onTable(),
    run: () => currentActions(tableSlot)?.importXlsx(),
  }),
  defineCommand({
    id: "fmea.table.confirmImport",
    titleKey: "fmeatable:commands.confirmImport",
    keywords: ["import", "confirm"],
    group: GROUP,
    when: onTable(),
    run: () => confirmImport(),
  }),
  defineCommand({
    id: "fmea.table.print",
    titleKey: "fmeatable:commands.print",
    keywords: ["print", "summary", "management review", "report", "pdf"],
    shortcut: "alt+shift+o",
    group: GROUP,
    when: onTable(),
    run: () => currentActions(tableSlot)?.print(),
  }),
];
