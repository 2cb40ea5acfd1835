// Block diagrams for the rbd benchmarks: a chain of subsystems of the kinds found in real systems
// (series pairs, redundant pairs, 2-out-of-3 voting, bridges drawn with a mirror), all fed by one shared
// power unit whose mirrors appear in several subsystems. Exponential and Weibull lives.
import type { RbdBlock, RbdDistribution, RbdModel } from "../src/kernels/rbd/model.ts";

type Kind = "series" | "parallel" | "vote" | "bridge" | "powered";
const PATTERN: Kind[] = [
  "bridge",
  "vote",
  "parallel",
  "powered",
  "series",
  "bridge",
  "vote",
  "powered",
  "parallel",
  "series",
  "vote",
  "powered",
  "bridge",
];

/** A diagram of `size` blocks (the last few single blocks in series to make the count exact). */
export function benchDiagram(size: number): RbdModel {
  let seed = 12345;
  const random = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 4294967296;
  };
  const life = (): RbdDistribution =>
    random() < 0.5
      ? { type: "exponential", lambda: 1e-4 * (0.5 + random()) }
      : { type: "weibull2p", beta: 0.8 + 2 * random(), eta: 5000 + 20000 * random() };
  const blocks: RbdBlock[] = [{ id: "P", kind: "host", distribution: life() }];
  const edges: Array<[string, string]> = [["start", "P"]];
  let entry = "P";
  let n = 0;
  const id = (s: string) => `${s}${n}`;
  const regular = (name: string, from: string[]) => {
    blocks.push({ id: id(name), kind: "regular", distribution: life() });
    for (const f of from) edges.push([f, id(name)]);
    return id(name);
  };
  const join = (name: string, k: number, from: string[]) => {
    blocks.push({ id: id(name), kind: "kofn", k });
    for (const f of from) edges.push([f, id(name)]);
    return id(name);
  };
  for (let i = 0; blocks.length + 7 <= size; i++, n++) {
    switch (PATTERN[i % PATTERN.length]) {
      case "series":
        entry = regular("s", [regular("r", [entry])]);
        break;
      case "parallel":
        entry = join("j", 1, [regular("a", [entry]), regular("b", [entry])]);
        break;
      case "vote":
        entry = join("v", 2, [regular("a", [entry]), regular("b", [entry]), regular("c", [entry])]);
        break;
      case "bridge": {
        const a = regular("a", [entry]);
        const c = regular("c", [entry]);
        blocks.push(
          { id: id("e"), kind: "host", distribution: life() },
          { id: id("m"), kind: "mirror", of: id("e") },
        );
        edges.push([a, id("e")], [c, id("m")]);
        const b = regular("b", [a, id("m")]);
        const d = regular("d", [c, id("e")]);
        entry = join("j", 1, [b, d]);
        break;
      }
      case "powered":
        blocks.push({ id: id("p"), kind: "mirror", of: "P" });
        edges.push([entry, id("p")]);
        entry = regular("u", [id("p")]);
        break;
    }
  }
  for (; blocks.length < size; n++) entry = regular("f", [entry]);
  edges.push([entry, "end"]);
  return { name: `bench ${blocks.length} blocks`, missionTime: 2000, blocks, edges };
}
