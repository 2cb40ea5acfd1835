// Commands of the analysis layout. Later issues add each analysis screen's actions here or in their own
// commands/<area>.ts, with `when: { routes: [...] }` so they appear only where they apply.
import { currentMatch, navigate } from "../router/navigation.ts";
import type { FmeaVariant } from "../router/types.ts";
import { PATHS } from "../routes.ts";
import { analysisSidebarOpened } from "../state/app.ts";
import { defineCommand } from "./registry.ts";

/** Spec 2's list-return targets; the design list lives at /dfmea in this route table. */
export function fmeaReturnPath(variant: FmeaVariant, path: string): string {
  if (variant === "design") return PATHS.dfmea;
  if (variant === "process") return PATHS.pfmea;
  if (path.startsWith(PATHS.alta)) return PATHS.altaAnalysis;
  return PATHS.altaLife;
}

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
  defineCommand({
    // The failure-mode layout's "Return to list" (layouts/FmeaHeader.tsx).
    id: "analysis.returnToList",
    titleKey: "commands:analysis.returnToList",
    keywords: ["back", "list", "fmea"],
    group: "commands:groups.general",
    when: { layouts: ["fmea"] },
    run: () => {
      const match = currentMatch.value;
      navigate(fmeaReturnPath(match?.route.fmea ?? "life", match?.route.path ?? ""));
    },
  }),
];
