// Tag-tab commands (spec 2): refresh, close, close others, close all, and moving between tabs.
import { currentPath } from "../router/navigation.ts";
import { settings } from "../state/settings.ts";
import { closeAllTabs, closeOtherTabs, closeTab, gotoTab, refreshTab } from "../tabs.ts";
import { type CommandWhen, defineCommand } from "./registry.ts";

const TABS = "commands:groups.tabs";
// Analysis and failure-mode screens are tabs too (seen from the main layout's bar), so the keys work there.
const inTabbedLayout: CommandWhen = {
  layouts: ["main", "analysis", "fmea"],
  test: () => settings.value.tagsView,
};

export const tabCommands = [
  defineCommand({
    id: "tabs.refresh",
    titleKey: "commands:tabs.refresh",
    keywords: ["reload"],
    shortcut: "alt+r",
    group: TABS,
    when: { layouts: ["main", "analysis", "fmea"] },
    run: () => refreshTab(),
  }),
  defineCommand({
    id: "tabs.close",
    titleKey: "commands:tabs.close",
    shortcut: "alt+w",
    group: TABS,
    when: inTabbedLayout,
    run: () => closeTab(currentPath.value),
  }),
  defineCommand({
    id: "tabs.closeOthers",
    titleKey: "commands:tabs.closeOthers",
    shortcut: "alt+shift+w",
    group: TABS,
    when: inTabbedLayout,
    run: () => closeOtherTabs(currentPath.value),
  }),
  defineCommand({
    id: "tabs.closeAll",
    titleKey: "commands:tabs.closeAll",
    shortcut: "alt+shift+a",
    group: TABS,
    when: inTabbedLayout,
    run: () => closeAllTabs(),
  }),
  defineCommand({
    id: "tabs.next",
    titleKey: "commands:tabs.next",
    shortcut: "alt+period",
    group: TABS,
    when: inTabbedLayout,
    run: () => gotoTab(1, true),
  }),
  defineCommand({
    id: "tabs.previous",
    titleKey: "commands:tabs.previous",
    shortcut: "alt+comma",
    group: TABS,
    when: inTabbedLayout,
    run: () => gotoTab(-1, true),
  }),
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) =>
    defineCommand({
      id: `tabs.goto.${n}`,
      titleKey: "commands:tabs.gotoN",
      titleArgs: { n: String(n) },
      shortcut: `alt+${n}`,
      displayShortcut: n === 1 ? "alt+1…9" : undefined,
      cheatSheetHidden: n > 1,
      paletteHidden: true,
      group: TABS,
      when: inTabbedLayout,
      run: () => gotoTab(n - 1, false),
    }),
  ),
];
