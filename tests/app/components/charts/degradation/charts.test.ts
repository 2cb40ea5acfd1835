// The degradation paths chart drawn in Node from a real kernel result (the Weibull++ crack propagation case,
// tests/fixtures/degradation/crack.csv): an SVG snapshot and checks that hold whatever the bytes.
import { describe, expect, it } from "vitest";
import { degradationPathsChart } from "../../../../../src/app/components/charts/degradation/charts.ts";
import { measurementsByUnit } from "../../../../../src/app/features/degradation/model.ts";
import { fitDegradation } from "../../../../../src/kernels/degradation.ts";
import { chartDocument, expectSnapshot } from "../snapshot.ts";

const crack: Record<string, number[]> = {
  A: [15, 20, 22, 26, 29],
  B: [10, 15, 20, 25, 30],
  C: [17, 25, 26, 27, 33],
  D: [12, 16, 17, 20, 26],
  E: [10, 15, 20, 26, 33],
};
const data = {
  unit: Object.keys(crack).flatMap((id) => crack[id].map(() => id)),
  time: Float64Array.from(Object.values(crack).flatMap((ys) => ys.map((_, j) => 100 * (j + 1)))),
  value: Float64Array.from(Object.values(crack).flat()),
};

describe("degradation paths chart", () => {
  it("draws every measurement, one path per unit and each pseudo failure on the threshold", async () => {
    const result = await fitDegradation(data, {
      model: "exponential",
      threshold: 30,
      life: { distribution: "weibull2p", curvePoints: 0 },
    });
    const svg = degradationPathsChart(
      {
        model: result.model,
        threshold: result.threshold,
        units: result.units,
        measurements: measurementsByUnit(
          data,
          result.units.map((u) => u.id),
        ),
      },
      {
        width: 640,
        height: 320,
        document: chartDocument(),
        labels: {
          time: "Cycles (x1000)",
          value: "Crack length (mm)",
          threshold: "Threshold",
          failure: "Pseudo failure time",
          suspension: "Suspension",
        },
      },
    );
    // 25 measurements, 5 pseudo failure marks on the threshold and the legend's two point symbols; 5 paths.
    expect(svg.querySelectorAll('g[aria-label="dot"] circle').length).toBe(25 + 5 + 2);
    expect(svg.querySelectorAll('g[aria-label="line"] path').length).toBe(5);
    expectSnapshot("degradation-crack-paths", svg);
  });
});
