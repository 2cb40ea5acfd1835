// The FMEA risk table after one rating is typed (issue 18: "AP recomputation after an edit is immediate"), on
// the figures' DFMEA of 19,982 nodes and 4,440 lines (bench/fmea-model.ts): the table's rows as the app
// derives them after an edit (src/app/features/fmea/rows.ts: the edit's changed nodes, the lines of their
// failure modes rated again) against the baseline of deriving every chain and line of the edited FMEA anew
// (failureChains + formRows, what the table did on every edit before). Both sides take the same edited
// documents, made ahead of the rounds; the rows must read the same in every cell.
import { derivedRows, noteEdit } from "../src/app/features/fmea/rows.ts";
import { cellText, type FormRow, formColumns, formRows } from "../src/shared/fmea/form.ts";
import { applyOps, type FmeaDoc } from "../src/shared/fmea/tree.ts";
import { BIG_DESIGN_SUBSYSTEMS, bigDesignDoc } from "./fmea-model.ts";
import { defineBenchmark } from "./harness.ts";

/** Enough edited documents for the warm-up and the most rounds a run asks for, on each side. */
const EDITS = 64;

export const fmeaTableEditBenchmark = defineBenchmark({
  id: "fmea-table-edit-20k",
  title:
    "FMEA risk table rows after one rating edit: the touched failure mode re-rated vs every line derived anew",
  async setup() {
    const start = bigDesignDoc(BIG_DESIGN_SUBSYSTEMS);
    derivedRows(start);
    // One cause's occurrence typed again and again, 10 and 2 in turn, as the table sends it (store.ts commit).
    const docs: FmeaDoc[] = [start];
    for (let i = 1; i <= EDITS; i++) {
      const before = docs[i - 1];
      const cause = before.nodes.get("u277c2x1");
      if (!cause) throw new Error("the bench FMEA has no cause u277c2x1");
      const assessments = (cause.attrs as { assessments?: Record<string, number> }).assessments ?? {};
      const applied = applyOps(before, [
        {
          op: "update",
          id: cause.id,
          base: cause.version,
          set: { attrs: { assessments: { ...assessments, occurrence: i % 2 === 1 ? 10 : 2 } } },
        },
      ]);
      if (!applied.ok) throw new Error(JSON.stringify(applied.problems));
      noteEdit(before, applied.doc, applied.changes);
      docs.push(applied.doc);
    }
    let k = 0;
    let b = 0;
    const columns = formColumns("design", { rpn: true });
    const texts = (rows: readonly FormRow[]) =>
      rows.map((r) => columns.map((c) => cellText(r, c.key)).join("\t"));
    return {
      size: `${start.nodes.size.toLocaleString("en")} nodes, ${derivedRows(start).rows.length.toLocaleString("en")} lines`,
      kernel: () => {
        if (k >= EDITS) throw new Error(`more than ${EDITS} rounds: make EDITS larger`);
        const after = derivedRows(docs[++k]);
        if (after.from === null) throw new Error("the edit was derived anew, not patched");
        return after.rows;
      },
      // A new document object each time: failureChains keeps the chains it derived by document.
      baseline: () => {
        const doc = docs[Math.min(++b, EDITS)];
        return formRows({ variant: doc.variant, nodes: doc.nodes, links: doc.links });
      },
      check(kernelRows, baselineRows) {
        const a = texts(kernelRows as FormRow[]);
        const c = texts(baselineRows as FormRow[]);
        if (a.length !== c.length) throw new Error(`lines: ${a.length} vs ${c.length}`);
        for (let i = 0; i < a.length; i++)
          if (a[i] !== c[i]) throw new Error(`line ${i}: ${a[i]} vs ${c[i]}`);
      },
    };
  },
});
