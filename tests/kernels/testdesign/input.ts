// A fixture's planner input as the kernel takes it: distributions written as text (`normal:20,6`) parsed.

import { parseDistributionText } from "../../../src/kernels/testdesign/distribution-text.ts";
import type { DesignInput } from "../../../src/kernels/testdesign.ts";

export function toInput(raw: Record<string, unknown>): DesignInput {
  const input = { ...raw } as Record<string, unknown>;
  for (const side of ["stress", "strength"]) {
    if (typeof input[side] !== "string") continue;
    const parsed = parseDistributionText(input[side] as string, side);
    if (!("distribution" in parsed)) throw new Error(`bad distribution ${input[side]}`);
    input[side] = parsed.distribution;
  }
  return input as unknown as DesignInput;
}
