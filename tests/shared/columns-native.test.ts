// The browser's path for packed columns (btoa/atob in chunks), which the Node tests would not reach through
// bytesToBase64 (Node uses Buffer): the same text as Buffer's base64 and the same bytes back, at every
// length around the chunk and group boundaries.
import { describe, expect, it } from "vitest";
import { base64ToBytesNative, bytesToBase64, bytesToBase64Native } from "../../src/shared/columns.ts";

describe("native base64 of packed columns", () => {
  it("matches Buffer's base64 and decodes back, around chunk and padding boundaries", () => {
    const chunk = 3 * 16_384;
    for (const n of [0, 1, 2, 3, 4, 5, chunk - 1, chunk, chunk + 1, chunk + 2, 2 * chunk + 7, 400_001]) {
      const bytes = new Uint8Array(n);
      for (let i = 0; i < n; i++) bytes[i] = (i * 131 + 7) & 255;
      const text = bytesToBase64Native(bytes);
      expect(text, `n=${n}`).toBe(bytesToBase64(bytes));
      const clean = text.replace(/=+$/, "");
      expect(Buffer.from(base64ToBytesNative(clean)).equals(Buffer.from(bytes)), `n=${n}`).toBe(true);
    }
  });
});
