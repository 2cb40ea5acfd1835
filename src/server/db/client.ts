// Opens the database: a PostgreSQL server when DATABASE_URL is set, otherwise PGlite (PostgreSQL compiled
// to wasm) with its files under DATA_DIR. Both speak the same SQL through Drizzle; migrations run at start.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Server version string, e.g. "PostgreSQL 17.5". */
  version: string;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export interface OpenOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string;
  /** Directory for PGlite's files; when absent (tests) PGlite keeps everything in memory. */
  dataDir?: string;
}

type QueryOptions = Parameters<PGlite["query"]>[2];

/**
 * Drizzle hands PGlite its own parsers with every query (timestamps, dates and intervals left as text, which
 * drizzle converts itself), and PGlite 0.5 then copies its whole table of 318 type parsers for that one query:
 * 0.4 ms a statement on the shared 2-core machine, about a third of an FMEA edit's server time with 50 editors
 * at once (bench/load). Here those parsers are written into the client's own table, which every query reads,
 * and left out of the query, so each query is parsed exactly as drizzle asked, without the copy. They are
 * written again with each query because PGlite rebuilds its array parsers when it reloads the array types.
 */
function keepParsersInClient(client: PGlite): void {
  const own = (options: QueryOptions): QueryOptions => {
    if (!options?.parsers) return options;
    const { parsers, ...rest } = options;
    Object.assign(client.parsers, parsers);
    return rest;
  };
  const query = client.query.bind(client);
  client.query = ((text, params, options) => query(text, params, own(options))) as PGlite["query"];
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback) =>
    transaction((tx) =>
      callback(
        // The transaction as PGlite made it, its query keeping the parsers in the client too.
        Object.assign(Object.create(tx), {
          query: (text: string, params?: unknown[], options?: QueryOptions) =>
            tx.query(text, params, own(options)),
        }),
      ),
    )) as PGlite["transaction"];
}

/**
 * PGlite runs each statement on this thread, so a request that reaches the database runs to its end in one
 * event-loop turn, and libuv (1.45 on) accepts one new connection per turn: under load, every request already
 * connected ran before a new connection's first one (50 editors of one FMEA: the slowest first edits waited
 * 3.6-15 s while later ones took about 0.1 s). Here the database's calls take turns in arrival order, one call
 * (a query or a whole transaction, which keeps its turn to its end as PGlite's own lock does) per event-loop
 * turn, so requests on new connections are read and queued between them.
 */
function takeTurns(client: PGlite): void {
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(call: () => Promise<T>): Promise<T> => {
    const result = last.then(() => new Promise((resolve) => setImmediate(resolve))).then(call);
    last = result.catch(() => {});
    return result;
  };
  const query = client.query.bind(client);
  client.query = ((...args: Parameters<PGlite["query"]>) => inTurn(() => query(...args))) as PGlite["query"];
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback) => inTurn(() => transaction(callback))) as PGlite["transaction"];
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  let database: Omit<Database, "version">;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // A connection the database server ends (a restart, an administrator terminating backends) arrives as an
    // 'error' event, which Node turns into an uncaught exception, ending the service, when nobody listens. The
    // pool drops that connection and opens another for the next request; a query running on it fails and is
    // answered as such.
    pool.on("error", (error) =>
      console.error(`relbench: a database connection was closed: ${error.message}`),
    );
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = drizzleNodePg({ client: pool, schema });
    await migrateNodePg(db, { migrationsFolder });
    database = { db: db as unknown as Db, kind: "postgres", close: () => pool.end() };
  } else {
    let dir: string | undefined;
    if (options.dataDir) {
      dir = join(options.dataDir, "pglite");
      mkdirSync(dir, { recursive: true });
    }
    const client = dir ? new PGlite(dir) : new PGlite();
    await client.waitReady;
    keepParsersInClient(client);
    takeTurns(client);
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    database = { db: db as unknown as Db, kind: "pglite", close: () => client.close() };
  }
  const result = (await database.db.execute(sql`select version() as version`)) as unknown as {
    rows: { version: string }[];
  };
  const full = String(result.rows[0]?.version);
  return { ...database, version: full.split(" on ")[0].split(",")[0] };
}
