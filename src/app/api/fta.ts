// Stored fault trees under /api/ftaexe (the generic analysis store: list, read, create, update with the
// revision it was based on, copy, delete to the recycle bin).
import type { AnalysisDocument, AnalysisMeta } from "../../shared/schemas/analyses.ts";
import type { Page } from "../../shared/schemas/common.ts";
import type { StoredFtaBody } from "../features/fta/storage.ts";
import { http } from "./client.ts";

const F = "/ftaexe/analyses";

export const ftaStore = {
  list: (query: { page?: number; pageSize?: number; name?: string; mine?: boolean }) =>
    http.get<Page<AnalysisMeta>>(F, { query }),
  get: (id: number) => http.get<AnalysisDocument<StoredFtaBody>>(`${F}/${id}`),
  create: (name: string, body: StoredFtaBody) => http.post<AnalysisMeta>(F, { name, body }),
  update: (id: number, version: number, name: string, body: StoredFtaBody) =>
    http.put<AnalysisMeta>(`${F}/${id}`, { version, name, body }),
  copy: (id: number, name?: string) => http.post<AnalysisMeta>(`${F}/${id}/copy`, name ? { name } : {}),
  remove: (id: number) => http.del<null>(`${F}/${id}`),
};
