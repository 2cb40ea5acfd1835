// Commands of the drawing tool (/lifeData/drawing): fit the line (Ctrl+Enter), RRX or RRY, the paper of each
// distribution, load the picked stored set's plotting positions, clear the points, go to the sheet; its PNG and
// SVG are the figure's own (plot.savePng/saveSvg). And of the life-data list (/lifeData/life): sort by each
// column (again: the other way); opening a row is the row command rows.life-doc.open.
// The pages hand their actions over through the slots of features/life/drawing-actions.ts.
import {
  DRAWING_DISTRIBUTIONS,
  type DrawingActions,
  drawingSlot,
  type LifeListActions,
  lifeListSlot,
} from "../features/life/drawing-actions.ts";
import { LIFE_LIST_SORT_KEYS } from "../features/life/life-list.ts";
import { PATHS } from "../routes.ts";
import { type Command, defineCommand } from "./registry.ts";
import { currentActions } from "./screen-actions.ts";

const GROUP = "commands:groups.drawing";
const LIST_GROUP = "commands:groups.lifeList";

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
const onList = (test?: (a: LifeListActions) => boolean) => ({
  routes: [PATHS.lifeDataLife],
  test: () => {
    const a = currentActions(lifeListSlot);
    return a !== null && (test ? test(a) : true);
  },
});

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
  ...LIFE_LIST_SORT_KEYS.map((key) =>
    defineCommand({
      id: `lifeList.sort.${key}`,
      titleKey: "commands:lifeList.sort",
      titleArgs: { column: { key: `drawing:list.columns.${key}` } },
      keywords: ["sort", "order", "life data", key],
      group: LIST_GROUP,
      when: onList(),
      run: () => currentActions(lifeListSlot)?.sortBy(key),
    }),
  ),
  defineCommand({
    id: "lifeList.refresh",
    titleKey: "commands:lifeList.refresh",
    keywords: ["reload", "life data", "list"],
    group: LIST_GROUP,
    when: onList(),
    run: () => currentActions(lifeListSlot)?.refresh(),
  }),
];
