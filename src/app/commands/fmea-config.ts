// Commands of the FMEA configuration screens (issue 17, spec 4 and 6): from a DFMEA or PFMEA list to its
// variant's configurations; on the configuration list, a new one (owner or counselor); in the editor, save,
// revert, back to the list, enable and disable (with confirmation), delete, the six sections, restore a scale's
// AIAG-VDA criteria, add a class or an attribute. A list row's open, enable, disable and delete, and a class or
// attribute row's remove, are row commands (rows.ts: fmea-config, fmea-config-class, fmea-config-attribute).
import i18n from "i18next";
import {
  type ConfigEditorActions,
  configEditorSlot,
  configListPath,
  configListSlot,
  fmeaListVariantSlot,
} from "../features/fmea/config-actions.ts";
import { SCALES, type ScaleKey, SECTIONS } from "../features/fmea/config-form.ts";
import { navigate } from "../router/navigation.ts";
import { PATHS } from "../routes.ts";
import { type Command, defineCommand } from "./registry.ts";
import { currentActions } from "./screen-actions.ts";

if (i18n.isInitialized) void i18n.loadNamespaces("fmeaconfig");
else i18n.on("initialized", () => void i18n.loadNamespaces("fmeaconfig"));

const GROUP = "fmeaconfig:groups.config";
const EDIT_ROUTES = [PATHS.dfmeaConfigEdit, PATHS.pfmeaConfigEdit];

const inEditor = (test?: (a: ConfigEditorActions) => boolean) => ({
  routes: EDIT_ROUTES,
  test: () => {
    const a = currentActions(configEditorSlot);
    return a !== null && (test ? test(a) : true);
  },
});
const act = (run: (a: ConfigEditorActions) => unknown) => () => {
  const a = currentActions(configEditorSlot);
  if (a) return run(a);
};

function editor(
  id: string,
  run: (a: ConfigEditorActions) => unknown,
  options: { test?: (a: ConfigEditorActions) => boolean; shortcut?: string; keywords?: string[] } = {},
): Command {
  return defineCommand({
    id: `fmea.config.${id}`,
    titleKey: `fmeaconfig:commands.${id}`,
    keywords: ["fmea", "configuration", ...(options.keywords ?? [])],
    ...(options.shortcut ? { shortcut: options.shortcut } : {}),
    group: GROUP,
    when: inEditor(options.test),
    run: act(run),
  });
}

export const fmeaConfigCommands: Command[] = [
  defineCommand({
    id: "fmea.configs.open",
    titleKey: "fmeaconfig:commands.openList",
    keywords: ["fmea", "configuration", "rating scale", "special characteristic", "settings"],
    group: GROUP,
    when: { routes: [PATHS.dfmea, PATHS.pfmea], test: () => currentActions(fmeaListVariantSlot) !== null },
    run: () => {
      const a = currentActions(fmeaListVariantSlot);
      if (a) navigate(configListPath(a.variant));
    },
  }),
  defineCommand({
    id: "fmea.config.new",
    titleKey: "fmeaconfig:commands.new",
    keywords: ["fmea", "configuration", "create", "add"],
    shortcut: "alt+n",
    group: GROUP,
    when: {
      routes: [PATHS.dfmeaConfig, PATHS.pfmeaConfig],
      test: () => currentActions(configListSlot)?.canCreate === true,
    },
    run: () => currentActions(configListSlot)?.create(),
  }),
  editor("save", (a) => a.save(), {
    shortcut: "mod+s",
    keywords: ["store"],
    test: (a) => a.editable && a.dirty,
  }),
  editor("revert", (a) => a.revert(), { keywords: ["discard", "undo"], test: (a) => a.dirty }),
  editor("back", (a) => a.back(), { keywords: ["list", "return"] }),
  editor("enable", (a) => a.enable(), {
    keywords: ["use", "activate", "in use"],
    test: (a) => a.canToggle && !a.enabled,
  }),
  editor("disable", (a) => a.disable(), {
    keywords: ["deactivate", "off"],
    test: (a) => a.canToggle && a.enabled,
  }),
  editor("delete", (a) => a.remove(), { keywords: ["recycle", "remove"], test: (a) => a.editable }),
  ...SECTIONS.map((section) =>
    editor(`section.${section}`, (a) => a.show(section), {
      keywords: ["section", "tab", section],
      test: (a) => a.section !== section,
    }),
  ),
  editor("restoreScale", (a) => a.restoreScale(), {
    keywords: ["default", "aiag", "vda", "reset", "criteria"],
    test: (a) => a.editable && (SCALES as readonly string[]).includes(a.section as ScaleKey),
  }),
  editor("addClass", (a) => a.addClass(), {
    keywords: ["special characteristic", "class", "marking", "new"],
    test: (a) => a.editable,
  }),
  editor("addAttribute", (a) => a.addAttribute(), {
    keywords: ["custom attribute", "field", "new"],
    test: (a) => a.editable,
  }),
];
