// Commands of the drawing tool (/lifeData/drawing): fit the line (Ctrl+Enter), RRX or RRY, the paper of each
// distribution, load the picked stored set's plotting positions, clear the points, go to the sheet; its PNG and
// SVG are the figure's own (plot.savePng/saveSvg).
// The pages hand their actions over through the slots of features/life/drawing-actions.ts.
import { DRAWING_DISTRIBUTIONS, type DrawingActions, drawingSlot } from "../features/life/drawing-actions.ts";
import { PATHS } from "../routes.ts";
import { type Command, defineCommand } from "./registry.ts";
import { currentActions } from "./screen-actions.ts";

const GROUP = "commands:groups.drawing";

const on = (test?: (a: DrawingActions) => boolean) => ({
  routes: [PATHS.lifeDrawing],
  test: () => {
    const a = currentActions(drawingSlot);
    return a !== null && (test ? test(a) : true);
  },
});
const act = (run: (a: DrawingActions) => unknown) => () => {
  const a = currentActions(drawingSlot);
  if (a) return run(a);
};
export const drawingCommands: Command[] = [
  defineCommand({
    id: "drawing.fit",
    titleKey: "commands:drawing.fit",
    keywords: ["line", "regression", "rank", "fit", "calculate"],
    shortcut: "mod+enter",
    group: GROUP,
    when: on((a) => !a.running),
    run: act((a) => a.fit()),
  }),
  ...(["rrx", "rry"] as const).map((method) =>
    defineCommand({
      id: `drawing.method.${method}`,
      titleKey: `commands:drawing.method.${method}`,
      keywords: ["rank regression", method, "method"],
      group: GROUP,
      when: on((a) => a.method !== method),
      run: act((a) => a.setMethod(method)),
    }),
  ),
  ...DRAWING_DISTRIBUTIONS.map((distribution) =>
    defineCommand({
      id: `drawing.paper.${distribution}`,
      titleKey: "commands:drawing.paper",
      titleArgs: { distribution: { key: `life:distributions.${distribution}` } },
      keywords: ["paper", "probability", "distribution", distribution],
      group: GROUP,
      when: on((a) => a.distribution !== distribution),
      run: act((a) => a.setDistribution(distribution)),
    }),
  ),
  defineCommand({
    id: "drawing.loadSet",
    titleKey: "commands:drawing.loadSet",
    keywords: ["stored", "data set", "plotting positions", "weibull", "open"],
    group: GROUP,
    when: on((a) => a.canLoad),
    run: act((a) => a.loadPicked()),
  }),
  defineCommand({
    id: "drawing.clear",
    titleKey: "commands:drawing.clear",
    keywords: ["new", "empty", "reset", "points"],
    group: GROUP,
    when: on(),
    run: act((a) => a.clear()),
  }),
  defineCommand({
    id: "drawing.focusSheet",
    titleKey: "commands:drawing.focusSheet",
    keywords: ["sheet", "points", "data", "grid", "type"],
    group: GROUP,
    when: on(),
    run: act((a) => a.focusSheet()),
  }),
];
