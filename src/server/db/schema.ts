// Drizzle schema: the single description of the database. `npx drizzle-kit generate` turns changes here
// into a new SQL migration under src/server/db/migrations/, which is committed and applied at start.
// Ids are integer identities; users, projects, analyses and configurations are deleted softly (deleted_at)
// so the recycle bin can restore them intact and ownership of old records stays readable.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** Packed numeric columns of a stored analysis (see src/shared/columns.ts). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType() {
    return "bytea";
  },
});

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** Facts about this installation (when it was first started, what was seeded). */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userName: text("user_name").notNull(),
    nickname: text("nickname"),
    realName: text("real_name"),
    phone: text("phone"),
    avatar: text("avatar"),
    introduction: text("introduction"),
    /** `scrypt$N$r$p$salt$hash` (base64 parts); null for accounts that only log in through a provider. */
    passwordHash: text("password_hash"),
    /** Set by an admin reset or an admin-chosen password: the next login must change it. */
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    /** A trial (non-VIP) account saves and analyses at most TRIAL_ROW_LIMIT rows; self-registered users start as trial. */
    vip: boolean("vip").notNull().default(true),
    roles: text("roles").array().notNull().default(sql`'{}'::text[]`),
    projectRole: text("project_role"),
    language: text("language").notNull().default("en"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    invitationCode: text("invitation_code"),
    invitedBy: integer("invited_by"),
    authType: text("auth_type").notNull().default("password"),
    externalId: text("external_id"),
    totpSecret: text("totp_secret"),
    totpEnabled: boolean("totp_enabled").notNull().default(false),
    /** Last accepted TOTP time step, so a code cannot be used twice. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("users_user_name_live").on(sql`lower(${t.userName})`).where(sql`${t.deletedAt} is null`),
    uniqueIndex("users_phone_live").on(t.phone).where(sql`${t.deletedAt} is null and ${t.phone} is not null`),
    uniqueIndex("users_invitation_code").on(t.invitationCode),
    uniqueIndex("users_external_id").on(t.externalId),
  ],
);

/** Opaque session tokens: only their SHA-256 is stored. Revoked rows are kept a day to answer 50012. */
export const sessions = pgTable(
  "sessions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Roles active in this session: all held roles after login, one after a role switch. */
    roles: text("roles").array().notNull(),
    /** full, mustChangePassword (one-time password in use) or secondFactor (TOTP code still due). */
    stage: text("stage").notNull().default("full"),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp("absolute_expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** logout, password, reset, deleted, elsewhere, replaced. */
    revokedReason: text("revoked_reason"),
  },
  (t) => [uniqueIndex("sessions_token_hash").on(t.tokenHash), index("sessions_user").on(t.userId)],
);

export const orgUnits = pgTable("org_units", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  kind: text("kind").notNull().default("department"),
  name: text("name").notNull(),
  parentId: integer("parent_id"),
  /** Members of the superior unit may read this unit's records. */
  allowSuperiorAccess: boolean("allow_superior_access").notNull().default(false),
  leaderUserId: integer("leader_user_id").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const orgMembers = pgTable(
  "org_members",
  {
    unitId: integer("unit_id")
      .notNull()
      .references(() => orgUnits.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.unitId, t.userId] }), index("org_members_user").on(t.userId)],
);

export const projects = pgTable(
  "projects",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    code: text("code").notNull(),
    managerUserId: integer("manager_user_id").references(() => users.id, { onDelete: "set null" }),
    compilerUserId: integer("compiler_user_id")
      .notNull()
      .references(() => users.id),
    status: text("status").notNull().default("inWork"),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    deletedBy: integer("deleted_by"),
  },
  (t) => [uniqueIndex("projects_code_live").on(sql`lower(${t.code})`).where(sql`${t.deletedAt} is null`)],
);

export const projectParts = pgTable(
  "project_parts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    partNumber: text("part_number").notNull(),
    partName: text("part_name").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("project_parts_project").on(t.projectId)],
);

