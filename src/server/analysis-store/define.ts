// What a module tells the generic store about itself.
import type { SQL } from "drizzle-orm";
import type { z } from "zod";
import type { AnalysisModule } from "../../shared/constants.ts";
import type { MessageKey, MessageParams } from "../../shared/messages.ts";
import type { ColumnRules } from "../../shared/schemas/packed-table.ts";
import type { AuthSession } from "../context.ts";
import type { Db } from "../db/client.ts";

export interface AnalysisModuleDef<B extends z.ZodType = z.ZodType> {
  module: AnalysisModule;
  /** How answers name one document, e.g. "The life-data set". */
  noun: string;
  body: B;
  /** Bumped when the body schema changes shape; stored with every document. */
  schemaVersion: number;
  /** Largest request body accepted by create and update. */
  maxBodyBytes: number;
  /**
   * The body key holding a packed table (life data, ALT), stored as bytea, and its column rules; a function
   * when they depend on the body (the life-data kinds of /api/wb), answering null for a body without one.
   */
  packed?: { key: string; rules: ColumnRules | ((body: z.infer<B>) => ColumnRules | null) };
  /** The kind a stored summary without one has (list filter `kind`), for documents older than their kinds. */
  defaultKind?: string;
  /** Facts shown in lists without loading bodies. */
  summarize(body: z.infer<B>): Record<string, unknown>;
  /**
   * Documents this session reads beyond the visibility rules (auth/visibility.ts), as a condition on the
   * `analyses` row: an FMEA's listed counselors, who work on it from another department. Lists, reads and
   * copies follow it; changing the document stays the compiler's (canModifyRecord).
   */
  alsoReadable?(session: AuthSession): SQL;
  /** Who may create documents (default: anyone signed in). Returns the refusal's message key. */
  createRefusal?(session: AuthSession): MessageKey | null;
  /**
   * Refuses a document this session may not hold, judged from its summary (so create, update and copy
   * agree), e.g. a trial account's row limit. Returns the refusal's message key and parameters.
   */
  sizeRefusal?(
    session: AuthSession,
    summary: Record<string, unknown>,
  ): { key: MessageKey; params: MessageParams } | null;
  /** Checks against other records (e.g. the FMEA's configuration is enabled); `stored` is the body before an
   * update (null on create), so a reference the document already holds can be told from a new one. */
  check?(db: Db, body: z.infer<B>, stored: z.infer<B> | null): Promise<void>;
  /**
   * A module whose documents carry server-owned state (reliability growth's status and approvals): it sees
   * every write before it is stored, may refuse it by throwing, and answers the body to store (on create
   * `stored` is null; on delete `next` is undefined and the answer is ignored).
   */
  guardWrite?(write: {
    db: Db;
    session: AuthSession;
    action: "create" | "update" | "delete";
    projectId: number | null;
    stored: z.infer<B> | null;
    next: z.infer<B> | undefined;
  }): Promise<z.infer<B> | undefined>;
  /**
   * Runs in the copy's transaction, after the document row is copied: copies what the module keeps beside the
   * document (an FMEA's node rows) and resets server-owned state (a growth item's status) in the copy `to`.
   */
  afterCopy?(db: Db, from: number, to: number): Promise<void>;
}

/** The column rules packing this body's table, or null when it has none. */
export function packedRulesOf<B extends z.ZodType>(
  def: AnalysisModuleDef<B>,
  body: z.infer<B>,
): ColumnRules | null {
  if (!def.packed) return null;
  return typeof def.packed.rules === "function" ? def.packed.rules(body) : def.packed.rules;
}

export function defineAnalysisModule<B extends z.ZodType>(def: AnalysisModuleDef<B>): AnalysisModuleDef<B> {
  return def;
}
