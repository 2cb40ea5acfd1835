// Cost optimisation's commands (/lifeData/costOpti): save, the replacement and inspection views, the
// best-interval table, taking a fitted Weibull set's distribution and the optimum as the chosen interval.
import { costSlot } from "../features/cost/slot.ts";
import { PATHS } from "../routes.ts";
import { type Command, defineCommand } from "./registry.ts";
import { currentActions } from "./screen-actions.ts";

const GROUP = "commands:groups.cost";
const actions = () => currentActions(costSlot);
const on = (test: () => boolean = () => true) => ({
  routes: [PATHS.lifeCost],
  test: () => actions() !== null && test(),
});

export const costCommands: Command[] = [
  defineCommand({
    id: "cost.save",
    titleKey: "commands:cost.save",
    keywords: ["store", "cost optimisation"],
    shortcut: "mod+s",
    group: GROUP,
    when: on(),
    run: () => actions()?.save(),
  }),
  defineCommand({
    id: "cost.replacement",
    titleKey: "commands:cost.replacement",
    keywords: ["optimum replacement", "preventive", "age replacement"],
    group: GROUP,
    when: on(),
    run: () => actions()?.showView("replacement"),
  }),
  defineCommand({
    id: "cost.inspection",
    titleKey: "commands:cost.inspection",
    keywords: ["inspection interval", "hidden failure", "detection"],
    group: GROUP,
    when: on(),
    run: () => actions()?.showView("inspection"),
  }),
  defineCommand({
    id: "cost.toggleBest",
    titleKey: "commands:cost.toggleBest",
    keywords: ["best interval", "isBest", "table"],
    group: GROUP,
    when: on(),
    run: () => actions()?.toggleBest(),
  }),
  defineCommand({
    id: "cost.pickWeibull",
    titleKey: "commands:cost.pickWeibull",
    keywords: ["weibull set", "fitted", "data set"],
    group: GROUP,
    when: on(),
    run: () => actions()?.pickWeibullSet(),
  }),
  defineCommand({
    id: "cost.chooseOptimum",
    titleKey: "commands:cost.chooseOptimum",
    keywords: ["interval", "replaceIntervalId", "inspectIntervalId"],
    group: GROUP,
    when: on(() => actions()?.hasOptimum === true),
    run: () => actions()?.chooseOptimum(),
  }),
];
