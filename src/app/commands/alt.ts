// Commands of the accelerated life testing screens: New (on the list /alta and the sheet); on the ALT data sheet (/alta/life) fit (with cancel),
// save, import a file, focus the sheet, start a new set. The page hands its actions over through `altSlot`
// (features/alt/actions.ts).
import { type AltActions, altSlot } from "../features/alt/actions.ts";
import { navigate } from "../router/navigation.ts";
import { PATHS, pathWithQuery } from "../routes.ts";
import { type Command, defineCommand } from "./registry.ts";
import { currentActions } from "./screen-actions.ts";

const GROUP = "commands:groups.alt";
const ROUTES = [PATHS.altaLife, PATHS.altaAnalysis];

const onPage = (test?: (a: AltActions) => boolean) => ({
  routes: ROUTES,
  test: () => {
    const a = currentActions(altSlot);
    return a !== null && (test ? test(a) : true);
  },
});
const act = (run: (a: AltActions) => unknown) => () => {
  const a = currentActions(altSlot);
  if (a) return run(a);
};

export const altCommands: Command[] = [
  defineCommand({
    id: "alt.fit",
    titleKey: "commands:alt.fit",
    keywords: ["alt", "accelerated", "arrhenius", "analyse", "calculate", "run"],
    shortcut: "mod+enter",
    group: GROUP,
    when: onPage((a) => !a.running),
    run: act((a) => a.fit()),
  }),
  defineCommand({
    id: "alt.cancel",
    titleKey: "commands:alt.cancel",
    keywords: ["stop", "abort"],
    group: GROUP,
    when: onPage((a) => a.running),
    run: act((a) => a.cancel()),
  }),
  defineCommand({
    id: "alt.save",
    titleKey: "commands:alt.save",
    keywords: ["store"],
    shortcut: "mod+s",
    group: GROUP,
    when: onPage(),
    run: act((a) => a.save()),
  }),
  defineCommand({
    id: "alt.import",
    titleKey: "commands:alt.import",
    keywords: ["xlsx", "excel", "csv", "file", "open"],
    shortcut: "mod+i",
    group: GROUP,
    when: onPage((a) => a.importFile !== undefined),
    run: act((a) => a.importFile?.()),
  }),
  ...(["xlsx", "csv"] as const).map((format) =>
    defineCommand({
      id: format === "xlsx" ? "alt.exportData" : "alt.exportCsv",
      titleKey: format === "xlsx" ? "commands:alt.exportData" : "commands:alt.exportCsv",
      keywords: ["export", "download", "save as", format, "file", "sheet"],
      group: GROUP,
      when: onPage((a) => a.exportData !== undefined),
      run: act((a) => a.exportData?.(format)),
    }),
  ),
  ...(["xlsx", "csv"] as const).map((format) =>
    defineCommand({
      id: format === "xlsx" ? "alt.exportResults" : "alt.exportResultsCsv",
      titleKey: format === "xlsx" ? "commands:alt.exportResults" : "commands:alt.exportResultsCsv",
      keywords: ["export", "download", "results", "parameters", "bounds", "aic", "bic", format],
      group: GROUP,
      when: onPage((a) => a.hasResults),
      run: act((a) => a.exportResults(format)),
    }),
  ),
  defineCommand({
    id: "alt.lifeLine",
    titleKey: "commands:alt.lifeLine",
    keywords: ["life line", "b10", "b-life", "median", "mean", "life versus stress", "plot"],
    group: GROUP,
    when: onPage(),
    run: act((a) => a.chooseLifeLine()),
  }),
  defineCommand({
    id: "alt.focusSheet",
    titleKey: "commands:alt.focusSheet",
    keywords: ["grid", "table", "data"],
    group: GROUP,
    when: onPage((a) => a.focusSheet !== undefined),
    run: act((a) => a.focusSheet?.()),
  }),
  defineCommand({
    id: "alt.new",
    titleKey: "commands:alt.new",
    keywords: ["create", "blank", "empty"],
    group: GROUP,
    // Also on the list of stored sets, whose "New" button runs it: the sheet opens empty.
    when: { routes: [PATHS.alta, PATHS.altaLife] },
    run: () => {
      const a = currentActions(altSlot);
      if (a?.newSet) a.newSet();
      else navigate(pathWithQuery(PATHS.altaLife, { new: 1 }));
    },
  }),

  defineCommand({
    id: "alt.analysis",
    titleKey: "commands:alt.analysis",
    keywords: ["alt", "full page", "plots", "results"],
    group: GROUP,
    when: { routes: [PATHS.altaLife] },
    run: () => {
      // Spec 3's analysis session fields: the stored set's id and name (an unsaved set is the kept one).
      const a = currentActions(altSlot);
      navigate(pathWithQuery(PATHS.altaAnalysis, a?.session ?? {}));
    },
  }),
  defineCommand({
    id: "alt.sheet",
    titleKey: "commands:alt.sheet",
    keywords: ["alt", "data", "back"],
    group: GROUP,
    when: { routes: [PATHS.altaAnalysis] },
    run: () => {
      const a = currentActions(altSlot);
      navigate(a?.session.altaId ? pathWithQuery(PATHS.altaLife, { id: a.session.altaId }) : PATHS.altaLife);
    },
  }),
];
