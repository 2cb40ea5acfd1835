// The FMEA scenario of `npm run bench:load` (issue 17): an FMEA of 5,001 structure elements and 24,801 nodes
// built through the ops endpoint, opened, then edited by 50 editors at once, each renaming its own components
// and adding functions under them (a structural edit) in rounds. Every edit must be there afterwards: the
// count of lost edits is the scenario's failure count.

interface Envelope<T> {
  status: number;
  data: T;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const round = (ms: number) => Math.round(ms * 10) / 10;

export interface FmeaLoadReport {
  nodes: number;
  structureElements: number;
  buildMs: number;
  treeMedianMs: number;
  editors: number;
  rounds: number;
  renameMs: { p50: number; p95: number; max: number };
  addMs: { p50: number; p95: number; max: number };
  refused: number;
  lost: number;
}

export async function fmeaLoad(
  base: string,
  token: string,
  editors = 50,
  rounds = 4,
): Promise<FmeaLoadReport> {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<Envelope<T>> => {
    const response = await fetch(`${base}/api${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return (await response.json()) as Envelope<T>;
  };
  const created = await call<{ id: number }>("POST", "/edfe/analyses", { name: "Load FMEA", body: {} });
  const id = created.data.id;
  const ops = `/edfe/analyses/${id}/ops`;

  // System > 100 subsystems > 49 components each; every subsystem a function and a failure, every component
  // a function, a failure and its prevention and detection controls.
  const adds: unknown[] = [];
  const add = (
    nodeId: string,
    parentId: string | null,
    kind: string,
    elementType: string | null,
    ord: number,
  ) => adds.push({ op: "add", node: { id: nodeId, parentId, kind, elementType, name: nodeId, ord } });
  add("s0", null, "stru", "system", 0);
  for (let i = 0; i < 100; i++) {
    add(`sub${i}`, "s0", "stru", "subsystem", i);
    add(`fs${i}`, `sub${i}`, "func", null, 1000);
    add(`es${i}`, `fs${i}`, "fail", null, 0);
    for (let j = 0; j < 49; j++) {
      const c = `c${i}_${j}`;
      add(c, `sub${i}`, "stru", "component", j);
      add(`f${i}_${j}`, c, "func", null, 1000);
      add(`e${i}_${j}`, `f${i}_${j}`, "fail", null, 0);
      add(`p${i}_${j}`, `e${i}_${j}`, "preMeas", null, 0);
      add(`d${i}_${j}`, `e${i}_${j}`, "findMeas", null, 1);
    }
  }
  const t0 = performance.now();
  for (let i = 0; i < adds.length; i += 5000) {
    const answer = await call<unknown>("POST", ops, { ops: adds.slice(i, i + 5000) });
    if (answer.status !== 0)
      throw new Error(`building the FMEA failed: ${JSON.stringify(answer).slice(0, 300)}`);
  }
  const buildMs = performance.now() - t0;

  const treeTimes: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const tree = await call<{ nodes: unknown[] }>("GET", `/edfe/analyses/${id}/tree`);
    treeTimes.push(performance.now() - t);
    if (tree.data.nodes.length !== adds.length) throw new Error(`tree has ${tree.data.nodes.length} nodes`);
  }

  const renames: number[] = [];
  const structural: number[] = [];
  let refused = 0;
  const editor = async (e: number) => {
    for (let r = 0; r < rounds; r++) {
      const component = `c${e % 100}_${r}`;
      let t = performance.now();
      const renamed = await call<unknown>("POST", ops, {
        ops: [{ op: "update", id: component, base: 1, set: { name: `Editor ${e} round ${r}` } }],
      });
      renames.push(performance.now() - t);
      if (renamed.status !== 0) refused++;
      t = performance.now();
      const added = await call<unknown>("POST", ops, {
        ops: [
          {
            op: "add",
            node: {
              id: `new${e}_${r}`,
              parentId: component,
              kind: "func",
              elementType: null,
              name: `Added by ${e}`,
              ord: 2000,
            },
          },
        ],
      });
      structural.push(performance.now() - t);
      if (added.status !== 0) refused++;
    }
  };
  await Promise.all(Array.from({ length: editors }, (_, e) => editor(e)));

  const after = await call<{ nodes: { id: string; name: string }[] }>("GET", `/edfe/analyses/${id}/tree`);
  const byId = new Map(after.data.nodes.map((n) => [n.id, n.name]));
  let lost = 0;
  for (let e = 0; e < editors; e++)
    for (let r = 0; r < rounds; r++) {
      if (byId.get(`c${e % 100}_${r}`) !== `Editor ${e} round ${r}`) lost++;
      if (!byId.has(`new${e}_${r}`)) lost++;
    }
  const stats = (values: number[]) => ({
    p50: round(percentile(values, 50)),
    p95: round(percentile(values, 95)),
    max: round(Math.max(...values)),
  });
  return {
    nodes: adds.length,
    structureElements: 5001,
    buildMs: Math.round(buildMs),
    treeMedianMs: Math.round(percentile(treeTimes, 50)),
    editors,
    rounds,
    renameMs: stats(renames),
    addMs: stats(structural),
    refused,
    lost,
  };
}
