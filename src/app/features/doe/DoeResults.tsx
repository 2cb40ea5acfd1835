// A tool's results as tables (the same tables the xlsx export writes, full digits there, six significant
// digits on screen) and its chart, drawn by the shared plot component.
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type {
  BvcResult,
  DoeRequest,
  FactorialResult,
  HypothesisOutcome,
  MultiVariResult,
  ParetoRow,
  SearchResult,
  TukeyResult,
} from "../../../kernels/doe.ts";
import type { MannKendall, Proportions, Regression, TestResult } from "../../../kernels/stats.ts";
import {
  effectsNormalPlot,
  interactionChart,
  mainEffectsChart,
  paretoChart,
  residualsChart,
  samplesChart,
  scatterChart,
  trendChart,
} from "../../components/charts/doe/charts.ts";
import { PlotFigure } from "../../components/charts/shared/PlotFigure.tsx";
import type { ExportSheet } from "../../components/spreadsheet/worker.ts";
import type { DoeSettings, DoeTool } from "./tools.ts";

type Cell = string | number | null;
export interface ResultTable {
  id: string;
  title: string;
  columns: string[];
  rows: Cell[][];
}

/** Six significant digits, exponent form when very large or small; text as it is. */
export function fmt(v: Cell | undefined): string {
  if (v === null || v === undefined) return "–";
  if (typeof v === "string") return v;
  if (Number.isNaN(v)) return "–";
  if (!Number.isFinite(v)) return v > 0 ? "∞" : "−∞";
  if (v !== 0 && (Math.abs(v) < 1e-4 || Math.abs(v) >= 1e7)) return v.toExponential(5).replace(/\.?0+e/, "e");
  return String(Number(v.toPrecision(6)));
}

function testRows(r: TestResult, t: TFunction): Cell[][] {
  const rows: Cell[][] = [[t("doe:results.statistic"), r.statistic]];
  if (r.df !== undefined)
    rows.push([t("doe:results.df"), Array.isArray(r.df) ? r.df.map((d) => fmt(d)).join(", ") : r.df]);
  rows.push([t("doe:results.pValue"), r.pValue]);
  if (r.estimate !== undefined) rows.push([t("doe:results.estimate"), r.estimate]);
  if (r.interval)
    rows.push([
      t("doe:results.interval", { confidence: r.confidence }),
      `[${fmt(r.interval[0])}, ${fmt(r.interval[1])}]`,
    ]);
  rows.push([
    t("doe:results.decision"),
    t(r.reject ? "doe:results.reject" : "doe:results.notRejected", { alpha: fmt(100 - r.confidence) }),
  ]);
  return rows;
}

const table = (id: string, title: string, columns: string[], rows: Cell[][]): ResultTable => ({
  id,
  title,
  columns,
  rows,
});

