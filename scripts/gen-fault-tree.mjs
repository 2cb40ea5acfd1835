// Seeded random fault trees in Open-PSA MEF XML (and optionally a JSON list of the same events and gates),
// for the generated fixtures in tests/fixtures/fta/openpsa/generated/ and for making more. The same
// options and seed give the same bytes (integer RNG, no Math.random, no locale); the last digit of a derived
// parameter could only move with a Node whose Math.log/exp/pow differ (V8's are the fdlibm algorithms), which
// tests/kernels/fta/generated-fixtures.test.ts would show.
//
//   node scripts/gen-fault-tree.mjs --be 100 --seed 1 --out gft-b100-s1.xml [--json gft-b100-s1.json] [options]
//   node scripts/gen-fault-tree.mjs --fixtures [--dir DIR]   (every committed fixture again, see FIXTURES below;
//                                                             into DIR instead of tests/fixtures/fta/openpsa/generated)
//
// Options (defaults in DEFAULTS):
//   --be N          basic events in all                --seed N      the RNG seed (unsigned 32-bit)
//   --args A        mean number of a gate's inputs (uniform on 2 .. 2A - 2)
//   --and, --or, --vote  weights of AND, OR and k-out-of-n (atleast) gates (normalised; the top gate is --top)
//   --repeat R      chance per input that a gate takes one more: a basic event already used elsewhere, drawn from
//                   the last --window events made, or from all of them with chance --global
//   --share S       chance that a gate takes a whole gate already built (not an ancestor) as one more input
//   --pmin, --pmax  basic event probabilities at the mission time, log-uniform in [pmin, pmax]
//   --models LIST   failure models drawn uniformly per event: fixed, exp, weibull2, weibull3, lognormal, normal;
//                   time models are calibrated so that F(mission) is the drawn probability
//   --mission T     mission time (h), 8760 as SCRAM's default        --undeveloped U  share flagged "undeveloped"
//   --trees K       split the events over K fault trees; gates of a tree take roots and gates of later trees as
//                   inputs (transfers), so the top of the first tree is the only top event
//
// The random numbers are xoshiro128** (Blackman & Vigna 2018, "Scrambled linear pseudorandom number
// generators") seeded through SplitMix32; a uniform double takes the top 53 bits of two outputs. The tree is
// built depth first: a gate gets a budget of new basic events and splits it at random among its inputs, so
// gates and events are numbered in the order a reader meets them (G1 is the top).
//
// Lognormal and normal events are written as SCRAM reads them, a <float> probability, with their parameters as
// attributes (dist, mu, sigma, t) that relbench reads back as the failure model; the probability is F(t)
// computed from those parameters here, with erfc by its continued fraction (Abramowitz & Stegun 7.1.14), so
// both tools see the same number.
//
// The committed fixtures were first made by an earlier generator outside this repository; its random stream and
// construction order cannot be recovered from its output, so `--fixtures` writes new trees with the same
// options and names, and tests/fixtures/fta/openpsa/README.md says how their SCRAM references are made.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const DEFAULTS = {
  be: 100,
  seed: 1,
  args: 3,
  and: 0.3,
  or: 0.6,
  vote: 0.05,
  repeat: 0.05,
  share: 0.01,
  pmin: 0.0001,
  pmax: 0.01,
  models: "fixed",
  mission: 8760,
  undeveloped: 0.05,
  trees: 1,
  window: 16,
  global: 0.01,
  top: "or",
  out: null,
  json: null,
};

/** The committed fixtures: file name stem and the options that differ from DEFAULTS. */
export const FIXTURES = [
  { be: 100, seed: 1, out: "gft-b100-s1.xml", json: "gft-b100-s1.json" },
  {
    be: 100,
    seed: 2,
    models: "fixed,exp,weibull2,weibull3,lognormal,normal",
    out: "gft-b100-s2-mixed.xml",
    json: "gft-b100-s2-mixed.json",
  },
  { be: 300, seed: 3, trees: 3, models: "fixed,exp,weibull2", out: "gft-b300-s3-transfer.xml" },
  { be: 1000, seed: 1, out: "gft-b1000-s1.xml" },
  { be: 5000, seed: 1, out: "gft-b5000-s1.xml" },
  {
    be: 1000,
    seed: 1,
    vote: 0.1,
    repeat: 0.1,
    share: 0.02,
    window: 64,
    global: 0.1,
    out: "gft-b1000-s1-stress.xml",
  },
];

