// Commands of the warranty (Nevada chart) screen (/lifeData/nevadaNRI): analyse (convert, fit, forecast in the
// kernel worker) and cancel, save, import the sheet, the example, focus the sheet, switch the variant
// (return-inclusive / non-return-inclusive) and the convention (exact age / interval), (undo and redo are the sheet's own commands). The
// screen hands its actions over through `warrantySlot` (features/warranty/actions.ts).
import { type WarrantyActions, warrantySlot } from "../features/warranty/actions.ts";
import { PATHS } from "../routes.ts";
import { type Command, defineCommand } from "./registry.ts";
import { currentActions } from "./screen-actions.ts";

const GROUP = "commands:groups.warranty";
const ROUTES = [PATHS.lifeNevada];

const command = (
  id: string,
  run: (a: WarrantyActions) => unknown,
  extra: Partial<Command> & { test?: (a: WarrantyActions) => boolean } = {},
): Command => {
  const { test, ...rest } = extra;
  return defineCommand({
    id: `warranty.${id}`,
    titleKey: `commands:warranty.${id}`,
    group: GROUP,
    when: {
      routes: ROUTES,
      test: () => {
        const a = currentActions(warrantySlot);
        return a !== null && (test ? test(a) : true);
      },
    },
    run: () => {
      const a = currentActions(warrantySlot);
      if (a) return run(a);
    },
    ...rest,
  });
};

export const warrantyCommands: Command[] = [
  command("analyse", (a) => a.analyse(), {
    shortcut: "mod+enter",
    keywords: ["nevada", "fit", "forecast", "calculate", "warranty"],
    test: (a) => !a.running,
  }),
  command("cancel", (a) => a.cancel(), { keywords: ["stop", "abort"], test: (a) => a.running }),
  command("save", (a) => a.save(), { shortcut: "mod+s", keywords: ["store", "nevada"] }),
  command("import", (a) => a.importFile(), {
    shortcut: "mod+i",
    keywords: ["xlsx", "csv", "excel", "nevada"],
  }),
  command("loadExample", (a) => a.loadExample(), { keywords: ["sample", "demo", "weibull++"] }),
  command("focusSheet", (a) => a.focusSheet(), {
    shortcut: "alt+d",
    keywords: ["sheet", "data", "grid", "nevada"],
  }),
  command("toggleInclusive", (a) => a.toggleInclusive(), {
    keywords: ["return-inclusive", "non-return-inclusive", "NRI", "RI", "isNevada", "isNonNevada", "variant"],
  }),
  command("toggleConvention", (a) => a.toggleConvention(), {
    keywords: ["exact age", "interval", "minitab", "jmp", "weibull++"],
  }),
];
