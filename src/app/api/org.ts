// Departments and teams under /api/authority/departments (spec 3 and 6).
import type { z } from "zod";
import type { UserRef } from "../../shared/schemas/common.ts";
import type { OrgUnit, orgUnitCreateBodySchema, orgUnitUpdateBodySchema } from "../../shared/schemas/org.ts";
import { http } from "./client.ts";

const D = "/authority/departments";

export type OrgUnitDetail = OrgUnit & { members: UserRef[] };

export const org = {
  list: () => http.get<OrgUnit[]>(D),
  get: (id: number) => http.get<OrgUnitDetail>(`${D}/${id}`),
  create: (body: z.input<typeof orgUnitCreateBodySchema>) => http.post<OrgUnit>(D, body),
  update: (id: number, body: z.input<typeof orgUnitUpdateBodySchema>) =>
    http.put<OrgUnit>(`${D}/${id}`, body),
  remove: (id: number) => http.del<null>(`${D}/${id}`),
  addMembers: (id: number, userIds: number[]) =>
    http.post<{ memberUserIds: number[] }>(`${D}/${id}/members`, { userIds }),
  removeMember: (id: number, userId: number) => http.del<null>(`${D}/${id}/members/${userId}`),
};
