// Password hashing: scrypt with a per-user random salt, compared in constant time. The cost parameters
// are stored with the hash (`scrypt$log2N$r$p$salt$hash`) so they can be raised without a migration.
// Hashing is costly by design; a small queue caps how many run at once so logins cannot starve the rest.
import { randomBytes, randomInt, scrypt, timingSafeEqual } from "node:crypto";

const KEY_LENGTH = 32;

export interface ScryptCost {
  log2N: number;
  r: number;
  p: number;
}

/** Thrown when so many hashes wait that a new one would finish after the client's 50 s time-out. */
export class HashQueueFull extends Error {}

export class HashQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting = 256,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw new HashQueueFull("password hashing queue is full");
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running++;
    try {
      return await task();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const N = 2 ** cost.log2N;
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFC"),
      salt,
      KEY_LENGTH,
      { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export class PasswordHasher {
  private readonly queue: HashQueue;
  /** A hash of nothing, verified against when the user name is unknown, so timing does not tell. */
  private dummy: Promise<string> | undefined;

  constructor(
    private readonly cost: ScryptCost,
    concurrency: number,
  ) {
    this.queue = new HashQueue(concurrency);
  }

  hash(password: string): Promise<string> {
    return this.queue.run(() => this.hashNow(password));
  }

  private async hashNow(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await derive(password, salt, this.cost);
    const { log2N, r, p } = this.cost;
    return `scrypt$${log2N}$${r}$${p}$${salt.toString("base64")}$${key.toString("base64")}`;
  }

  verify(password: string, stored: string | null | undefined): Promise<boolean> {
    return this.queue.run(async () => {
      const parts = (stored ?? "").split("$");
      if (parts.length !== 6 || parts[0] !== "scrypt") {
        // Spend the same time as a real check, then fail.
        // Already inside the queue: hash directly (taking a second slot could wait on ourselves).
        this.dummy ??= this.hashNow("relbench-dummy");
        const dummyParts = (await this.dummy).split("$");
        await derive(password, Buffer.from(dummyParts[4], "base64"), this.cost);
        return false;
      }
      const cost = { log2N: Number(parts[1]), r: Number(parts[2]), p: Number(parts[3]) };
      const expected = Buffer.from(parts[5], "base64");
      const key = await derive(password, Buffer.from(parts[4], "base64"), cost);
      return key.length === expected.length && timingSafeEqual(key, expected);
    });
  }
}

/**
 * A generated password that satisfies the spec's rules (6 to 15 characters, two kinds or more): 14
 * characters from letters, digits and a few symbols, without look-alikes.
 */
export function generatePassword(): string {
  const lower = "abcdefghjkmnpqrstuvwxyz";
  const upper = "ABCDEFGHJKLMNPQRSTUVWXYZ";
  const digits = "23456789";
  const symbols = "#%+=@";
  const all = lower + upper + digits + symbols;
  const pick = (set: string) => set[randomInt(set.length)];
  const chars = [pick(lower), pick(upper), pick(digits), pick(symbols)];
  while (chars.length < 14) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join("");
}
