// Files (/api/file, and the upload at /api/authority/uploadFile as spec 7 names it). Uploads are typed
// by their bytes, limited by kind (images 2 MB, xlsx 50 MB), written outside the web root under random
// names, and downloaded as attachments with a safe Content-Disposition and a sandboxing CSP.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { and, desc, eq, isNull } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { IMAGE_MAX_BYTES, IMPORT_MAX_BYTES } from "../../../shared/constants.ts";
import { STATUS } from "../../../shared/envelope.ts";
import { isAdmin } from "../../../shared/permissions.ts";
import { type FileInfo, fileIdSchema } from "../../../shared/schemas/files.ts";
import { createGuards } from "../../auth/guards.ts";
import { authenticate, tokenFromHeader } from "../../auth/sessions.ts";
import { canSee, visibleOwners } from "../../auth/visibility.ts";
import type { AppEnv, AuthSession, Services } from "../../context.ts";
import { files, users } from "../../db/schema.ts";
import { AppError, forbidden, invalid, notFound } from "../../http/errors.ts";
import { ok } from "../../http/respond.ts";
import { readJson, readParams } from "../../http/validate.ts";
import { filePath } from "./references.ts";
import { declaredTypeMatches, type SniffedType, sniff } from "./sniff.ts";

type FileRow = typeof files.$inferSelect;

function toFileInfo(row: FileRow): FileInfo {
  return {
    id: row.id,
    path: filePath(row.id),
    name: row.originalName,
    size: row.size,
    type: row.mime,
    kind: row.kind as FileInfo["kind"],
    ownerUserId: row.ownerUserId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A file name safe to echo back: no path, no control characters, at most 150 characters. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, "").trim();
  return (cleaned || "file").slice(-150);
}

export function contentDisposition(kind: "attachment" | "inline", name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** What an upload is for, and the kind of file each purpose takes (spec 7: avatars and feedback attach
 * images, imports are workbooks). Without a purpose any accepted kind goes. */
const PURPOSE_KIND: Record<string, SniffedType["kind"]> = {
  avatar: "image",
  feedback: "image",
  image: "image",
  import: "xlsx",
  xlsx: "xlsx",
};

export function uploadHandler(s: Services) {
  const db = s.database.db;
  mkdirSync(s.settings.uploadDir, { recursive: true, mode: 0o700 });
  return async (c: Context<AppEnv>) => {
    const session = c.get("session");
    let form: Record<string, string | File | (string | File)[]>;
    try {
      form = await c.req.parseBody({ all: true });
    } catch {
      throw invalid("fileMissing");
    }
    const file = Array.isArray(form.file) ? form.file[0] : form.file;
    if (!(file instanceof File)) throw invalid("fileMissing");
    const purpose = typeof form.purpose === "string" && form.purpose !== "" ? form.purpose : undefined;
    if (purpose !== undefined && !Object.hasOwn(PURPOSE_KIND, purpose))
      throw invalid("uploadPurposeUnknown", { purpose: purpose.slice(0, 50).replace(/[^\x20-\x7e]/g, "?") });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const sniffed = sniff(bytes);
    if (!sniffed) throw new AppError(STATUS.unsupportedType, "fileTypeUnsupported", {}, 415);
    const name = cleanName(file.name);
    const extension = name.includes(".") ? name.split(".").pop()?.toLowerCase() : undefined;
    const declared = `${name}${file.type ? `, ${file.type}` : ""}`;
    if (!extension || !sniffed.extensions.includes(extension) || !declaredTypeMatches(file.type, sniffed)) {
      throw new AppError(STATUS.unsupportedType, "fileTypeMismatch", { declared }, 415);
    }
    if (purpose && PURPOSE_KIND[purpose] !== sniffed.kind)
      throw new AppError(STATUS.unsupportedType, "fileTypeMismatch", { declared }, 415);
    if (sniffed.kind === "image" && bytes.byteLength > IMAGE_MAX_BYTES) {
      throw new AppError(STATUS.tooLarge, "imageTooLarge", {}, 413);
    }
    if (sniffed.kind === "xlsx" && bytes.byteLength > IMPORT_MAX_BYTES) {
      throw new AppError(STATUS.tooLarge, "importTooLarge", {}, 413);
    }
    const id = randomUUID();
    const storedName = randomBytes(16).toString("hex");
    await writeFile(join(s.settings.uploadDir, storedName), bytes, { mode: 0o600, flag: "wx" });
    const [row] = await db
      .insert(files)
      .values({
        id,
        ownerUserId: session.userId,
        storedName,
        originalName: name,
        mime: sniffed.mime,
        kind: sniffed.kind,
        size: bytes.byteLength,
        sha256: createHash("sha256").update(bytes).digest("hex"),
      })
      .returning();
    return ok(c, toFileInfo(row));
  };
}

export function fileModule(s: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const guard = createGuards(s);
  const db = s.database.db;

  async function readable(session: AuthSession, id: string): Promise<FileRow> {
    const [row] = await db.select().from(files).where(eq(files.id, id));
    if (!row) throw notFound("The file");
    if (canSee(await visibleOwners(db, session), row.ownerUserId)) return row;
    // Avatars are shown to everyone who sees the user.
    const [avatarOf] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.avatar, filePath(id)), isNull(users.deletedAt)))
      .limit(1);
    if (avatarOf) return row;
    throw notFound("The file");
  }

  async function send(c: Context<AppEnv>, row: FileRow, inline: boolean): Promise<Response> {
    const bytes = await readFile(join(s.settings.uploadDir, row.storedName)).catch(() => null);
    if (!bytes) throw notFound("The file");
    return new Response(new Uint8Array(bytes), {
      headers: {
        "Content-Type": row.mime,
        "Content-Length": String(bytes.byteLength),
        "Content-Disposition": contentDisposition(
          inline && row.kind === "image" ? "inline" : "attachment",
          row.originalName,
        ),
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
        "X-Request-Id": c.get("requestId"),
      },
    });
  }

  // GET also accepts the Admin-Token cookie the client keeps (spec 4), so <img src> can show an avatar.
  app.get("/:id", async (c) => {
    const { id } = readParams(c, fileIdSchema);
    const token = tokenFromHeader(c.req.header("Authorization")) ?? getCookie(c, "Admin-Token") ?? null;
    const session = await authenticate(db, s.settings, token);
    if (session.stage !== "full") throw forbidden("mustChangePassword");
    return send(c, await readable(session, id), c.req.query("inline") === "1");
  });

  app.post("/download", guard.user, async (c) => {
    const { id } = await readJson(c, fileIdSchema);
    return send(c, await readable(c.get("session"), id), false);
  });

  app.get("/", guard.user, async (c) => {
    const session = c.get("session");
    const rows = await db
      .select()
      .from(files)
      .where(eq(files.ownerUserId, session.userId))
      .orderBy(desc(files.createdAt))
      .limit(200);
    return ok(c, rows.map(toFileInfo));
  });

  app.delete("/:id", guard.user, async (c) => {
    const session = c.get("session");
    const { id } = readParams(c, fileIdSchema);
    const row = await readable(session, id);
    if (row.ownerUserId !== session.userId && !isAdmin(session)) throw forbidden("notCompiler");
    await db.delete(files).where(eq(files.id, id));
    await rm(join(s.settings.uploadDir, row.storedName), { force: true });
    return ok(c, null);
  });

  return app;
}
