// Commands of the life-data pages around the sheet (the sheet's own are in life.ts): the analysis page, the
// plots on every life page, the distribution guide, the calculator and the multi-plot page. Every button of
// those pages runs one of these, so the palette reaches all of them.

import { currentFigure } from "../components/charts/shared/figures.ts";
import {
  type AnalysisPageActions,
  analysisPageSlot,
  type CalculatorActions,
  calculatorSlot,
  type GuideActions,
  guideSlot,
  type ImportDialogActions,
  importDialogSlot,
  type MultiPlotActions,
  type MultiPlotDialogActions,
  multiPlotDialogSlot,
  multiPlotSlot,
  type PlotActions,
  plotSlot,
} from "../features/life/page-actions.ts";
import { PATHS } from "../routes.ts";
import { openPalette } from "../state/overlays.ts";
import { type Command, type CommandWhen, defineCommand } from "./registry.ts";
import { currentActions, type ScreenSlot } from "./screen-actions.ts";

/** Applies while `slot` is filled (and `test` holds for its actions); runs `run` on them. */
function on<T>(
  slot: ScreenSlot<T>,
  routes: readonly string[] | undefined,
  test?: (a: T) => boolean,
): CommandWhen {
  return {
    ...(routes ? { routes } : {}),
    test: () => {
      const a = currentActions(slot);
      return a !== null && (test ? test(a) : true);
    },
  };
}
const act =
  <T>(slot: ScreenSlot<T>, run: (a: T) => unknown) =>
  () => {
    const a = currentActions(slot);
    if (a) return run(a);
  };

const ANALYSIS = "commands:groups.lifeAnalysis";
const PLOT = "commands:groups.plot";
const GUIDE = "commands:groups.guide";
const CALCULATOR = "commands:groups.calculator";
const MULTI = "commands:groups.multiPlot";
const LIFE_DATA = "commands:groups.lifeData";
const ANALYSIS_ROUTES = [PATHS.lifeAnalysis];
const GUIDE_ROUTES = [PATHS.guide, PATHS.guideDegradation];

const analysis = (
  id: string,
  run: (a: AnalysisPageActions) => unknown,
  extra: Partial<Command> & { test?: (a: AnalysisPageActions) => boolean } = {},
) => {
  const { test, ...rest } = extra;
  return defineCommand({
    id: `lifeAnalysis.${id}`,
    titleKey: `commands:lifeAnalysis.${id}`,
    group: ANALYSIS,
    when: on(analysisPageSlot, ANALYSIS_ROUTES, test),
    run: act(analysisPageSlot, run),
    ...rest,
  });
};

