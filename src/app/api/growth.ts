// Stored reliability growth items under /api/rgt: the generic stored-analysis client with the growth body,
// and the status moves of spec 4 (sent for release or abandonment, approved, rejected).
import type { GrowthAction, GrowthItemStatus } from "../../shared/growth.ts";
import type { RgtBody } from "../../shared/schemas/modules.ts";
import { analysesApi } from "./analyses.ts";
import { http } from "./client.ts";

export const growthStore = analysesApi<RgtBody>("rgt");

export function growthTransition(id: number, action: GrowthAction, version: number) {
  return http.post<{ id: number; status: GrowthItemStatus; version: number }>(
    `/rgt/analyses/${id}/transition`,
    {
      action,
      version,
    },
  );
}
