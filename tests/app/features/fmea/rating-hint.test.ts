// Rating hints (issue 18): the criteria of the rating in a focused S, O or D cell, from the FMEA's configuration.
import { describe, expect, it } from "vitest";
import { ratingHint, scaleOfColumn } from "../../../../src/app/features/fmea/rating-hint.ts";
import { defaultScales, fmeaSettingsSchema } from "../../../../src/shared/fmea/config.ts";

describe("rating hints", () => {
  it("knows the scale of every rated column of the form, and no other", () => {
    for (const key of ["severity", "severityPlant", "severityShipTo", "severityEndUser", "newSeverity"])
      expect(scaleOfColumn(key), key).toBe("severity");
    expect([scaleOfColumn("occurrence"), scaleOfColumn("newOccurrence")]).toEqual([
      "occurrence",
      "occurrence",
    ]);
    expect([scaleOfColumn("detection"), scaleOfColumn("newDetection")]).toEqual(["detection", "detection"]);
    for (const key of ["ap", "detectionControl", "failureMode", "rpn", "severityX"])
      expect(scaleOfColumn(key), key).toBeNull();
  });

  it("shows the configuration's criteria of the rating in the cell, else the scale's two ends", () => {
    const settings = fmeaSettingsSchema("process").parse({});
    settings.occurrence = settings.occurrence.map((r) =>
      r.rating === 4 ? { ...r, criteria: "Our plant: proven poka-yoke in a similar line." } : r,
    );
    expect(ratingHint(settings, "occurrence", " 4 ")).toEqual({
      scale: "occurrence",
      rating: 4,
      criteria: "Our plant: proven poka-yoke in a similar line.",
    });
    expect(ratingHint(settings, "severityPlant", "5")).toEqual({
      scale: "severity",
      rating: 5,
      criteria: defaultScales("process").severity.find((r) => r.rating === 5)?.criteria,
    });
    const ends = {
      scale: "detection",
      rating: null,
      top: defaultScales("process").detection[0].criteria,
      bottom: defaultScales("process").detection[9].criteria,
    };
    for (const text of ["", "11", "0", "4.5", "x"])
      expect(ratingHint(settings, "detection", text), text).toEqual(ends);
    expect(ratingHint(settings, "failureMode", "5")).toBeNull();
  });
});
