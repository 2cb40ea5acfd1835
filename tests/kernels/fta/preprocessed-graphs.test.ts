// Absorption moved from TypeScript into wasm (assembly/fta/absorb.ts) for the command line's cold start; the
// graphs it leaves must be the ones the TypeScript left, node for node, for all 54 fixture models and 400
// random coherent trees (fingerprints in tests/fixtures/fta/preprocessed-graphs.json, see graph-hashes.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { FIXTURES } from "./fixtures.ts";
import { graphHashes } from "./graph-hashes.ts";

it("preprocesses every fixture model and random tree into the same graph as before", async () => {
  const expected = JSON.parse(readFileSync(join(FIXTURES, "preprocessed-graphs.json"), "utf8")).hashes;
  const actual = await graphHashes();
  expect(Object.keys(actual).length).toBe(908);
  expect(actual).toEqual(expected);
}, 120_000);
