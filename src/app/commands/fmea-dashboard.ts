// Commands of an FMEA's basic-information tab (/ddashboard, /pdashboard): save the planning header and the
// configuration choice, throw their unsaved edits away, go to the structure tree, choose the configuration. The screen hands its actions over through
// `dashboardSlot` (features/fmea/dashboard.ts).
import { type DashboardActions, dashboardSlot } from "../features/fmea/dashboard.ts";
import { PATHS } from "../routes.ts";
import { type Command, defineCommand } from "./registry.ts";
import { currentActions } from "./screen-actions.ts";

const GROUP = "fmea:groups.edit";
const ROUTES = [PATHS.designDashboard, PATHS.processDashboard];

const onPage = (test?: (a: DashboardActions) => boolean) => ({
  routes: ROUTES,
  test: () => {
    const a = currentActions(dashboardSlot);
    return a !== null && (test ? test(a) : true);
  },
});
const act = (run: (a: DashboardActions) => unknown) => () => {
  const a = currentActions(dashboardSlot);
  if (a) return run(a);
};

export const fmeaDashboardCommands: Command[] = [
  defineCommand({
    id: "fmea.dashboard.save",
    titleKey: "fmea:dashboard.save",
    keywords: ["fmea", "planning", "header", "store"],
    shortcut: "mod+s",
    group: GROUP,
    when: onPage((a) => a.canSave),
    run: act((a) => a.save()),
  }),
  defineCommand({
    id: "fmea.dashboard.revert",
    titleKey: "fmea:dashboard.revert",
    keywords: ["fmea", "planning", "discard", "undo"],
    group: GROUP,
    when: onPage((a) => a.dirty),
    run: act((a) => a.revert()),
  }),
  defineCommand({
    id: "fmea.dashboard.openTree",
    titleKey: "fmea:dashboard.openTree",
    keywords: ["fmea", "structure", "tree"],
    group: GROUP,
    when: onPage(),
    run: act((a) => a.openTree()),
  }),
  defineCommand({
    id: "fmea.dashboard.chooseConfig",
    titleKey: "fmea:dashboard.chooseConfig",
    keywords: ["fmea", "configuration", "rating", "scale", "class", "settings"],
    shortcut: "alt+g",
    group: GROUP,
    when: onPage((a) => a.canSave),
    run: act((a) => a.chooseConfig()),
  }),
];
