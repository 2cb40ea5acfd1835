// Registers every area's commands once. A new area adds its file here.
import { accountCommands } from "./account.ts";
import { altCommands } from "./alt.ts";
import { analysisCommands } from "./analysis.ts";
import { dialogCommands } from "./dialog.ts";
import { doeCommands, doeStoredCommands } from "./doe.ts";
import { drawingCommands } from "./drawing.ts";
import { fmeaCommands } from "./fmea.ts";
import { fmeaDashboardCommands } from "./fmea-dashboard.ts";
import { fmeaDiagramCommands } from "./fmea-diagrams.ts";
import { fmeaProjectsCommands } from "./fmea-projects.ts";
import { ftaCommands } from "./fta.ts";
import { growthCommands } from "./growth.ts";
import { lifeCommands, sheetCommands } from "./life.ts";
import { lifePageCommands } from "./life-pages.ts";
import { navigationCommands } from "./navigation.ts";
import { predictionCommands } from "./prediction.ts";
import { rbdCommands } from "./rbd.ts";
import { registerCommands, registerProvider } from "./registry.ts";
import { pagerCommands, rowCommands } from "./rows.ts";
import { shellCommands } from "./shell.ts";
import { tabCommands } from "./tabs.ts";
import { testDesignCommands } from "./testdesign.ts";
import { warrantyCommands } from "./warranty.ts";
import { workCommands } from "./work.ts";

let registered = false;

export function registerAllCommands(): void {
  if (registered) return;
  registered = true;
  registerCommands(shellCommands);
  registerCommands(tabCommands);
  registerCommands(accountCommands);
  registerCommands(analysisCommands);
  registerCommands(ftaCommands);
  registerCommands(lifeCommands);
  registerCommands(sheetCommands);
  registerCommands(lifePageCommands);
  registerCommands(drawingCommands);
  registerCommands(rbdCommands);
  registerCommands(growthCommands);
  registerCommands(workCommands);
  registerCommands(fmeaCommands);
  registerCommands(fmeaDashboardCommands);
  registerCommands(fmeaProjectsCommands);
  registerCommands(fmeaDiagramCommands);
  registerCommands(rowCommands);
  registerCommands(pagerCommands);
  registerCommands(dialogCommands);
  registerCommands(testDesignCommands);
  registerCommands(predictionCommands);
  registerCommands(doeCommands);
  registerCommands(altCommands);
  registerCommands(warrantyCommands);
  registerProvider("navigation", navigationCommands);
  registerProvider("doeStored", doeStoredCommands);
}
