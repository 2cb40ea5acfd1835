// Commands of /fmeaProject/index (FMEA projects with their FMEAs): a new DFMEA or PFMEA in the project in
// front. Opening a row is the row command of the FMEA lists ("fmea-stored").
import { PATHS } from "../routes.ts";
import { type Command, defineCommand } from "./registry.ts";
import { currentActions, screenSlot } from "./screen-actions.ts";

export interface FmeaProjectsActions {
  /** The project the new FMEA goes into is chosen. */
  projectChosen: boolean;
  create(variant: "design" | "process"): Promise<void>;
}
export const fmeaProjectsSlot = screenSlot<FmeaProjectsActions>();

const when = {
  routes: [PATHS.fmeaProject],
  test: () => currentActions(fmeaProjectsSlot)?.projectChosen === true,
};

export const fmeaProjectsCommands: Command[] = (["design", "process"] as const).map((variant) =>
  defineCommand({
    id: `fmeaProject.new.${variant}`,
    titleKey: `fmea:projects.new.${variant}`,
    keywords: ["fmea", "project", variant === "design" ? "dfmea" : "pfmea", "create"],
    ...(variant === "design" ? { shortcut: "alt+n" } : { shortcut: "alt+shift+n" }),
    group: "fmea:groups.edit",
    when,
    run: () => currentActions(fmeaProjectsSlot)?.create(variant),
  }),
);
