// Times one 400,000-row life-data create and read through the real REST service on the embedded database
// (PGlite with its files in a temporary directory, as `npm start` keeps them), with a body shaped as the app sends it: packed data columns and saved results whose
// plotting positions are base64 typed arrays. `node --import tsx bench/life-save.ts [runs]`.
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { createApp, createServices } from "../src/server/app.ts";
import { openDatabase } from "../src/server/db/client.ts";
import { seedFirstStart } from "../src/server/seed.ts";
import { encodeColumn } from "../src/shared/columns.ts";

const rows = 400_000;
const runs = Number(process.argv[2] ?? 3);

function body(): unknown {
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed + 1) / 0x80000001;
  };
  const end = new Float64Array(rows);
  const state = new Uint8Array(rows);
  for (let i = 0; i < rows; i++) {
    end[i] = 1000 * (-Math.log(random())) ** (1 / 1.5);
    state[i] = random() < 0.3 ? 0 : 1;
  }
  const failures = state.reduce((n, s) => n + s, 0);
  const time = new Float64Array(failures);
  const probability = new Float64Array(failures);
  const row = new Int32Array(failures);
  for (let i = 0; i < failures; i++) {
    time[i] = end[i];
    probability[i] = (i + 0.7) / (failures + 0.4);
    row[i] = i;
  }
  return {
    description: "",
    settings: {
      distribution: "weibull2p",
      estimationMethod: "mle",
      rankMethod: "exact",
      confidenceType: "fisher",
      confidenceLevel: 90,
      sidedness: "two",
      timeUnit: "hours",
    },
    data: { rows, form: "rightCensored", columns: { end: encodeColumn(end), state: encodeColumn(state) } },
    results: {
      fit: {
        beta: 1.5,
        eta: 1000,
        positions: {
          time: { $f64: encodeColumn(time) },
          probability: { $f64: encodeColumn(probability) },
          row: { $i32: encodeColumn(row) },
          ranks: "exact",
        },
      },
    },
  };
}

const dataDir = mkdtempSync(join(tmpdir(), "relbench-life-save-"));
const database = await openDatabase({ dataDir });
const deps = { settings: { scrypt: { log2N: 12, r: 8, p: 1 }, uploadDir: dataDir }, database, log: () => {} };
await seedFirstStart(
  database.db,
  createServices(deps).hasher,
  { adminUserName: "admin", adminPassword: "Admin#2026", seedDemo: false },
  () => {},
);
const server = serve({ fetch: createApp(deps).fetch, port: 0, hostname: "127.0.0.1" });
await new Promise<void>((resolve) => server.once("listening", () => resolve()));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const login = await fetch(`${url}/api/authority/users/login`, {
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify({ userName: "admin", password: "Admin#2026" }),
});
const token = ((await login.json()) as { data: { token: { token: string } } }).data.token.token;
const text = JSON.stringify({ name: "400k", body: body() });
console.log(`body ${(text.length / 1e6).toFixed(1)} MB`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const creates: number[] = [];
const reads: number[] = [];
for (let i = 0; i < runs; i++) {
  let t = performance.now();
  const response = await fetch(`${url}/api/wb/analyses`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: text,
  });
  const meta = (await response.json()) as { status: number; data: { id: number } };
  creates.push(performance.now() - t);
  if (meta.status !== 0) throw new Error(JSON.stringify(meta).slice(0, 300));
  t = performance.now();
  const read = await fetch(`${url}/api/wb/analyses/${meta.data.id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  await read.text();
  reads.push(performance.now() - t);
}
console.log(`create ms ${creates.map(Math.round).join(" ")} (median ${Math.round(median(creates))})`);
console.log(`read ms ${reads.map(Math.round).join(" ")} (median ${Math.round(median(reads))})`);
server.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
