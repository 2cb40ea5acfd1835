// FMEA documents under /api/edfe (design) and /api/epfe (process): the generic stored-analysis client with
// the FMEA body, and each FMEA's nodes: the whole tree, a batch of operations, the changes since a number.
import type { FmeaVariant } from "../../shared/fmea/model.ts";
import type { FmeaOp } from "../../shared/fmea/tree.ts";
import type { Page } from "../../shared/schemas/common.ts";
import type { FmeaBody, FmeaChangesAnswer, FmeaConfig, FmeaTreeAnswer } from "../../shared/schemas/fmea.ts";
import { analysesApi } from "./analyses.ts";
import { http } from "./client.ts";

const MODULES = { design: "edfe", process: "epfe" } as const;

export const fmeaStores = {
  design: analysesApi<Partial<FmeaBody>>("edfe"),
  process: analysesApi<Partial<FmeaBody>>("epfe"),
};

export function fmeaNodesApi(variant: FmeaVariant) {
  const base = `/${MODULES[variant]}/analyses`;
  return {
    tree: (id: number) => http.get<FmeaTreeAnswer>(`${base}/${id}/tree`),
    /** Quiet: the editor answers a refused edit itself (it reloads and says why). */
    send: (id: number, ops: FmeaOp[]) =>
      http.post<FmeaChangesAnswer>(`${base}/${id}/ops`, { ops }, { quiet: true }),
    changes: (id: number, since: number) =>
      http.get<FmeaChangesAnswer>(`${base}/${id}/changes`, { query: { since }, quiet: true }),
  };
}

/**
 * The configurations of a variant (spec 4): one by id, or the list (`enabled: "true"`: the one in use); and
 * what the configuration screens do: create (owner or counselor), update with the version it was based on
 * (the compiler), enable (disables the one in use) and disable, delete to the recycle bin (the compiler).
 */
export function fmeaConfigsApi(variant: FmeaVariant) {
  const base = `/${MODULES[variant]}/configs`;
  return {
    get: (id: number) => http.get<FmeaConfig>(`${base}/${id}`, { quiet: true }),
    list: (query: { enabled?: "true" | "false"; page?: number; pageSize?: number } = {}) =>
      http.get<Page<FmeaConfig>>(base, { query: { ...query }, quiet: true }),
    create: (body: { name: string; settings?: Record<string, unknown> }) => http.post<FmeaConfig>(base, body),
    update: (id: number, body: { version: number; name?: string; settings?: Record<string, unknown> }) =>
      http.put<FmeaConfig>(`${base}/${id}`, body),
    enable: (id: number) => http.put<FmeaConfig>(`${base}/${id}/enable`, {}),
    disable: (id: number) => http.put<FmeaConfig>(`${base}/${id}/disable`, {}),
    remove: (id: number) => http.del<null>(`${base}/${id}`),
  };
}
