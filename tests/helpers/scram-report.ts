// Reads the parts of a SCRAM 0.16 XML report the fault tree tests compare with: each top event's
// products (minimal cut sets), probability, importance factors and probability curve.
import { readFileSync } from "node:fs";
import { parseXml, type XmlElement } from "../../src/kernels/fta/xml.ts";

export interface ScramImportance {
  occurrence: number;
  probability: number;
  MIF: number;
  CIF: number;
  DIF: number;
  RAW: number;
  RRW: number;
}

export interface ScramTopResult {
  top: string;
  probability: number;
  products: { events: string[]; probability: number }[];
  distribution: number[];
  importance: Map<string, ScramImportance>;
  curve: { x: number; y: number }[];
}

const child = (e: XmlElement, name: string) => e.children.filter((c) => c.name === name);

export function readScramReport(path: string): Map<string, ScramTopResult> {
  const root = parseXml(readFileSync(path, "utf8"));
  const results = child(root, "results")[0];
  const out = new Map<string, ScramTopResult>();
  for (const sop of child(results, "sum-of-products")) {
    out.set(sop.attributes.name, {
      top: sop.attributes.name,
      probability: Number(sop.attributes.probability),
      distribution: (sop.attributes.distribution ?? "").split(" ").filter(Boolean).map(Number),
      products: child(sop, "product").map((p) => ({
        events: p.children.map((b) => b.attributes.name),
        probability: Number(p.attributes.probability),
      })),
      importance: new Map(),
      curve: [],
    });
  }
  for (const imp of child(results, "importance")) {
    const target = out.get(imp.attributes.name);
    if (!target) continue;
    for (const b of child(imp, "basic-event")) {
      const a = b.attributes;
      target.importance.set(a.name, {
        occurrence: Number(a.occurrence),
        probability: Number(a.probability),
        MIF: Number(a.MIF),
        CIF: Number(a.CIF),
        DIF: Number(a.DIF),
        RAW: Number(a.RAW),
        RRW: Number(a.RRW),
      });
    }
  }
  for (const curve of child(results, "curve")) {
    const target = out.get(curve.attributes.name);
    if (target)
      target.curve = child(curve, "point").map((p) => ({
        x: Number(p.attributes.X),
        y: Number(p.attributes.Y),
      }));
  }
  return out;
}
