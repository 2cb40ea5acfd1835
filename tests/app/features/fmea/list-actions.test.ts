// Spec 6 on the FMEA lists' rows: open for every reader, copy for whoever may create an FMEA (the server's copy
// refuses a visitor, tests/server/fmea-nodes.test.ts), delete to the recycle bin for the compiler or an admin.
import { describe, expect, it } from "vitest";
import { fmeaRowActions } from "../../../../src/app/features/fmea/list-actions.ts";

const handlers = { open() {}, copy() {}, delete() {} };
const record = { compilerUserId: 7 };
const actions = (userId: number, roles: string[]) =>
  Object.keys(fmeaRowActions({ userId, roles }, record, handlers)).sort();

describe("the FMEA list's row actions by spec 6", () => {
  it("the compiler opens, copies and deletes; a colleague owner or counselor opens and copies", () => {
    expect(actions(7, ["owner"])).toEqual(["copy", "delete", "open"]);
    expect(actions(8, ["owner"])).toEqual(["copy", "open"]);
    expect(actions(8, ["counselor"])).toEqual(["copy", "open"]);
  });

  it("a visitor, or a user with no role (a visitor), opens and never copies; it deletes only what it compiled", () => {
    expect(actions(8, ["visitor"])).toEqual(["open"]);
    expect(actions(8, [])).toEqual(["open"]);
    expect(actions(7, ["visitor"])).toEqual(["delete", "open"]);
  });

  it("an admin does everything", () => {
    expect(actions(1, ["admin"])).toEqual(["copy", "delete", "open"]);
  });
});
