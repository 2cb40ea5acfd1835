// Commands of the analysis layout. Later issues add each analysis screen's actions here or in their own
// commands/<area>.ts, with `when: { routes: [...] }` so they appear only where they apply.
import { analysisSidebarOpened } from "../state/app.ts";
import { defineCommand } from "./registry.ts";

export const analysisCommands = [
  defineCommand({
    id: "analysis.toggleSidebar",
    titleKey: "commands:analysis.toggleSidebar",
    keywords: ["panel", "navigator"],
    // Same key as the main layout's sidebar toggle: the `layouts` rules make them exclusive.
    shortcut: "mod+b",
    group: "commands:groups.view",
    when: { layouts: ["analysis", "fmea"] },
    run: () => {
      analysisSidebarOpened.value = !analysisSidebarOpened.value;
    },
  }),
];
