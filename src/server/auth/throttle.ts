// Failed-login throttling, kept in memory (one server process). Each key (user name + address, address,
// user name) counts failures inside a window; past its free failures the key must wait, and the wait
// doubles with every further failure up to a cap. While a key waits, logins on it are refused before the
// password is even checked, so a guesser gains nothing and costs no hashing.
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

  private keys(userName: string, address: string): [string, ThrottleRule][] {
    const user = userName.toLowerCase();
    return [
      [`ua:${user}\u0000${address}`, this.settings.userAndAddress],
      [`a:${address}`, this.settings.address],
      [`u:${user}`, this.settings.user],
    ];
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

  /** Seconds to wait before this login may be tried, or 0. */
  waitSeconds(userName: string, address: string): number {
    let until = 0;
    for (const [key] of this.keys(userName, address))
      until = Math.max(until, this.live(key)?.lockedUntil ?? 0);
    return Math.max(0, Math.ceil((until - this.now()) / 1000));
  }

  recordFailure(userName: string, address: string): void {
    const now = this.now();
    if (this.entries.size > 50_000) this.prune();
    for (const [key, rule] of this.keys(userName, address)) {
      const entry = this.live(key) ?? { failures: 0, lastFailureAt: now, lockedUntil: 0 };
      entry.failures++;
      entry.lastFailureAt = now;
      const over = entry.failures - rule.freeFailures;
      if (over >= 0) {
        const wait = Math.min(rule.maxSeconds, rule.baseSeconds * 2 ** Math.min(over, 30));
        entry.lockedUntil = now + wait * 1000;
      }
      this.entries.set(key, entry);
    }
  }

  /** A correct password clears the user's own counters (not the address's: one good account must not
   * reset a guesser's budget for others). */
  recordSuccess(userName: string, address: string): void {
    const [[userAndAddress], , [user]] = this.keys(userName, address);
    this.entries.delete(userAndAddress);
    this.entries.delete(user);
  }

  private prune(): void {
    for (const key of [...this.entries.keys()]) this.live(key);
  }
}
