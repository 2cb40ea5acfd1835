// Registers every area's commands once. A new area adds its file here.
import { accountCommands } from "./account.ts";
import { analysisCommands } from "./analysis.ts";
import { fmeaCommands } from "./fmea.ts";
import { ftaCommands } from "./fta.ts";
import { lifeCommands, sheetCommands } from "./life.ts";
import { lifePageCommands } from "./life-pages.ts";
import { navigationCommands } from "./navigation.ts";
import { rbdCommands } from "./rbd.ts";
import { registerCommands, registerProvider } from "./registry.ts";
import { rowCommands } from "./rows.ts";
import { shellCommands } from "./shell.ts";
import { tabCommands } from "./tabs.ts";
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
  registerCommands(workCommands);
  registerCommands(fmeaCommands);
  registerCommands(rowCommands);
  registerProvider("navigation", navigationCommands);
}
