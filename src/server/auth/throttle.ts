// Throttles kept in memory (one server process).
//
// Failed logins slow the guesser, never the owner. Keys count failures inside a window: per user name and
// client address, and per address. Past a key's free failures the client must wait, the wait doubling with
// each further failure up to a cap, and a try made while waiting counts as one more failure, so
// hammering only makes the wait longer. A third, per-account key slows guessing spread over many
// addresses, but it applies only to clients that have themselves failed on that account: the owner,
// from a client that did not fail, always gets through, so nobody can lock another person out.
// While a client waits its tries are refused before the password is checked, so they cost no hashing.
import type { ServiceSettings, ThrottleRule } from "../settings.ts";

interface Entry {
  failures: number;
  lastFailureAt: number;
  lockedUntil: number;
}

export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly settings: ServiceSettings["loginThrottle"],
    private readonly now: () => number = Date.now,
  ) {}

  private keys(userName: string, address: string) {
    const user = userName.toLowerCase();
    return {
      userAndAddress: [`ua:${user}\u0000${address}`, this.settings.userAndAddress] as const,
      address: [`a:${address}`, this.settings.address] as const,
      user: [`u:${user}`, this.settings.user] as const,
    };
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (
      entry &&
      this.now() - entry.lastFailureAt > this.settings.windowSeconds * 1000 &&
      entry.lockedUntil <= this.now()
    ) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** The keys that hold this client back: the account-wide one only once this client failed on it. */
  private applicable(userName: string, address: string): (readonly [string, ThrottleRule])[] {
    const k = this.keys(userName, address);
    const own = this.live(k.userAndAddress[0]);
    return own ? [k.userAndAddress, k.address, k.user] : [k.userAndAddress, k.address];
  }

  private until(userName: string, address: string): number {
    let until = 0;
    for (const [key] of this.applicable(userName, address))
      until = Math.max(until, this.live(key)?.lockedUntil ?? 0);
    return until;
  }

  /** Seconds this client must wait before this login may be tried, or 0. A try while waiting counts as a
   * failure of the client (not of the account), so the wait grows. */
  waitSeconds(userName: string, address: string): number {
    const until = this.until(userName, address);
    if (until <= this.now()) return 0;
    const k = this.keys(userName, address);
    this.count([k.userAndAddress, k.address]);
    return Math.max(1, Math.ceil((this.until(userName, address) - this.now()) / 1000));
  }

  recordFailure(userName: string, address: string): void {
    const k = this.keys(userName, address);
    this.count([k.userAndAddress, k.address, k.user]);
  }

  private count(keys: (readonly [string, ThrottleRule])[]): void {
    const now = this.now();
    if (this.entries.size > 50_000) this.prune();
    for (const [key, rule] of keys) {
      const entry = this.live(key) ?? { failures: 0, lastFailureAt: now, lockedUntil: 0 };
      entry.failures++;
      entry.lastFailureAt = now;
      const over = entry.failures - rule.freeFailures;
      if (over >= 0) {
        const wait = Math.min(rule.maxSeconds, rule.baseSeconds * 2 ** Math.min(over, 30));
        entry.lockedUntil = Math.max(entry.lockedUntil, now + wait * 1000);
      }
      this.entries.set(key, entry);
    }
  }

  /** A correct password clears this client's counter for the account (not the address's: one good account
   * must not reset a guesser's budget for others, nor the account's: other clients may be guessing). */
  recordSuccess(userName: string, address: string): void {
    this.entries.delete(this.keys(userName, address).userAndAddress[0]);
  }

  private prune(): void {
    for (const key of [...this.entries.keys()]) this.live(key);
  }
}

/** A fixed budget of requests per client and minute (the user-name check: it tells whether an account
 * exists, so asking it for every name in a list must be slow). */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** 0 when the request may go ahead (and counts it), else the seconds until the client's next one. */
  take(client: string): number {
    const now = this.now();
    if (this.windows.size > 50_000) {
      for (const [key, w] of this.windows) if (now - w.start >= 60_000) this.windows.delete(key);
    }
    let window = this.windows.get(client);
    if (!window || now - window.start >= 60_000) {
      window = { start: now, count: 0 };
      this.windows.set(client, window);
    }
    if (window.count >= this.perMinute) return Math.max(1, Math.ceil((window.start + 60_000 - now) / 1000));
    window.count++;
    return 0;
  }
}