/** The generic store of analyses of every module (wb, alta, rbd, ftaexe, rgt, doe, edfe, epfe). */
export const analyses = pgTable(
  "analyses",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    module: text("module").notNull(),
    name: text("name").notNull(),
    projectId: integer("project_id").references(() => projects.id, { onDelete: "set null" }),
    compilerUserId: integer("compiler_user_id")
      .notNull()
      .references(() => users.id),
    schemaVersion: integer("schema_version").notNull(),
    version: integer("version").notNull().default(1),
    summary: jsonb("summary").notNull().default({}),
    /** The body without its packed columns. */
    body: jsonb("body").notNull(),
    /** The packed columns, concatenated; their layout is in body's column directory. */
    columns: bytea("columns"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    deletedBy: integer("deleted_by"),
    /** The Idempotency-Key of the create request: a retry with the same key answers this row. */
    idempotencyKey: text("idempotency_key"),
  },
  (t) => [
    index("analyses_module_live").on(t.module, t.updatedAt).where(sql`${t.deletedAt} is null`),
    index("analyses_compiler").on(t.compilerUserId),
    index("analyses_project").on(t.projectId),
    uniqueIndex("analyses_idempotency")
      .on(t.compilerUserId, t.module, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

export const fmeaConfigs = pgTable(
  "fmea_configs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    variant: text("variant").notNull(),
    name: text("name").notNull(),
    enabled: boolean("enabled").notNull().default(false),
    compilerUserId: integer("compiler_user_id")
      .notNull()
      .references(() => users.id),
    settings: jsonb("settings").notNull().default({}),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    deletedBy: integer("deleted_by"),
  },
  (t) => [
    // At most one configuration per variant is in use.
    uniqueIndex("fmea_configs_one_enabled").on(t.variant).where(sql`${t.enabled} and ${t.deletedAt} is null`),
  ],
);

/**
 * The nodes of an FMEA's structure, function and failure trees (issue 17), one row each with its own
 * version, so two people editing different nodes of one FMEA never overwrite each other. They belong to
 * the FMEA's row in `analyses`; deleting the FMEA softly leaves them, so the recycle bin restores it whole.
 */
export const fmeaNodes = pgTable(
  "fmea_nodes",
  {
    fmeaId: integer("fmea_id")
      .notNull()
      .references(() => analyses.id, { onDelete: "cascade" }),
    id: text("id").notNull(),
    parentId: text("parent_id"),
    kind: text("kind").notNull(),
    elementType: text("element_type"),
    name: text("name").notNull(),
    ord: doublePrecision("ord").notNull(),
    hidden: boolean("hidden").notNull().default(false),
    attrs: jsonb("attrs").notNull().default({}),
    version: integer("version").notNull().default(1),
  },
  // Children by parent: a structural edit reads the subtree it moves or deletes, not the whole tree.
  (t) => [primaryKey({ columns: [t.fmeaId, t.id] }), index("fmea_nodes_parent").on(t.fmeaId, t.parentId)],
);

/** Function-net and failure-net links of an FMEA (from the higher level to the lower). */
export const fmeaLinks = pgTable(
  "fmea_links",
  {
    fmeaId: integer("fmea_id")
      .notNull()
      .references(() => analyses.id, { onDelete: "cascade" }),
    id: text("id").notNull(),
    kind: text("kind").notNull(),
    fromId: text("from_id").notNull(),
    toId: text("to_id").notNull(),
  },
  // The links touching a subtree, found from either end.
  (t) => [
    primaryKey({ columns: [t.fmeaId, t.id] }),
    index("fmea_links_from").on(t.fmeaId, t.fromId),
    index("fmea_links_to").on(t.fmeaId, t.toId),
  ],
);

/**
 * One row per stored batch of node operations: its number in the FMEA (1, 2, ...), who made it and the
 * nodes and links it touched. Clients ask for the changes after the number they have; every server
 * process reads the same rows, so an edit made through one is seen through all.
 */
export const fmeaChanges = pgTable(
  "fmea_changes",
  {
    fmeaId: integer("fmea_id")
      .notNull()
      .references(() => analyses.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    userId: integer("user_id").notNull(),
    nodeIds: jsonb("node_ids").notNull(),
    linkIds: jsonb("link_ids").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.fmeaId, t.seq] })],
);

export const tasks = pgTable(
  "tasks",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: text("title").notNull(),
    content: text("content").notNull().default(""),
    projectId: integer("project_id").references(() => projects.id, { onDelete: "set null" }),
    creatorUserId: integer("creator_user_id").references(() => users.id, { onDelete: "set null" }),
    assigneeUserId: integer("assignee_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("open"),
    dueAt: timestamp("due_at", { withTimezone: true }),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("tasks_assignee").on(t.assigneeUserId), index("tasks_creator").on(t.creatorUserId)],
);

export const messages = pgTable(
  "messages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").notNull().default("user"),
    title: text("title").notNull(),
    content: text("content").notNull().default(""),
    fromUserId: integer("from_user_id").references(() => users.id, { onDelete: "set null" }),
    toUserId: integer("to_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("messages_to").on(t.toUserId, t.readAt)],
);

export const feedback = pgTable("feedback", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  module: integer("module").notNull(),
  type: integer("type").notNull(),
  detail: text("detail").notNull(),
  contact: text("contact").notNull().default(""),
  files: text("files").array().notNull().default(sql`'{}'::text[]`),
  plusInfo: text("plus_info"),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  customerService: text("customer_service"),
  reply: text("reply"),
  status: integer("status").notNull().default(0),
  result: text("result"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Uploaded files: the bytes live on disk under a random name, outside the web root. */
export const files = pgTable("files", {
  id: uuid("id").primaryKey(),
  ownerUserId: integer("owner_user_id")
    .notNull()
    .references(() => users.id),
  storedName: text("stored_name").notNull(),
  originalName: text("original_name").notNull(),
  mime: text("mime").notNull(),
  kind: text("kind").notNull(),
  size: integer("size").notNull(),
  sha256: text("sha256").notNull(),
  createdAt: createdAt(),
});
