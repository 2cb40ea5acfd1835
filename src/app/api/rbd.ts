// Stored reliability block diagrams under /api/rbd (the generic analysis store: list, read, create,
// update with the revision it was based on, copy, delete to the recycle bin).
import type { AnalysisDocument, AnalysisMeta } from "../../shared/schemas/analyses.ts";
import type { Page } from "../../shared/schemas/common.ts";
import type { StoredRbdBody } from "../features/rbd/storage.ts";
import { http } from "./client.ts";

const R = "/rbd/analyses";

export const rbdStore = {
  list: (query: { page?: number; pageSize?: number; name?: string; mine?: boolean }) =>
    http.get<Page<AnalysisMeta>>(R, { query }),
  get: (id: number) => http.get<AnalysisDocument<StoredRbdBody>>(`${R}/${id}`),
  create: (name: string, body: StoredRbdBody) => http.post<AnalysisMeta>(R, { name, body }),
  update: (id: number, version: number, name: string, body: StoredRbdBody) =>
    http.put<AnalysisMeta>(`${R}/${id}`, { version, name, body }),
  copy: (id: number, name?: string) => http.post<AnalysisMeta>(`${R}/${id}/copy`, name ? { name } : {}),
  remove: (id: number) => http.del<null>(`${R}/${id}`),
};
