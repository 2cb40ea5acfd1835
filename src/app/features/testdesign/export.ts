// The plan as an xlsx workbook: the plan's numbers, its OC curve and its trade-off curve, every digit.
import type { TestPlan } from "../../../kernels/testdesign.ts";
import type { ExportSheet } from "../../components/spreadsheet/client.ts";
import { planRows } from "./form.ts";

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function planSheets(plan: TestPlan, title: string, t: Translate): ExportSheet[] {
  const rows = planRows(plan);
  const label = (name: string) =>
    t(`testdesign:quantities.${name}`, {
      defaultValue: t(`testdesign:details.${name}`, { defaultValue: name }),
    });
  const sheets: ExportSheet[] = [
    {
      name: t("testdesign:sheet.plan"),
      preface: [[title], [t("testdesign:solvedFor", { quantity: label(plan.solved) })]],
      columns: [
        { header: t("testdesign:sheet.quantity"), values: rows.map(([name]) => label(name)) },
        { header: t("testdesign:sheet.value"), values: rows.map(([, v]) => v) },
      ],
    },
  ];
  if (plan.oc)
    sheets.push({
      name: t("testdesign:sheet.oc"),
      columns: [
        { header: t(`testdesign:ocX.${plan.oc.axis}`), values: Float64Array.from(plan.oc.x) },
        { header: t("testdesign:pAccept"), values: Float64Array.from(plan.oc.pAccept) },
      ],
    });
  if (plan.tradeoff)
    sheets.push({
      name: t("testdesign:sheet.tradeoff"),
      columns: [
        { header: t("testdesign:quantities.testTime"), values: Float64Array.from(plan.tradeoff.testTime) },
        { header: t("testdesign:quantities.samples"), values: Float64Array.from(plan.tradeoff.samples) },
      ],
    });
  if (plan.densities)
    sheets.push({
      name: t("testdesign:density"),
      columns: [
        { header: t("testdesign:axis"), values: Float64Array.from(plan.densities.x) },
        { header: t("testdesign:stress"), values: Float64Array.from(plan.densities.stress) },
        { header: t("testdesign:strength"), values: Float64Array.from(plan.densities.strength) },
      ],
    });
  return sheets;
}
