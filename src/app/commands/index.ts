// Registers every area's commands once. A new area adds its file here.
import { accountCommands } from "./account.ts";
import { altCommands } from "./alt.ts";
import { analysisCommands } from "./analysis.ts";
import { dialogCommands } from "./dialog.ts";
import { doeCommands, doeStoredCommands } from "./doe.ts";
import { fmeaCommands } from "./fmea.ts";
import { fmeaTableCommands } from "./fmea-table.ts";
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
  registerCommands(rbdCommands);
  registerCommands(growthCommands);
  registerCommands(workCommands);
  registerCommands(fmeaCommands);
  registerCommands(fmeaTableCommands);
  registerCommands(rowCommands);
  registerCommands(pagerCommands);
  registerCommands(dialogCommands);
  registerCommands(testDesignCommands);
  registerCommands(predictionCommands);
  registerCommands(doeCommands);
  registerCommands(altCommands);
  registerProvider("navigation", navigationCommands);
  registerProvider("doeStored", doeStoredCommands);
}
