#!/usr/bin/env node
// The npm registry this project is built from lacks some platform-specific optional packages (biome and
// rspack binaries for other systems), so `npm install` leaves them out of package-lock.json and `npm ci`
// then refuses the lock as out of sync. This adds each missing optional dependency as a lock entry with
// the os/cpu/libc its name states; npm skips such entries on other platforms and never fetches them.
// Run after `npm install` changes the lock: `node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from "node:fs";

const path = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(path, "utf8"));
const packages = lock.packages;

function platformOf(name) {
  const base = name
    .split("/")
    .pop()
    .replace(/^(cli|binding)-/, "");
  const [os, cpu, variant] = base.split("-");
  if (os === "wasm32") return { cpu: ["wasm32"] };
  const entry = { os: [os], cpu: [cpu] };
  if (variant === "musl") entry.libc = ["musl"];
  if (variant === "gnu") entry.libc = ["glibc"];
  return entry;
}

let added = 0;
for (const [key, pkg] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const nested = `${key ? `${key}/` : ""}node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    if (!/-(android|darwin|linux|win32|freebsd|openbsd|sunos|aix|wasm32)-/.test(name)) continue;
    const { os, cpu, libc } = platformOf(name);
    packages[`node_modules/${name}`] = {
      version,
      ...(cpu ? { cpu } : {}),
      ...(pkg.dev ? { dev: true } : {}),
      ...(libc ? { libc } : {}),
      license: pkg.license ?? "MIT",
      optional: true,
      ...(os ? { os } : {}),
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : a > b ? 1 : 0)),
);
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: ${added} optional platform entr${added === 1 ? "y" : "ies"} added`);
