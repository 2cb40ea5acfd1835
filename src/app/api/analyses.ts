// Stored analyses of any module prefix (spec 7: /wb, /alta, /rbd, /ftaexe, /rgt, /doe): list, read, create,
// update with the revision it was based on (a stale one is refused with 1009), copy and delete to the
// recycle bin. `analysesApi("wb")` is the life-data store; other screens take their own prefix.
import type { AnalysisModule } from "../../shared/constants.ts";
import type { AnalysisDocument, AnalysisMeta } from "../../shared/schemas/analyses.ts";
import type { Page } from "../../shared/schemas/common.ts";
import { http } from "./client.ts";

export interface AnalysisListQuery {
  page?: number;
  pageSize?: number;
  name?: string;
  projectId?: number;
  mine?: boolean;
  kind?: string;
}

export function analysesApi<Body>(module: AnalysisModule) {
  const base = `/${module}/analyses`;
  return {
    list: (query: AnalysisListQuery = {}) => http.get<Page<AnalysisMeta>>(base, { query: { ...query } }),
    /** `quiet`: the caller answers a failure itself (or another request of the screen already says it). */
    get: (id: number, options?: { quiet?: boolean }) =>
      http.get<AnalysisDocument<Body>>(`${base}/${id}`, options),
    /** The document's absolute address, for a worker that fetches it itself. */
    url: (id: number) => new URL(`/api${base}/${id}`, globalThis.location?.href).href,
    create: (body: { name: string; projectId?: number | null; body: Body }) =>
      http.post<AnalysisMeta>(base, body),
    update: (id: number, body: { version: number; name?: string; projectId?: number | null; body?: Body }) =>
      http.put<AnalysisMeta>(`${base}/${id}`, body),
    /** Create and update with a body already serialised (a JSON Blob made off the main thread). */
    /** `key`: an Idempotency-Key; the server answers a repeated create with the set the first one made. */
    createJson: (json: Blob, key?: string) =>
      http.post<AnalysisMeta>(base, json, key ? { headers: { "Idempotency-Key": key } } : undefined),
    updateJson: (id: number, json: Blob) => http.put<AnalysisMeta>(`${base}/${id}`, json),
    copy: (id: number, name?: string) => http.post<AnalysisMeta>(`${base}/${id}/copy`, name ? { name } : {}),
    remove: (id: number) => http.del<null>(`${base}/${id}`),
  };
}
