// The change-password form's own checks (spec 5, issue 15): the new password may not be the old one, said
// before the server is asked (the server refuses it too: newPasswordSame).
import { describe, expect, it } from "vitest";
import {
  validatePasswordField,
  validatePasswordForm,
} from "../../../../src/app/features/account/passwordForm.ts";

describe("change-password form", () => {
  it("refuses the old password as the new one", () => {
    const form = { oldPassword: "Start#2026", newPassword: "Start#2026", algin: "Start#2026" };
    expect(validatePasswordField("newPassword", form)).toBe("newPasswordSame");
    expect(validatePasswordForm(form)).toEqual({ newPassword: "newPasswordSame" });
  });

  it("accepts a different new password of the right length and kinds", () => {
    const form = { oldPassword: "Start#2026", newPassword: "Other#2026", algin: "Other#2026" };
    expect(validatePasswordForm(form)).toEqual({});
  });

  it("says the length first, before comparing with the old one", () => {
    const form = { oldPassword: "abc", newPassword: "abc", algin: "abc" };
    expect(validatePasswordField("newPassword", form)).toBe("newPassLength");
  });
});