/** Every table of a tool's result. */
export function resultTables(tool: DoeTool, result: unknown, t: TFunction): ResultTable[] {
  const kv = [t("doe:results.quantity"), t("doe:results.value")];
  switch (tool) {
    case "factorial": {
      const r = result as FactorialResult;
      const out = [
        table(
          "effects",
          t("doe:results.effects"),
          [
            t("doe:results.term"),
            t("doe:results.factors"),
            t("doe:results.effect"),
            t("doe:results.coefficient"),
            "t",
            "p",
          ],
          r.terms.map((x) => [x.term, x.label, x.effect, x.coefficient, x.t, x.p]),
        ),
        table(
          "anova",
          t("doe:results.anova"),
          [t("doe:results.source"), "DF", "SS", "MS", "F", "p"],
          r.anova.map((a) => [
            a.source === "Error" || a.source === "Total" || a.source === "Curvature"
              ? t(`doe:results.${a.source.toLowerCase()}`)
              : a.source,
            a.df,
            a.ss,
            a.ms,
            a.f,
            a.p,
          ]),
        ),
        table("model", t("doe:results.model"), kv, [
          [t("doe:results.mean"), r.mean],
          [t("doe:results.replicates"), r.replicates],
          ["R²", r.rSquared],
          ...(r.lenth
            ? ([
                [t("doe:results.lenthPse"), r.lenth.pse],
                [t("doe:results.marginOfError"), r.lenth.marginOfError],
              ] as Cell[][])
            : []),
        ]),
      ];
      return out;
    }
    case "hypothesis": {
      const r = result as HypothesisOutcome;
      const out = [table("test", t(`doe:tests.${testName(r.test.test)}`), kv, testRows(r.test, t))];
      if (r.extra)
        out.push(
          table("extra", t("doe:tests.andersonDarling"), kv, [
            [t("doe:results.statistic"), r.extra.statistic],
            [t("doe:results.pValue"), r.extra.pValue],
          ]),
        );
      const anova = (
        r.test as {
          anova?: {
            source: string;
            df: number;
            ss: number;
            ms: number;
            f: number | null;
            p: number | null;
          }[];
        }
      ).anova;
      if (anova)
        out.push(
          table(
            "anova",
            t("doe:results.anova"),
            [t("doe:results.source"), "DF", "SS", "MS", "F", "p"],
            anova.map((a) => [t(`doe:results.${a.source.toLowerCase()}`), a.df, a.ss, a.ms, a.f, a.p]),
          ),
        );
      return out;
    }
    case "proportions": {
      const r = result as Proportions;
      return [
        table("test", t("commands:doe.tools.proportions"), kv, testRows(r, t)),
        table(
          "pairs",
          t("doe:results.marascuilo"),
          [
            t("doe:results.pair"),
            t("doe:results.difference"),
            t("doe:results.critical"),
            t("doe:results.significant"),
          ],
          r.pairs.map((p) => [
            `${p.i + 1} – ${p.j + 1}`,
            p.difference,
            p.critical,
            t(p.significant ? "doe:results.yes" : "doe:results.no"),
          ]),
        ),
      ];
    }
    case "tukey": {
      const r = result as TukeyResult;
      return [
        table("tukey", t("commands:doe.tools.tukey"), kv, [
          [t("doe:results.applicable"), t(r.applicable ? "doe:results.yes" : "doe:results.no")],
          [t("doe:results.topCount"), r.topCount],
          [t("doe:results.bottomCount"), r.bottomCount],
          [t("doe:results.endCount"), r.endCount],
          [t("doe:results.pValue"), r.pValue],
          [t("doe:results.confidence"), r.confidence],
          [t("doe:results.tukeyLevel"), r.tukeyLevel ? `${r.tukeyLevel}%` : "–"],
          [t("doe:results.balanced"), t(r.balanced ? "doe:results.yes" : "doe:results.no")],
        ]),
      ];
    }
    case "bvc": {
      const r = result as BvcResult;
      return [
        table("bvc", t("commands:doe.tools.bvc"), kv, [
          [t("doe:results.overlap"), r.overlap],
          [t("doe:results.noOverlapRisk"), r.noOverlapRisk],
          [t("doe:results.pValue"), r.pValue],
          [t("doe:results.confidence"), r.confidence],
          [t("doe:results.decision"), t(r.bBetter ? "doe:results.bBetter" : "doe:results.bNotBetter")],
        ]),
      ];
    }
    case "componentSearch":
    case "variableSearch": {
      const r = result as SearchResult;
      return [
        table("stage1", t("doe:results.stage1"), kv, [
          [t("doe:results.bobMedian"), r.bobMedian],
          [t("doe:results.wowMedian"), r.wowMedian],
          ["D", r.d],
          ["d̄", r.dBar],
          ["D / d̄", r.ratio],
          [t("doe:results.separated"), t(r.separated ? "doe:results.yes" : "doe:results.no")],
          [t("doe:results.proceed"), t(r.proceed ? "doe:results.yes" : "doe:results.no")],
          [t("doe:results.bobLimits"), `[${fmt(r.bobLimits[0])}, ${fmt(r.bobLimits[1])}]`],
          [t("doe:results.wowLimits"), `[${fmt(r.wowLimits[0])}, ${fmt(r.wowLimits[1])}]`],
        ]),
        table(
          "swaps",
          t("doe:results.swaps"),
          [t("doe:columns.name"), "BOB", "WOW", t("doe:results.verdict")],
          [
            ...r.swaps.map((s): Cell[] => [s.name, s.bob, s.wow, t(`doe:verdicts.${s.verdict}`)]),
            ...(r.capping
              ? [
                  [
                    t("doe:results.capping"),
                    null,
                    null,
                    t(r.capping.confirmed ? "doe:results.confirmed" : "doe:results.notConfirmed"),
                  ] as Cell[],
                ]
              : []),
          ],
        ),
      ];
    }
    case "multiVari": {
      const r = result as MultiVariResult;
      const out = [
        table(
          "families",
          t("doe:results.families"),
          [t("doe:results.family"), t("doe:results.range")],
          [
            [t("doe:families.withinPiece"), r.withinPiece],
            [t("doe:families.pieceToPiece"), r.pieceToPiece],
            [t("doe:families.timeToTime"), r.timeToTime],
            [t("doe:results.redX"), t(`doe:families.${r.redX}`)],
          ],
        ),
      ];
      if (r.components) {
        const v = r.components.variance;
        const sum = v.time + v.piece + v.within;
        out.push(
          table(
            "variance",
            t("doe:results.varianceComponents"),
            [t("doe:results.family"), t("doe:results.varianceComponent"), "%"],
            [
              [t("doe:families.timeToTime"), v.time, (100 * v.time) / sum],
              [t("doe:families.pieceToPiece"), v.piece, (100 * v.piece) / sum],
              [t("doe:families.withinPiece"), v.within, (100 * v.within) / sum],
            ],
          ),
        );
      }
      if (r.components)
        out.push(
          table(
            "components",
            t("doe:results.components"),
            [t("doe:results.source"), "DF", "SS", "MS", "F", "p"],
            r.components.anova.map((a) => [
              t(`doe:families.${NESTED_SOURCES[a.source] ?? "withinPiece"}`),
              a.df,
              a.ss,
              a.ms,
              a.f,
              a.p,
            ]),
          ),
        );
      return out;
    }
    case "scatter": {
      const r = result as Regression;
      return [
        table("regression", t("commands:doe.tools.scatter"), kv, [
          [t("doe:results.intercept"), r.intercept],
          [t("doe:results.slope"), r.slope],
          [
            t("doe:results.slopeInterval", { confidence: r.confidence }),
            `[${fmt(r.slopeInterval[0])}, ${fmt(r.slopeInterval[1])}]`,
          ],
          ["r", r.r],
          ["R²", r.rSquared],
          ["t", r.statistic],
          [t("doe:results.pValue"), r.pValue],
        ]),
      ];
    }
    case "pareto": {
      const rows = result as ParetoRow[];
      return [
        table(
          "pareto",
          t("commands:doe.tools.pareto"),
          [
            t("doe:columns.category"),
            t("doe:columns.count"),
            "%",
            t("doe:results.cumulative"),
            t("doe:results.vital"),
          ],
          rows.map((r) => [
            r.category,
            r.count,
            r.percent,
            r.cumulative,
            t(r.vital ? "doe:results.yes" : "doe:results.no"),
          ]),
        ),
      ];
    }
    case "trend": {
      const r = result as TestResult & Partial<MannKendall>;
      const rows = testRows(r, t);
      if (r.s !== undefined) rows.unshift(["S", r.s], ["Var S", r.varianceS ?? null]);
      return [table("trend", t(`doe:tests.${testName(r.test)}`), kv, rows)];
    }
  }
}