export const lifePageCommands: Command[] = [
  analysis("run", (a) => a.run(), {
    keywords: ["fit", "calculate", "analyse"],
    shortcut: "mod+enter",
    test: (a) => !a.running,
  }),
  analysis("cancel", (a) => a.cancel(), { keywords: ["stop", "abort"], test: (a) => a.running }),
  analysis("save", (a) => a.save(), { keywords: ["store"], shortcut: "mod+s", test: (a) => a.stored }),
  analysis("exportResults", (a) => a.exportResults(), {
    keywords: ["xlsx", "parameters"],
    test: (a) => a.hasResults,
  }),
  analysis("backToSheet", (a) => a.backToSheet(), { keywords: ["data", "table", "sheet"] }),
  analysis("guide", (a) => a.openGuide(), {
    keywords: ["best fit", "distribution"],
    test: (a) => a.stored,
  }),
  analysis("calculator", (a) => a.openCalculator(), {
    keywords: ["reliability", "b10"],
    test: (a) => a.stored && a.hasResults,
  }),

  defineCommand({
    id: "plot.kind",
    titleKey: "commands:plot.kind",
    keywords: ["chart", "probability", "reliability", "pdf", "failure rate", "contour"],
    group: PLOT,
    when: on(plotSlot, undefined),
    run: () => openPalette("plot.kind"),
    children: () =>
      (currentActions(plotSlot)?.kinds ?? []).map((kind) =>
        defineCommand({
          id: `plot.kind.${kind}`,
          titleKey: "commands:plot.kindOption",
          titleArgs: { kind: { key: `life:plot.kinds.${kind}` } },
          keywords: [kind],
          group: PLOT,
          when: on(plotSlot, undefined),
          checked: () => currentActions(plotSlot)?.kind === kind,
          run: act(plotSlot, (a: PlotActions) => a.show(kind)),
        }),
      ),
  }),
  defineCommand({
    id: "plot.computeContour",
    titleKey: "commands:plot.computeContour",
    keywords: ["likelihood ratio", "contour"],
    group: PLOT,
    when: on(plotSlot, undefined, (a) => a.computeContour !== undefined),
    run: act(plotSlot, (a: PlotActions) => a.computeContour?.()),
  }),
  defineCommand({
    id: "plot.savePng",
    titleKey: "commands:plot.savePng",
    keywords: ["export", "image", "download"],
    group: PLOT,
    when: { test: () => currentFigure() !== null },
    run: () => currentFigure()?.savePng(),
  }),
  defineCommand({
    id: "plot.saveSvg",
    titleKey: "commands:plot.saveSvg",
    keywords: ["export", "vector", "download"],
    group: PLOT,
    when: { test: () => currentFigure() !== null },
    run: () => currentFigure()?.saveSvg(),
  }),

  defineCommand({
    id: "guide.use",
    titleKey: "commands:guide.use",
    keywords: ["choose", "select", "distribution"],
    shortcut: "mod+enter",
    group: GUIDE,
    when: on(guideSlot, GUIDE_ROUTES, (a) => a.highlighted !== null),
    run: act(guideSlot, (a: GuideActions) => a.useHighlighted()),
  }),
  defineCommand({
    id: "guide.highlight",
    titleKey: "commands:guide.highlight",
    keywords: ["candidate", "distribution", "plot"],
    group: GUIDE,
    when: on(guideSlot, GUIDE_ROUTES, (a) => a.candidates.length > 0),
    run: () => openPalette("guide.highlight"),
    children: () =>
      (currentActions(guideSlot)?.candidates ?? []).map((distribution) =>
        defineCommand({
          id: `guide.highlight.${distribution}`,
          titleKey: "commands:guide.highlightOption",
          titleArgs: { distribution: { key: `life:distributions.${distribution}` } },
          keywords: [distribution],
          group: GUIDE,
          when: on(guideSlot, GUIDE_ROUTES),
          checked: () => currentActions(guideSlot)?.highlighted === distribution,
          run: act(guideSlot, (a: GuideActions) => a.highlight(distribution)),
        }),
      ),
  }),
  defineCommand({
    id: "guide.criterion",
    titleKey: "commands:guide.criterion",
    keywords: ["rank", "aic", "bic", "likelihood", "anderson-darling"],
    group: GUIDE,
    when: on(guideSlot, GUIDE_ROUTES),
    run: () => openPalette("guide.criterion"),
    children: () =>
      (currentActions(guideSlot)?.criteria ?? []).map((criterion) =>
        defineCommand({
          id: `guide.criterion.${criterion}`,
          titleKey: "commands:guide.criterionOption",
          titleArgs: { criterion: { key: `life:guide.criteria.${criterion}` } },
          keywords: [criterion],
          group: GUIDE,
          when: on(guideSlot, GUIDE_ROUTES),
          checked: () => currentActions(guideSlot)?.criterion === criterion,
          run: act(guideSlot, (a: GuideActions) => a.setCriterion(criterion)),
        }),
      ),
  }),
  defineCommand({
    id: "guide.exportXlsx",
    titleKey: "commands:guide.exportXlsx",
    keywords: ["xlsx", "download", "table"],
    group: GUIDE,
    when: on(guideSlot, GUIDE_ROUTES, (a) => a.candidates.length > 0),
    run: act(guideSlot, (a: GuideActions) => a.exportXlsx()),
  }),

  defineCommand({
    id: "calculator.calculate",
    titleKey: "commands:calculator.calculate",
    keywords: ["reliability", "b10", "answer"],
    shortcut: "mod+enter",
    group: CALCULATOR,
    when: on(calculatorSlot, [PATHS.calculator]),
    run: act(calculatorSlot, (a: CalculatorActions) => a.calculate()),
  }),
  defineCommand({
    id: "calculator.openAnalysis",
    titleKey: "commands:calculator.openAnalysis",
    keywords: ["plot", "analysis page"],
    group: CALCULATOR,
    when: on(calculatorSlot, [PATHS.calculator]),
    run: act(calculatorSlot, (a: CalculatorActions) => a.openAnalysis()),
  }),

  defineCommand({
    id: "multiPlot.new",
    titleKey: "commands:multiPlot.new",
    keywords: ["compare", "overlay", "data sets"],
    group: MULTI,
    when: on(multiPlotSlot, [PATHS.multiChart]),
    run: act(multiPlotSlot, (a: MultiPlotActions) => a.newPlot()),
  }),
  // In the multi-plot dialog (opened from the data-set list or the multi-plot page): picked sets without stored
  // results are fitted with their own saved settings and saved, so they can be drawn.
  defineCommand({
    id: "multiPlot.fitPicked",
    titleKey: "commands:multiPlot.fitPicked",
    keywords: ["analyse", "run", "not analysed", "results"],
    group: MULTI,
    when: on(multiPlotDialogSlot, undefined, (a) => a.needFit > 0 && !a.fitting),
    run: act(multiPlotDialogSlot, (a: MultiPlotDialogActions) => a.fitPicked()),
  }),
  defineCommand({
    id: "multiPlot.selectAll",
    titleKey: "commands:multiPlot.selectAll",
    keywords: ["all", "pick", "data sets"],
    group: MULTI,
    when: on(multiPlotDialogSlot, undefined),
    run: act(multiPlotDialogSlot, (a: MultiPlotDialogActions) => a.selectAll()),
  }),
  defineCommand({
    id: "multiPlot.cancelFit",
    titleKey: "commands:multiPlot.cancelFit",
    keywords: ["stop", "abort"],
    group: MULTI,
    when: on(multiPlotDialogSlot, undefined, (a) => a.fitting),
    run: act(multiPlotDialogSlot, (a: MultiPlotDialogActions) => a.cancelFit()),
  }),
  ...(["open", "remove"] as const).map((verb) =>
    defineCommand({
      id: `multiPlot.${verb}`,
      titleKey: `commands:multiPlot.${verb}`,
      keywords: verb === "open" ? ["saved", "show"] : ["delete", "saved"],
      group: MULTI,
      when: on(multiPlotSlot, [PATHS.multiChart], (a) => a.saved.length > 0),
      run: () => openPalette(`multiPlot.${verb}`),
      children: () =>
        (currentActions(multiPlotSlot)?.saved ?? []).map((name) =>
          defineCommand({
            id: `multiPlot.${verb}.${name}`,
            titleKey: "commands:multiPlot.savedOption",
            titleArgs: { name },
            keywords: [name],
            group: MULTI,
            when: on(multiPlotSlot, [PATHS.multiChart]),
            run: act(multiPlotSlot, (a: MultiPlotActions) => a[verb](name)),
          }),
        ),
    }),
  ),
  // The life sheet's import dialog (commands/life.ts's life.import opens it).
  defineCommand({
    id: "lifeImport.good",
    titleKey: "commands:lifeImport.good",
    keywords: ["import", "rows", "valid"],
    group: LIFE_DATA,
    when: on(importDialogSlot, undefined, (a) => a.importGood !== undefined),
    run: act(importDialogSlot, (a: ImportDialogActions) => a.importGood?.()),
  }),
  defineCommand({
    id: "lifeImport.all",
    titleKey: "commands:lifeImport.all",
    keywords: ["import", "rows", "every", "rejected"],
    group: LIFE_DATA,
    when: on(importDialogSlot, undefined, (a) => a.importAll !== undefined),
    run: act(importDialogSlot, (a: ImportDialogActions) => a.importAll?.()),
  }),
  defineCommand({
    id: "lifeImport.cancel",
    titleKey: "commands:lifeImport.cancel",
    keywords: ["stop", "abort", "import", "file"],
    group: LIFE_DATA,
    when: on(importDialogSlot, undefined, (a) => a.reading),
    run: act(importDialogSlot, (a: ImportDialogActions) => a.cancelReading()),
  }),
];
