// /fmeaProject/index's rows: both variants in one list, grouped by project name, FMEAs without a project last,
// the most recently changed first within a project.
import { describe, expect, it } from "vitest";
import { fmeaProjectRows } from "../../../../src/app/features/fmea/projects.ts";
import type { AnalysisMeta } from "../../../../src/shared/schemas/analyses.ts";

const meta = (
  id: number,
  projectName: string | null,
  updatedAt: string,
  module: "edfe" | "epfe",
): AnalysisMeta => ({
  id,
  module,
  name: `F${id}`,
  projectId: projectName ? projectName.length : null,
  projectName,
  compilerUserId: 1,
  compilerName: "admin",
  schemaVersion: 1,
  version: 1,
  summary: {},
  createdAt: updatedAt,
  updatedAt,
});

describe("fmeaProjectRows", () => {
  it("groups by project, no project last, newest first, each with its variant", () => {
    const rows = fmeaProjectRows(
      [meta(1, "Brakes", "2026-01-01T00:00:00Z", "edfe"), meta(2, null, "2026-03-01T00:00:00Z", "edfe")],
      [meta(3, "Brakes", "2026-02-01T00:00:00Z", "epfe"), meta(4, "Axle", "2026-01-05T00:00:00Z", "epfe")],
    );
    expect(rows.map((r) => `${r.id}${r.variant[0]}`)).toEqual(["4p", "3p", "1d", "2d"]);
  });
});
