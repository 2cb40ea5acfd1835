// Route guards: authenticate the token, then check the session stage and, for admin routes, the role.
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import { isAdmin } from "../../shared/permissions.ts";
import type { AppEnv, Services, SessionStage } from "../context.ts";
import { forbidden } from "../http/errors.ts";
import { authenticate, tokenFromHeader } from "./sessions.ts";

export interface Guards {
  /** A fully signed-in user. */
  user: MiddlewareHandler<AppEnv>;
  /** Also a user whose one-time password still has to be changed (info, password, language, logout). */
  pending: MiddlewareHandler<AppEnv>;
  /** Only a login waiting for its second factor. */
  secondFactor: MiddlewareHandler<AppEnv>;
  /** An administrator (spec 6: user list, departments, feedback replies). */
  admin: MiddlewareHandler<AppEnv>;
}

export function createGuards(s: Services): Guards {
  const guard =
    (allowed: SessionStage[], adminOnly = false): MiddlewareHandler<AppEnv> =>
    async (c, next) => {
      const session = await authenticate(
        s.database.db,
        s.settings,
        tokenFromHeader(c.req.header("Authorization")),
      );
      if (!allowed.includes(session.stage)) {
        throw forbidden(session.stage === "secondFactor" ? "secondFactorRequired" : "mustChangePassword");
      }
      if (adminOnly && !isAdmin(session)) throw forbidden("adminOnly");
      c.set("session", session);
      await next();
    };
  return {
    user: guard(["full"]),
    pending: guard(["full", "mustChangePassword"]),
    secondFactor: guard(["secondFactor"]),
    admin: guard(["full"], true),
  };
}

/** The client's address: the socket peer, or the first X-Forwarded-For hop when behind a trusted proxy. */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("X-Forwarded-For")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}
