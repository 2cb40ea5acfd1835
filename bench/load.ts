// `npm run bench:load`: load test of the REST service on loopback, bounded in time. The server runs in a
// child process (bench/load/server.ts); autocannon drives it with 50 concurrent connections through
// login, user info and the list of stored analyses, then a 400,000-row life-data set is saved and
// loaded a few times. Prints requests per second, p99 latency and failures; exits 1 if any request
// failed. Options: --duration <s> (10), --connections <n> (50), --only <http,life,fmea> (all three), --json.

import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { encodeColumn } from "../src/shared/columns.ts";
import type { LifeDataSettings } from "../src/shared/schemas/lifedata.ts";
import { LOAD_PASSWORD, LOAD_USER } from "./load/account.ts";
import { fmeaLoad } from "./load/fmea.ts";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    only: { type: "string", default: "http,life,fmea" },
    json: { type: "boolean", default: false },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const parts = new Set(args.only.split(","));
for (const part of parts)
  if (!["http", "life", "fmea"].includes(part)) throw new Error(`--only: unknown part ${part}`);

interface Scenario {
  name: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  failed: number;
}

const root = fileURLToPath(new URL("..", import.meta.url));
const child = spawn(process.execPath, ["--import", "tsx", "bench/load/server.ts"], {
  cwd: root,
  stdio: ["ignore", "pipe", "inherit"],
  env: process.env,
});
const ready = await new Promise<{ port: number; token: string; database: string }>((resolve, reject) => {
  const lines = createInterface({ input: child.stdout });
  lines.once("line", (line) => resolve(JSON.parse(line)));
  child.once("exit", (code) => reject(new Error(`load server exited with ${code}`)));
});
const base = `http://127.0.0.1:${ready.port}`;

/** Waits until the server has worked off the previous scenario (queued logins hash for a while after the
 * load generator stops), then warms the next path up for a second, so scenarios do not measure each other. */
async function settle(options: autocannon.Options): Promise<void> {
  for (let quiet = 0, tries = 0; quiet < 3 && tries < 200; tries++) {
    const t0 = performance.now();
    await fetch(`${base}/api/health`);
    quiet = performance.now() - t0 < 20 ? quiet + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await autocannon({ connections: 5, duration: 1, ...options });
}

async function run(name: string, options: autocannon.Options): Promise<Scenario> {
  await settle(options);
  const result = await autocannon({ connections, duration, timeout: 50, ...options });
  const failed = result.errors + result.timeouts + result.non2xx;
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    failed,
  };
}

const auth = { Authorization: `Bearer ${ready.token}` };
// Scrypt makes login costly by design: it is measured on its own, like the cheap calls.
const scenarios: Scenario[] = [];
if (parts.has("http"))
  scenarios.push(
    await run("POST /api/authority/users/login", {
      url: `${base}/api/authority/users/login`,
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ userName: LOAD_USER, password: LOAD_PASSWORD }),
    }),
    await run("GET /api/authority/users/info", { url: `${base}/api/authority/users/info`, headers: auth }),
    await run("GET /api/wb/analyses?pageSize=20", {
      url: `${base}/api/wb/analyses?page=1&pageSize=20`,
      headers: auth,
    }),
  );