/** The nested ANOVA's rows are the families of variation. */
const NESTED_SOURCES: Record<string, string> = {
  Time: "timeToTime",
  "Piece(Time)": "pieceToPiece",
  "Within piece": "withinPiece",
};

function testName(test: string): string {
  const names: Record<string, string> = {
    oneSampleT: "ttest",
    pooledT: "ttest",
    welchT: "welch",
    pairedT: "paired",
    fTest: "ftest",
    chiSquaredVariance: "chisq-variance",
    shapiroWilk: "normality",
    oneWayAnova: "anova",
    mannWhitney: "mann-whitney",
    mannWhitneyExact: "mann-whitney",
    wilcoxon: "wilcoxon",
    wilcoxonExact: "wilcoxon",
    laplace: "laplace",
    milHdbk189: "mil",
    mannKendall: "mann-kendall",
  };
  return names[test] ?? test;
}

/** The xlsx export: one sheet per table, full values. */
export function resultSheets(tool: DoeTool, result: unknown, t: TFunction): ExportSheet[] {
  return resultTables(tool, result, t).map((tb) => ({
    name: tb.title.slice(0, 31),
    columns: tb.columns.map((header, c) => ({ header, values: tb.rows.map((r) => r[c] ?? null) })),
  }));
}

function Chart({
  tool,
  result,
  settings,
  request,
}: {
  tool: DoeTool;
  result: unknown;
  settings: DoeSettings;
  request: DoeRequest;
}) {
  const { t } = useTranslation(["doe"]);
  const common = {
    deps: [result, t],
    ariaLabel: t("doe:chart", { tool: t(`commands:doe.tools.${tool}`) }),
    fileName: t(`commands:doe.tools.${tool}`),
    testId: "doe-chart",
  };
  switch (tool) {
    case "factorial": {
      const r = result as FactorialResult;
      if (!r.normalScores) return null;
      const scores = r.normalScores;
      return (
        <>
          <PlotFigure
            {...common}
            height={300}
            render={({ width, height }) =>
              effectsNormalPlot(
                r.terms.map((x, i) => ({
                  term: x.term,
                  effect: x.effect ?? 0,
                  score: scores[i],
                  active: (x.p ?? 1) < 1 - settings.confidence / 100,
                })),
                {
                  width,
                  height,
                  labels: { effect: t("doe:results.effect"), score: t("doe:results.normalScore") },
                },
              )
            }
          />
          <PlotFigure
            {...common}
            testId="doe-main-effects"
            ariaLabel={t("doe:results.mainEffects")}
            height={240}
            render={({ width, height }) =>
              mainEffectsChart(
                r.factors.map((f, i) => ({
                  factor: f.name,
                  levels: f.levels.map(String),
                  means: r.levelMeans[i],
                })),
                { width, height, labels: { mean: t("doe:results.meanResponse") } },
              )
            }
          />
          {r.pairMeans.length > 0 && (
            <PlotFigure
              {...common}
              testId="doe-interactions"
              ariaLabel={t("doe:results.interactions")}
              height={260}
              render={({ width, height }) =>
                interactionChart(
                  r.pairMeans.map((p) => ({
                    a: r.factors[p.i].name,
                    aLevels: r.factors[p.i].levels.map(String),
                    b: r.factors[p.j].name,
                    bLevels: r.factors[p.j].levels.map(String),
                    means: p.means,
                  })),
                  { width, height, labels: { mean: t("doe:results.meanResponse") } },
                )
              }
            />
          )}
          <PlotFigure
            {...common}
            testId="doe-residuals"
            ariaLabel={t("doe:results.residualsPlot")}
            height={240}
            render={({ width, height }) =>
              residualsChart(
                { fitted: r.fitted, residuals: r.residuals },
                {
                  width,
                  height,
                  labels: { fitted: t("doe:results.fittedValue"), residual: t("doe:results.residual") },
                },
              )
            }
          />
        </>
      );
    }
    case "componentSearch":
    case "variableSearch": {
      const r = result as SearchResult;
      return (
        <PlotFigure
          {...common}
          height={280}
          render={({ width, height }) =>
            samplesChart(
              [
                { name: "BOB", values: [r.bobMedian], limits: r.bobLimits },
                { name: "WOW", values: [r.wowMedian], limits: r.wowLimits },
                ...r.swaps.map((s) => ({ name: s.name, values: [s.bob, s.wow] })),
              ],
              { width, height, labels: { value: t("doe:results.reading") } },
            )
          }
        />
      );
    }
    case "scatter": {
      const r = result as Regression;
      if (request.tool !== "scatter") return null;
      const { x, y } = request;
      return (
        <PlotFigure
          {...common}
          height={300}
          render={({ width, height }) =>
            scatterChart(
              { x, y, intercept: r.intercept, slope: r.slope },
              { width, height, labels: { x: "x", y: "y", fit: t("doe:results.leastSquares") } },
            )
          }
        />
      );
    }
    case "pareto": {
      const rows = result as ParetoRow[];
      return (
        <PlotFigure
          {...common}
          height={300}
          render={({ width, height }) =>
            paretoChart(rows, {
              width,
              height,
              labels: { count: t("doe:columns.count"), cumulative: t("doe:results.cumulative") },
            })
          }
        />
      );
    }
    case "multiVari": {
      const r = result as MultiVariResult;
      const pieces = r.groups.flatMap((g) =>
        g.pieces.map((p) => ({ name: `${g.time} · ${p.piece}`, values: p.values })),
      );
      return (
        <PlotFigure
          {...common}
          height={280}
          render={({ width, height }) =>
            samplesChart(pieces, { width, height, labels: { value: t("doe:columns.value") } })
          }
        />
      );
    }
    case "tukey":
    case "bvc":
    case "hypothesis": {
      const samples =
        request.tool === "tukey"
          ? [
              { name: t("doe:columns.x"), values: request.x },
              { name: t("doe:columns.y"), values: request.y },
            ]
          : request.tool === "bvc"
            ? [
                { name: "B", values: request.b },
                { name: "C", values: request.c },
              ]
            : request.tool === "hypothesis"
              ? request.samples.map((values, i) => ({ name: t(`doe:columns.s${i + 1}`), values }))
              : [];
      if (samples.length === 0) return null;
      return (
        <PlotFigure
          {...common}
          height={260}
          render={({ width, height }) =>
            samplesChart(samples, { width, height, labels: { value: t("doe:results.reading") } })
          }
        />
      );
    }
    case "trend": {
      if (request.tool !== "trend" || request.times.length === 0) return null;
      const times = [...request.times].sort((a, b) => a - b);
      const end = request.end ?? times[times.length - 1];
      return (
        <PlotFigure
          {...common}
          height={280}
          render={({ width, height }) =>
            trendChart(
              { times, end },
              {
                width,
                height,
                labels: {
                  time: t("doe:columns.time"),
                  events: t("doe:results.events"),
                  constant: t("doe:results.constantRate"),
                },
              },
            )
          }
        />
      );
    }
    default:
      return null;
  }
}

export function DoeResults({
  tool,
  result,
  settings,
  request,
}: {
  tool: DoeTool;
  result: unknown;
  settings: DoeSettings;
  request: DoeRequest;
}) {
  const { t } = useTranslation(["doe"]);
  const tables = resultTables(tool, result, t);
  return (
    <div className="doe-results" data-testid="doe-results">
      {tables.map((tb) => (
        <section key={tb.id} className="doe-table" data-testid={`doe-table-${tb.id}`}>
          <h2>{tb.title}</h2>
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  {tb.columns.map((c) => (
                    <th key={c} scope="col">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {tb.rows.map((row, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows of a computed table have no identity of their own
                  <tr key={i}>
                    {row.map((cell, j) => (
                      <td
                        key={tb.columns[j]}
                        className={typeof cell === "number" ? "num" : undefined}
                        title={typeof cell === "number" ? String(cell) : undefined}
                      >
                        {fmt(cell)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
      <Chart tool={tool} result={result} settings={settings} request={request} />
    </div>
  );
}
