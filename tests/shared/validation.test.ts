import { describe, expect, it } from "vitest";
import { messageText } from "../../src/shared/messages.ts";
import { passwordChangeBodySchema } from "../../src/shared/schemas/auth.ts";
import { newPasswordRule, phoneRule, rangeRules, sixDigitCodeRule } from "../../src/shared/validation.ts";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0].message;

describe("spec 5 rules carry the spec's message keys", () => {
  it("password: 6 to 15 characters, not only digits, lowercase, uppercase or symbols", () => {
    for (const ok of ["abc123", "ABCdef", "a#b$c%", "Chosen#22", "123456789ABCDEF"]) {
      expect(newPasswordRule.safeParse(ok).success, ok).toBe(true);
    }
    const cases: [string, string][] = [
      ["ab1", "newPassLength"],
      ["abcdefgh12345678", "newPassLength"],
      ["12345678", "passType"],
      ["abcdefgh", "passType"],
      ["ABCDEFGH", "passType"],
      ["#$%^&*!", "passType"],
    ];
    for (const [value, key] of cases) expect(firstMessage(newPasswordRule.safeParse(value)), value).toBe(key);
  });

  it("password change: old required, confirmation must match", () => {
    expect(
      firstMessage(
        passwordChangeBodySchema.safeParse({ oldPassword: "", newPassword: "abc123", algin: "abc123" }),
      ),
    ).toBe("oldPassNull");
    const mismatch = passwordChangeBodySchema.safeParse({
      oldPassword: "x",
      newPassword: "abc123",
      algin: "abc124",
    });
    expect(firstMessage(mismatch)).toBe("passTips");
  });

  it("phone: 11 digits, 1 then 3, 4, 5, 7 or 8", () => {
    expect(phoneRule.safeParse("13812345678").success).toBe(true);
    expect(phoneRule.safeParse("18812345678").success).toBe(true);
    for (const bad of ["12812345678", "16812345678", "1381234567", "138123456789", "1381234567a"]) {
      expect(firstMessage(phoneRule.safeParse(bad)), bad).toBe("phoneInvalid");
    }
    expect(messageText("phoneInvalid")).toBe("Please input the correct mobile phone number.");
  });

  it("codes are 6 digits; analysis confidence is 50 to 99.99", () => {
    expect(sixDigitCodeRule.safeParse("012345").success).toBe(true);
    expect(firstMessage(sixDigitCodeRule.safeParse("12345"))).toBe("codesRequired");
    expect(rangeRules.analysisConfidence.safeParse(99.99).success).toBe(true);
    expect(firstMessage(rangeRules.analysisConfidence.safeParse(49.9))).toBe("ciAnalysisRange");
    expect(messageText("ciAnalysisRange")).toBe("CI must be between 50-99.99.");
  });

  it("fills message parameters", () => {
    expect(messageText("loginThrottled", { seconds: 4 })).toBe(
      "Too many failed logins. Try again in 4 seconds.",
    );
    expect(messageText("not a key")).toBe("not a key");
  });
});
