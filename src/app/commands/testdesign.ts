// Reliability test design's commands: "Design a test…" (a palette page listing the seven planners' pages),
// and the pages' save, xlsx export and print, which act on the page shown through its slot.
import { PLANNER_PAGE_NAMES } from "../../shared/testdesign.ts";
import { testDesignSlot } from "../features/testdesign/slot.ts";
import { navigate } from "../router/navigation.ts";
import { PATHS } from "../routes.ts";
import { type Command, defineCommand } from "./registry.ts";
import { currentActions } from "./screen-actions.ts";

const GROUP = "commands:groups.testDesign";
const PAGES = PLANNER_PAGE_NAMES.map((page) => PATHS[page]);
const actions = () => currentActions(testDesignSlot);

export const testDesignCommands: Command[] = [
  defineCommand({
    id: "testDesign.open",
    titleKey: "commands:testDesign.open",
    keywords: [
      "test design",
      "demonstration test",
      "binomial",
      "chi-squared",
      "stress strength",
      "OC curve",
      "DOE",
    ],
    group: GROUP,
    children: () =>
      PLANNER_PAGE_NAMES.map((page) =>
        defineCommand({
          id: `testDesign.open.${page}`,
          titleKey: `routes:${page}`,
          group: GROUP,
          run: () => navigate(PATHS[page]),
        }),
      ),
  }),
  defineCommand({
    id: "testDesign.save",
    titleKey: "commands:testDesign.save",
    keywords: ["store"],
    shortcut: "mod+s",
    group: GROUP,
    when: { routes: PAGES, test: () => actions() !== null },
    run: () => actions()?.save(),
  }),
  defineCommand({
    id: "testDesign.exportXlsx",
    titleKey: "commands:testDesign.exportXlsx",
    keywords: ["excel", "spreadsheet", "download"],
    shortcut: "mod+shift+x",
    group: GROUP,
    when: { routes: PAGES, test: () => actions()?.hasPlan === true },
    run: () => actions()?.exportXlsx(),
  }),
  defineCommand({
    id: "testDesign.print",
    titleKey: "commands:testDesign.print",
    shortcut: "mod+p",
    group: GROUP,
    when: { routes: PAGES, test: () => actions()?.hasPlan === true },
    run: () => actions()?.print(),
  }),
];
