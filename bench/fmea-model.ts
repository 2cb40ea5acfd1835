// The large DFMEA of issue 18's figures (about 20,000 nodes), as the REST operations that store it: the
// e2e spec sends them to the server, the benchmark applies them here. A system with `n` subsystems of four
// components; each subsystem has one failure mode with its effect, each component two causes with a
// prevention and a detection control; every chain is rated.
import type { FmeaOp } from "../src/shared/fmea/tree.ts";
import { applyOps, docOf, type FmeaDoc } from "../src/shared/fmea/tree.ts";

/** 555 subsystems: 19,982 nodes, 4,440 chains (the figures' FMEA). */
export const BIG_DESIGN_SUBSYSTEMS = 555;

export function bigDesignOps(n: number): FmeaOp[] {
  let ord = 0;
  const add = (
    id: string,
    parentId: string | null,
    kind: string,
    name: string,
    elementType: string | null = null,
  ): FmeaOp =>
    ({
      op: "add",
      node: { id, parentId, kind, elementType, name, ord: ord++, hidden: false, attrs: {} },
    }) as FmeaOp;
  const link = (id: string, from: string, to: string): FmeaOp => ({
    op: "link",
    link: { id, kind: "failure", from, to },
  });
  const rate = (id: string, attrs: Record<string, number>): FmeaOp => ({
    op: "update",
    id,
    base: 1,
    set: { attrs: { assessments: attrs } },
  });
  const ops: FmeaOp[] = [
    add("s", null, "stru", "Vehicle", "system"),
    add("sf", "s", "func", "Carry passengers"),
  ];
  for (let i = 0; i < n; i++) {
    const sub = `u${i}`;
    ops.push(add(`e${i}`, "sf", "fail", `Effect ${i}`));
    ops.push(rate(`e${i}`, { severity: 1 + (i % 10) }));
    ops.push(
      add(sub, "s", "stru", `Subsystem ${i}`, "subsystem"),
      add(`${sub}f`, sub, "func", `Function ${i}`),
    );
    ops.push(add(`${sub}m`, `${sub}f`, "fail", `Mode ${i}`), link(`${sub}l`, `e${i}`, `${sub}m`));
    for (let c = 0; c < 4; c++) {
      const comp = `${sub}c${c}`;
      ops.push(
        add(comp, sub, "stru", `Component ${i}.${c}`, "component"),
        add(`${comp}f`, comp, "func", `Part function ${i}.${c}`),
      );
      for (let k = 0; k < 2; k++) {
        const fc = `${comp}x${k}`;
        ops.push(add(fc, `${comp}f`, "fail", `Cause ${i}.${c}.${k}`));
        ops.push(
          add(`${fc}p`, fc, "preMeas", `Prevention ${i}.${c}.${k}`),
          add(`${fc}d`, fc, "findMeas", `Detection ${i}.${c}.${k}`),
        );
        ops.push(link(`${fc}l`, `${sub}m`, fc));
        ops.push(rate(fc, { occurrence: 1 + ((i + c) % 10), detection: 1 + ((i + k * 3) % 10) }));
      }
    }
  }
  return ops;
}

/** The document the server would hold after `bigDesignOps(n)`, applied by the same rules. */
export function bigDesignDoc(n: number): FmeaDoc {
  const applied = applyOps(docOf({ variant: "design", nodes: [], links: [] }), bigDesignOps(n));
  if (!applied.ok) throw new Error(`the large DFMEA does not apply: ${JSON.stringify(applied.problems[0])}`);
  return applied.doc;
}
