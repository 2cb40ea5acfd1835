// Commands of the degradation screen (/lifeData/degradation): fit (Ctrl+Enter), cancel the fit or the file being
// read, save (Ctrl+S), import a file, go to the sheet or the settings, start a new analysis. The page hands its
// actions over through `degradationSlot` (features/degradation/actions.ts).
import { type DegradationActions, degradationSlot } from "../features/degradation/actions.ts";
import { navigate } from "../router/navigation.ts";
import { PATHS, pathWithQuery } from "../routes.ts";
import { type Command, defineCommand } from "./registry.ts";
import { currentActions } from "./screen-actions.ts";

const GROUP = "commands:groups.degradation";
const ROUTES = [PATHS.lifeDegradation];

const onPage = (test?: (a: DegradationActions) => boolean) => ({
  routes: ROUTES,
  test: () => {
    const a = currentActions(degradationSlot);
    return a !== null && (test ? test(a) : true);
  },
});
const act = (run: (a: DegradationActions) => unknown) => () => {
  const a = currentActions(degradationSlot);
  if (a) return run(a);
};

export const degradationCommands: Command[] = [
  defineCommand({
    id: "degradation.fit",
    titleKey: "commands:degradation.fit",
    keywords: ["degradation", "pseudo failure", "threshold", "analyse", "calculate", "run"],
    shortcut: "mod+enter",
    group: GROUP,
    when: onPage((a) => !a.running),
    run: act((a) => a.fit()),
  }),
  defineCommand({
    id: "degradation.cancel",
    titleKey: "commands:degradation.cancel",
    keywords: ["stop", "abort"],
    group: GROUP,
    when: onPage((a) => a.running || a.importing),
    run: act((a) => a.cancel()),
  }),
  defineCommand({
    id: "degradation.save",
    titleKey: "commands:degradation.save",
    keywords: ["store"],
    shortcut: "mod+s",
    group: GROUP,
    when: onPage(),
    run: act((a) => a.save()),
  }),
  defineCommand({
    id: "degradation.import",
    titleKey: "commands:degradation.import",
    keywords: ["xlsx", "excel", "csv", "file", "open", "measurements"],
    shortcut: "mod+i",
    group: GROUP,
    when: onPage(),
    run: act((a) => a.importFile()),
  }),
  defineCommand({
    id: "degradation.focusSheet",
    titleKey: "commands:degradation.focusSheet",
    keywords: ["grid", "table", "data", "measurements"],
    group: GROUP,
    when: onPage(),
    run: act((a) => a.focusSheet()),
  }),
  defineCommand({
    id: "degradation.focusSettings",
    titleKey: "commands:degradation.focusSettings",
    keywords: ["model", "threshold", "limit", "distribution"],
    group: GROUP,
    when: onPage(),
    run: act((a) => a.focusSettings()),
  }),
  defineCommand({
    id: "degradation.new",
    titleKey: "commands:degradation.new",
    keywords: ["create", "blank", "empty"],
    group: GROUP,
    when: { routes: ROUTES },
    run: () => {
      const a = currentActions(degradationSlot);
      if (a) a.newSet();
      else navigate(pathWithQuery(PATHS.lifeDegradation, { new: 1 }));
    },
  }),
];
