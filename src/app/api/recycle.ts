// The recycle bin under /api/authority/recycle: deleted projects, stored analyses and configurations.
import type { Page } from "../../shared/schemas/common.ts";
import type { RecycleItem } from "../../shared/schemas/recycle.ts";
import { http } from "./client.ts";

const R = "/authority/recycle";

export const recycle = {
  list: (query: { page?: number; pageSize?: number; kind?: RecycleItem["kind"] }) =>
    http.get<Page<RecycleItem>>(R, { query }),
  restore: (item: Pick<RecycleItem, "kind" | "id">) =>
    http.put<unknown>(`${R}/${item.kind}/${item.id}/restore`),
  purge: (item: Pick<RecycleItem, "kind" | "id">) => http.del<null>(`${R}/${item.kind}/${item.id}`),
};
