// Types shared by the middleware and the modules: what a request carries once authenticated.
import type { PasswordHasher } from "./auth/passwords.ts";
import type { LoginThrottle, RateLimiter } from "./auth/throttle.ts";
import type { Database } from "./db/client.ts";
import type { users } from "./db/schema.ts";
import type { ServiceSettings } from "./settings.ts";

export type SessionStage = "full" | "mustChangePassword" | "secondFactor";

export interface AuthSession {
  sessionId: number;
  tokenHash: string;
  userId: number;
  userName: string;
  /** Roles active in this session (a user with none acts as visitor). */
  roles: string[];
  /** Every role the user holds. */
  heldRoles: string[];
  stage: SessionStage;
  expiresAt: Date;
  /** The user's row as read with the session (one query per request for both). */
  user: typeof users.$inferSelect;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    session: AuthSession;
  };
}

/** An outside identity provider (WeChat login): turns the code the client got into an identity. */
export interface IdentityProvider {
  name: string;
  exchange(code: string): Promise<{ externalId: string; phoneNumber?: string | null } | null>;
}

export interface Services {
  database: Database;
  settings: ServiceSettings;
  log: (line: string) => void;
  hasher: PasswordHasher;
  throttle: LoginThrottle;
  /** The user-name check, per client address. */
  verificationLimit: RateLimiter;
  /** Null when no provider is configured: WeChat login then answers 'Third party login failure.' */
  identity: IdentityProvider | null;
}