// ---- random numbers -------------------------------------------------------------------------------------

function splitmix32(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export function rng(seed) {
  const init = splitmix32(seed);
  const s = [init(), init(), init(), init()];
  if ((s[0] | s[1] | s[2] | s[3]) === 0) s[0] = 1;
  const rotl = (x, k) => ((x << k) | (x >>> (32 - k))) >>> 0;
  const next = () => {
    const result = Math.imul(rotl(Math.imul(s[1], 5) >>> 0, 7), 9) >>> 0;
    const t = (s[1] << 9) >>> 0;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 11);
    for (let i = 0; i < 4; i++) s[i] >>>= 0;
    return result;
  };
  /** Uniform in [0, 1) with 53 random bits. */
  const uniform = () => ((next() >>> 5) * 67108864 + (next() >>> 6)) / 9007199254740992;
  return {
    uniform,
    /** Uniform integer in [lo, hi]. */
    int: (lo, hi) => lo + Math.floor(uniform() * (hi - lo + 1)),
    pick: (list) => list[Math.floor(uniform() * list.length)],
  };
}

// ---- distributions at the mission time -------------------------------------------------------------------

/** erfc(x) for x >= 0: Taylor series of erf below 0.5, the continued fraction (Lentz) above. */
function erfc(x) {
  if (x < 0.5) {
    let term = x;
    let sum = x;
    for (let n = 1; n < 60; n++) {
      term *= (-x * x) / n;
      sum += term / (2 * n + 1);
    }
    return 1 - (2 / Math.sqrt(Math.PI)) * sum;
  }
  // erfc(x) = exp(-x^2)/sqrt(pi) * 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + ...))))
  const tiny = 1e-300;
  let f = x;
  let c = x;
  let d = 0;
  for (let n = 1; n < 500; n++) {
    const a = n / 2;
    d = x + a * d;
    d = 1 / (Math.abs(d) < tiny ? tiny : d);
    c = x + a / c;
    if (Math.abs(c) < tiny) c = tiny;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(-x * x) / Math.sqrt(Math.PI) / f;
}

/** Standard normal lower tail, accurate in relative terms far into the lower tail. */
export function normalCdf(z) {
  return z < 0 ? 0.5 * erfc(-z / Math.SQRT2) : 1 - 0.5 * erfc(z / Math.SQRT2);
}

function normalQuantile(p) {
  let lo = -40;
  let hi = 40;
  for (let i = 0; i < 200 && hi - lo > 1e-15 * Math.max(1, Math.abs(lo)); i++) {
    const mid = (lo + hi) / 2;
    if (normalCdf(mid) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** An event's failure model at the mission time, calibrated so that F(mission) = p (as near as rounding lets). */
function failureModel(model, p, mission, r) {
  const H = -Math.log1p(-p); // cumulative hazard at the mission time
  switch (model) {
    case "fixed":
      return { params: { p }, p };
    case "exp":
      return { params: { lambda: H / mission }, p };
    case "weibull2":
    case "weibull3": {
      const beta = 0.5 + 2.5 * r.uniform();
      const t0 = model === "weibull3" ? 0.25 * mission * r.uniform() : 0;
      return { params: { alpha: (mission - t0) / H ** (1 / beta), beta, t0 }, p };
    }
    case "lognormal": {
      const sigma = 0.3 + 0.9 * r.uniform();
      const mu = Math.log(mission) - sigma * normalQuantile(p);
      return { params: { mu, sigma, t: mission }, p: normalCdf((Math.log(mission) - mu) / sigma) };
    }
    case "normal": {
      const cv = 0.05 + 0.1 * r.uniform();
      const mu = mission / (1 + cv * normalQuantile(p));
      const sigma = cv * mu;
      return { params: { mu, sigma, t: mission }, p: normalCdf((mission - mu) / sigma) };
    }
    default:
      throw new Error(`unknown failure model ${model}`);
  }
}

// ---- the tree -------------------------------------------------------------------------------------------

export function generate(options) {
  const o = { ...DEFAULTS, ...options };
  const r = rng(o.seed);
  const models = String(o.models).split(",");
  const weights = [o.and, o.or, o.vote];
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const events = [];
  const gates = [];
  const maxArgs = Math.max(2, Math.round(2 * o.args - 2));

  const newEvent = () => {
    const id = `B${events.length + 1}`;
    const p = Math.exp(Math.log(o.pmin) + r.uniform() * (Math.log(o.pmax) - Math.log(o.pmin)));
    const model = r.pick(models);
    const fm = failureModel(model, p, o.mission, r);
    events.push({ id, model, params: fm.params, p: fm.p, undeveloped: r.uniform() < o.undeveloped });
    return id;
  };

  const gateType = (n) => {
    const u = r.uniform() * totalWeight;
    if (u < weights[0]) return "and";
    if (u < weights[0] + weights[1] || n < 3) return "or";
    return "atleast";
  };

  /** Builds a gate with `budget` new basic events below it (depth first); returns its id. */
  const build = (tree, budget, type, ancestors, finished) => {
    const gate = { id: `G${gates.length + 1}`, type: null, tree, inputs: [] };
    gates.push(gate);
    const n = Math.min(budget, r.int(2, maxArgs));
    // Split the budget: each input gets at least one event; the rest go one by one to random inputs.
    const shares = new Array(n).fill(1);
    for (let left = budget - n; left > 0; left--) shares[r.int(0, n - 1)]++;
    const path = [...ancestors, gate.id];
    for (const share of shares) {
      if (share === 1) gate.inputs.push(newEvent());
      else gate.inputs.push(build(tree, share, null, path, finished));
    }
    // Repeated events, a chance per input: an event drawn near the end of the list (a common cause nearby) or
    // anywhere.
    for (let i = 0; i < n; i++)
      if (r.uniform() < o.repeat && events.length > 1) {
        const from = r.uniform() < o.global ? 0 : Math.max(0, events.length - o.window);
        const id = events[r.int(from, events.length - 1)].id;
        if (!gate.inputs.includes(id)) gate.inputs.splice(r.int(0, gate.inputs.length), 0, id);
      }
    // Shared gates: a finished gate of this tree that is neither an ancestor nor below this one.
    if (r.uniform() < o.share) {
      const below = new Set(gates.slice(gates.indexOf(gate)).map((g) => g.id));
      const candidates = finished.filter((id) => !below.has(id) && !path.includes(id));
      if (candidates.length > 0) {
        const id = r.pick(candidates.slice(-o.window));
        if (!gate.inputs.includes(id)) gate.inputs.splice(r.int(0, gate.inputs.length), 0, id);
      }
    }
    gate.type = type ?? gateType(gate.inputs.length);
    if (gate.type === "atleast") gate.k = r.int(2, gate.inputs.length - 1);
    finished.push(gate.id);
    return gate.id;
  };

  const roots = [];
  for (let t = 1; t <= o.trees; t++) {
    const budget = Math.floor(o.be / o.trees) + (t <= o.be % o.trees ? 1 : 0);
    roots.push(build(`FT${t}`, budget, o.top, [], []));
  }
  // Transfers: every later tree's root, and now and then another of its gates, becomes an input of a gate of
  // an earlier tree, so all edges run from earlier trees to later ones (no cycles) and G1 is the only top.
  for (let t = 2; t <= o.trees; t++) {
    const earlier = gates.filter((g) => Number(g.tree.slice(2)) < t);
    const own = gates.filter((g) => g.tree === `FT${t}`);
    const into = (id) => {
      const free = earlier.filter((g) => !g.inputs.includes(id));
      const g = r.pick(free);
      g.inputs.splice(r.int(0, g.inputs.length), 0, id);
    };
    into(roots[t - 1]);
    for (const g of own.slice(1)) if (r.uniform() < o.share * 4) into(g.id);
  }
  for (const g of gates) if (g.type === "atleast" && !(g.k < g.inputs.length)) g.k = g.inputs.length - 1;

  const repeated = new Map();
  for (const g of gates)
    for (const id of g.inputs) if (id.startsWith("B")) repeated.set(id, (repeated.get(id) ?? 0) + 1);
  const stats = {
    basicEvents: events.length,
    gates: gates.length,
    and: gates.filter((g) => g.type === "and").length,
    or: gates.filter((g) => g.type === "or").length,
    atleast: gates.filter((g) => g.type === "atleast").length,
    repeatedBasicEvents: [...repeated.values()].filter((c) => c > 1).length,
    faultTrees: o.trees,
  };
  return { options: o, top: roots[0], stats, events, gates };
}

// ---- writing --------------------------------------------------------------------------------------------

const num = (v) => String(v);

function eventXml(e) {
  const lines = [`    <define-basic-event name="${e.id}">`];
  const attributes = [];
  if (e.undeveloped) attributes.push(["flavor", "undeveloped"]);
  if (e.model === "lognormal" || e.model === "normal")
    attributes.push(
      ["dist", e.model],
      ["mu", num(e.params.mu)],
      ["sigma", num(e.params.sigma)],
      ["t", num(e.params.t)],
    );
  if (attributes.length > 0) {
    lines.push("      <attributes>");
    for (const [name, value] of attributes)
      lines.push(`        <attribute name="${name}" value="${value}"/>`);
    lines.push("      </attributes>");
  }
  const f = (v) => `<float value="${num(v)}"/>`;
  if (e.model === "exp")
    lines.push(`      <exponential>${f(e.params.lambda)}<system-mission-time/></exponential>`);
  else if (e.model === "weibull2" || e.model === "weibull3")
    lines.push(
      `      <Weibull>${f(e.params.alpha)}${f(e.params.beta)}${f(e.params.t0)}<system-mission-time/></Weibull>`,
    );
  else lines.push(`      ${f(e.p)}`);
  lines.push("    </define-basic-event>");
  return lines.join("\n");
}

export function toXml(tree) {
  const { options: o, stats } = tree;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<!-- generated by scripts/gen-fault-tree.mjs ${JSON.stringify(o)} -->`,
    `<!-- basic events: ${stats.basicEvents}, gates: ${stats.gates} (and ${stats.and}, or ${stats.or}, atleast ${stats.atleast}), repeated basic events: ${stats.repeatedBasicEvents}, top: ${tree.top} -->`,
    `<!-- time models are calibrated at mission time ${o.mission} h: run SCRAM with the option mission-time ${o.mission} -->`,
    "<opsa-mef>",
  ];
  for (let t = 1; t <= o.trees; t++) {
    out.push(`  <define-fault-tree name="FT${t}">`);
    for (const g of tree.gates.filter((x) => x.tree === `FT${t}`)) {
      out.push(`    <define-gate name="${g.id}">`);
      out.push(g.type === "atleast" ? `      <atleast min="${g.k}">` : `      <${g.type}>`);
      for (const id of g.inputs)
        out.push(id.startsWith("B") ? `        <basic-event name="${id}"/>` : `        <gate name="${id}"/>`);
      out.push(`      </${g.type}>`, "    </define-gate>");
    }
    out.push("  </define-fault-tree>");
  }
  out.push("  <model-data>");
  for (const e of tree.events) out.push(eventXml(e));
  out.push("  </model-data>", "</opsa-mef>", "");
  return out.join("\n");
}

export function toJson(tree) {
  return `${JSON.stringify(
    {
      generator: "scripts/gen-fault-tree.mjs",
      options: tree.options,
      missionTime: tree.options.mission,
      top: tree.top,
      stats: tree.stats,
      events: tree.events,
      gates: tree.gates.map(({ id, type, k, tree: ft, inputs }) =>
        k === undefined ? { id, type, tree: ft, inputs } : { id, type, k, tree: ft, inputs },
      ),
    },
    null,
    1,
  )}\n`;
}

function parseArgs(argv) {
  const options = {};
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i].replace(/^--/, "");
    if (key === "fixtures") {
      options.fixtures = true;
      continue;
    }
    if (key === "dir") {
      options.dir = argv[++i];
      continue;
    }
    if (!(key in DEFAULTS)) throw new Error(`unknown option --${key}`);
    const value = argv[++i];
    options[key] = typeof DEFAULTS[key] === "number" ? Number(value) : value;
  }
  return options;
}

function write(options, dir) {
  const tree = generate(options);
  writeFileSync(join(dir, tree.options.out), toXml(tree));
  if (tree.options.json) writeFileSync(join(dir, tree.options.json), toJson(tree));
  return tree;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const options = parseArgs(process.argv.slice(2));
  if (options.fixtures) {
    const dir =
      options.dir ?? fileURLToPath(new URL("../tests/fixtures/fta/openpsa/generated/", import.meta.url));
    for (const f of FIXTURES) {
      const tree = write(f, dir);
      console.log(`${f.out}: ${JSON.stringify(tree.stats)}`);
    }
  } else {
    if (!options.out) throw new Error("--out FILE is required (or --fixtures)");
    const tree = write(options, process.cwd());
    console.log(JSON.stringify(tree.stats));
  }
}
