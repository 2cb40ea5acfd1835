// Behaviour settings of the service; main.ts fills them from the environment, tests from their options.
import { mkdtempSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";

export interface ThrottleRule {
  /** Failures allowed before waiting starts. */
  freeFailures: number;
  /** Wait after the first counted failure; doubles with each further failure. */
  baseSeconds: number;
  maxSeconds: number;
}

export interface ServiceSettings {
  /** A token unused for this long lapses; each use moves the deadline (sliding). */
  tokenTtlMinutes: number;
  /** No token lives longer than this, however much it is used. */
  tokenMaxHours: number;
  /** A new login ends the user's other sessions (they answer 50012). */
  singleSession: boolean;
  /** Where uploaded files are kept (outside the web root, under random names). */
  uploadDir: string;
  /** Take the client address from X-Forwarded-For (only behind a proxy you run). */
  trustProxy: boolean;
  /** The failure-mode (FMEA) part of the product is offered (reported as reliabenchFmea). */
  fmeaEnabled: boolean;
  /** Failed logins: per user name and address, per address, per user name from anywhere. */
  loginThrottle: {
    windowSeconds: number;
    userAndAddress: ThrottleRule;
    address: ThrottleRule;
    user: ThrottleRule;
  };
  /** User-name checks (GET /users/account/verification/{name}) one client may make per minute. */
  verificationPerMinute: number;
  /** scrypt cost (N = 2^log2N); stored with each hash so it can be raised later. */
  scrypt: { log2N: number; r: number; p: number };
  /** Password hashes computed at once; the rest wait, so logins never starve other requests of CPU. */
  hashConcurrency: number;
}

/** scrypt N = 2^15, r = 8, p = 1: 32 MiB and tens of milliseconds per hash (OWASP's scrypt minimum is
 * N = 2^17 with r = 8; 2^15 keeps 50 concurrent logins on 2 cores inside a second). */
export const PRODUCTION_SCRYPT = { log2N: 15, r: 8, p: 1 } as const;

export function defaultSettings(overrides: Partial<ServiceSettings> = {}): ServiceSettings {
  return {
    tokenTtlMinutes: 480,
    tokenMaxHours: 168,
    singleSession: false,
    uploadDir: overrides.uploadDir ?? mkdtempSync(join(tmpdir(), "relbench-uploads-")),
    trustProxy: false,
    fmeaEnabled: true,
    loginThrottle: {
      windowSeconds: 900,
      userAndAddress: { freeFailures: 5, baseSeconds: 1, maxSeconds: 900 },
      address: { freeFailures: 30, baseSeconds: 1, maxSeconds: 900 },
      // Low cap: a guesser spread over many addresses is slowed, but cannot lock the owner out for long.
      user: { freeFailures: 10, baseSeconds: 1, maxSeconds: 60 },
    },
    verificationPerMinute: 20,
    scrypt: { ...PRODUCTION_SCRYPT },
    hashConcurrency: Math.max(1, availableParallelism() - 1),
    ...overrides,
  };
}