// A 400,000-row life-data set: save (POST) and load (GET), end to end over HTTP.
async function lifeDataRoundTrips() {
  const n = 400_000;
  const end = new Float64Array(n);
  const state = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    end[i] = 10 + ((i * 7919) % 100_000) / 7;
    state[i] = i % 4 === 0 ? 0 : 1;
  }
  const columns = {
    quantity: encodeColumn(new Int32Array(n).fill(1)),
    start: encodeColumn(new Float64Array(n).fill(Number.NaN)),
    end: encodeColumn(end),
    state: encodeColumn(state),
    group: encodeColumn(new Int32Array(n).fill(1)),
  };
  // Typed with the shared schema so a renamed option breaks the type check, not the benchmark run.
  const settings: LifeDataSettings = {
    distribution: "weibull2p",
    estimationMethod: "mle",
    rankMethod: "exact",
    confidenceType: "fisher",
    confidenceLevel: 90,
    sidedness: "two",
    timeUnit: "hours",
  };
  const payload = JSON.stringify({
    name: "400k rows",
    body: {
      description: "load benchmark",
      settings,
      data: { rows: n, form: "rightCensored", columns },
      results: { parameters: { beta: 1.5, eta: 1000 } },
    },
  });
  const saves: number[] = [];
  const loads: number[] = [];
  let roundTripOk = true;
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const saved = await fetch(`${base}/api/wb/analyses`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: payload,
    });
    const meta = (await saved.json()) as { status: number; data: { id: number } };
    const t1 = performance.now();
    const loaded = await fetch(`${base}/api/wb/analyses/${meta.data.id}`, { headers: auth });
    const doc = (await loaded.json()) as {
      status: number;
      data: { body: { data: { columns: Record<string, string> } } };
    };
    const t2 = performance.now();
    roundTripOk &&= meta.status === 0 && doc.status === 0 && doc.data.body.data.columns.end === columns.end;
    saves.push(t1 - t0);
    loads.push(t2 - t1);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return {
    rows: n,
    requestBytes: payload.length,
    saveMedianMs: Math.round(median(saves)),
    saveMaxMs: Math.round(Math.max(...saves)),
    loadMedianMs: Math.round(median(loads)),
    loadMaxMs: Math.round(Math.max(...loads)),
    roundTripOk,
  };
}
const lifeData = parts.has("life") ? await lifeDataRoundTrips() : null;

// Fifty editors on one 25,000-node FMEA at once: every edit kept.
const fmea = parts.has("fmea") ? await fmeaLoad(base, ready.token) : null;

child.kill("SIGTERM");
const failed =
  scenarios.reduce((sum, s) => sum + s.failed, 0) +
  (lifeData && !lifeData.roundTripOk ? 1 : 0) +
  (fmea ? fmea.refused + fmea.lost : 0);
const report = {
  database: ready.database,
  connections,
  durationSeconds: duration,
  scenarios,
  lifeData,
  fmea,
  failed,
};
if (args.json) {
  console.log(JSON.stringify(report, null, 2));
} else {
  console.log(
    `relbench load test: ${connections} connections, ${duration} s per scenario, database ${ready.database}, loopback`,
  );
  if (scenarios.length > 0)
    console.log("scenario                              req/s   p50 ms   p99 ms   requests  failed");
  for (const s of scenarios) {
    console.log(
      `${s.name.padEnd(36)} ${String(s.requestsPerSecond).padStart(6)} ${String(s.latencyP50Ms).padStart(8)} ${String(s.latencyP99Ms).padStart(8)} ${String(s.requests).padStart(10)} ${String(s.failed).padStart(7)}`,
    );
  }
  if (lifeData)
    console.log(
      `life data ${lifeData.rows} rows (${(lifeData.requestBytes / 1e6).toFixed(1)} MB request): save median ${lifeData.saveMedianMs} ms (max ${lifeData.saveMaxMs}), load median ${lifeData.loadMedianMs} ms (max ${lifeData.loadMaxMs}), identical after round trip: ${lifeData.roundTripOk}`,
    );
  if (fmea)
    console.log(
      `FMEA ${fmea.nodes} nodes (${fmea.structureElements} structure elements): built in ${fmea.buildMs} ms, tree read median ${fmea.treeMedianMs} ms; ${fmea.editors} editors x ${fmea.rounds} rounds: rename p50 ${fmea.renameMs.p50} / p95 ${fmea.renameMs.p95} / max ${fmea.renameMs.max} ms, add p50 ${fmea.addMs.p50} / p95 ${fmea.addMs.p95} / max ${fmea.addMs.max} ms, refused ${fmea.refused}, lost ${fmea.lost}`,
    );
  console.log(failed === 0 ? "no request failed" : `${failed} request(s) failed`);
}
process.exit(failed === 0 ? 0 : 1);
