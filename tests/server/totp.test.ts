import { describe, expect, it } from "vitest";
import { matchTotp, totpAt } from "../../src/server/auth/totp.ts";

// RFC 6238 appendix B, SHA-1 seed "12345678901234567890" (base32 below); 8-digit codes, last 6 digits here.
const SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
const VECTORS: [number, string][] = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

describe("TOTP (RFC 6238)", () => {
  it("reproduces the RFC's test vectors", () => {
    for (const [seconds, code] of VECTORS)
      expect(totpAt(SECRET, Math.floor(seconds / 30)), String(seconds)).toBe(code.slice(2));
  });

  it("accepts one step of clock drift and nothing older", () => {
    const now = 1111111111_000;
    const step = Math.floor(now / 30_000);
    expect(matchTotp(SECRET, totpAt(SECRET, step - 1), now)).toBe(step - 1);
    expect(matchTotp(SECRET, totpAt(SECRET, step - 2), now)).toBeNull();
  });
});
