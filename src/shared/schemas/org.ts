// Departments and teams (spec 3 and 6): members, a leader who is a member, the superior unit and the
// flag that lets members of the superior unit read this unit's records.
import { z } from "zod";
import { nameRule } from "../validation.ts";
import { idParamSchema, idSchema, text, timestampSchema, userRefSchema } from "./common.ts";

export const ORG_KINDS = ["department", "team"] as const;

export const orgUnitSchema = z.object({
  id: idSchema,
  kind: z.enum(ORG_KINDS),
  name: text(),
  parentId: idSchema.nullable(),
  allowSuperiorAccess: z.boolean(),
  leaderUserId: idSchema.nullable(),
  memberCount: z.number().int(),
  createdAt: timestampSchema,
});
export type OrgUnit = z.infer<typeof orgUnitSchema>;

export const orgUnitDetailSchema = orgUnitSchema.extend({ members: z.array(userRefSchema) });

export const orgUnitCreateBodySchema = z.object({
  kind: z.enum(ORG_KINDS).default("department"),
  name: nameRule,
  parentId: idSchema.nullable().optional(),
  allowSuperiorAccess: z.boolean().optional(),
});

export const orgUnitUpdateBodySchema = z.object({
  name: nameRule.optional(),
  parentId: idSchema.nullable().optional(),
  allowSuperiorAccess: z.boolean().optional(),
  /** Must be a member; null removes the leader. */
  leaderUserId: idSchema.nullable().optional(),
});

export const orgMembersBodySchema = z.object({ userIds: z.array(idSchema).min(1).max(500) });
export const orgMemberPathSchema = z.object({
  id: idParamSchema,
  userId: idParamSchema,
});
