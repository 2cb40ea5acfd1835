// The ePDT sheets: the parts of an assembly (a bill of materials line per row, pasted from Excel or imported)
// and the device dictionary (code, name, a failure model distribution with P1-P3 in eRBD's order). The cell
// rules are the shared TableSchema, so the import worker reads both; what spans cells (a class's subtypes and
// qualities, the stress a model needs) is the prediction kernel's, shown with the line's factors.
import {
  METHODS,
  PART_CLASSES,
  PART_STRESS_KEYS,
  type PartStress,
  type PredictionPart,
  RATE_UNITS,
} from "../../../kernels/prediction/model.ts";
import type { SheetStore } from "../../components/spreadsheet/store.ts";
import type { TableColumn, TableSchema } from "../../components/spreadsheet/table.ts";

const enumOf = (values: readonly string[], aliases: Record<string, string[]> = {}) =>
  values.map((label, code) => ({ code, label, aliases: [label.toLowerCase(), ...(aliases[label] ?? [])] }));

const num = (key: string, headers: string[], extra: Partial<TableColumn> = {}): TableColumn => ({
  key,
  kind: "number",
  headers: [key.toLowerCase(), ...headers],
  ...extra,
});
const txt = (key: string, headers: string[], maxLength = 100): TableColumn => ({
  key,
  kind: "text",
  headers: [key.toLowerCase(), ...headers],
  maxLength,
});

/** Parts of one assembly; the header names are the CLI's (src/kernels/prediction/bom.ts) and the sheet's titles. */
export const PARTS_SCHEMA: TableSchema = {
  columns: [
    {
      ...txt(
        "ref",
        ["reference", "designator", "reference designator", "refdes", "位号", "referencia", "部品番号"],
        200,
      ),
      required: true,
    },
    txt("name", ["description", "名称", "nombre", "名前"], 150),
    {
      key: "partClass",
      kind: "enum",
      headers: ["class", "part class", "类别", "clase", "クラス"],
      options: enumOf(PART_CLASSES, { microcircuit: ["ic"], connector: ["connection"] }),
    },
    txt("subtype", ["style", "type", "子类", "subtipo", "サブタイプ"]),
    {
      key: "quantity",
      kind: "integer",
      headers: ["quantity", "qty", "数量", "cantidad"],
      min: 1,
      missingMeans: "1",
    },
    txt("quality", ["quality level", "质量等级", "calidad", "品質"]),
    {
      key: "method",
      kind: "enum",
      headers: ["method", "方法", "método", "手法"],
      options: enumOf(METHODS, {
        partsCount: ["parts-count", "count"],
        partsStress: ["parts-stress", "stress"],
        user: ["user rate"],
        dictionary: ["device", "device dictionary"],
      }),
    },
    num("temperature", ["temp", "case temperature", "junction temperature", "温度", "temperatura"]),
    num("power", ["power w", "功率", "potencia", "電力"], { min: 0 }),
    num("powerRatio", ["power ratio", "power stress", "功率比", "relación de potencia"], { min: 0 }),
    num("voltageRatio", ["voltage ratio", "voltage stress", "电压比", "relación de tensión"], { min: 0 }),
    num("ratedPower", ["rated power", "额定功率", "potencia nominal"], { min: 0, minExclusive: true }),
    num("complexity", ["gates", "transistors", "复杂度", "complejidad"], { min: 0, minExclusive: true }),
    num("pins", ["pin count", "引脚数", "pines", "ピン数"], { min: 0, minExclusive: true }),
    txt("technology", ["tech", "工艺", "tecnología", "技術"]),
    txt("package", ["封装", "encapsulado", "パッケージ"]),
    num("years", ["years in production", "生产年数", "años"], { min: 0 }),
    txt("application", ["应用", "aplicación", "用途"]),
    txt("contact", ["contact construction", "接触结构", "contacto"]),
    num("capacitance", ["capacitance uf", "电容", "capacidad", "静電容量"], { min: 0, minExclusive: true }),
    num("seriesResistance", ["series resistance", "串联电阻", "resistencia en serie", "直列抵抗"], {
      min: 0,
    }),
    num("temperatureRise", ["temperature rise", "温升", "aumento de temperatura", "温度上昇"], { min: 0 }),
    num("currentRatio", ["current ratio", "load ratio", "电流比", "relación de corriente", "電流比"], {
      min: 0,
    }),
    txt("loadType", ["load type", "负载类型", "tipo de carga", "負荷種類"]),
    txt("contactForm", ["contact form", "触点形式", "forma de contacto", "接点形式"]),
    num("cycleRate", ["cycles per hour", "cycle rate", "每小时循环", "ciclos por hora", "毎時サイクル"], {
      min: 0,
    }),
    num("ratedTemperature", ["rated temperature", "额定温度", "temperatura nominal", "定格温度"]),
    txt("construction", ["构造", "construcción", "構造"]),
    num("matingCycles", ["mating cycles", "插拔次数", "ciclos de conexión", "挿抜回数"], { min: 0 }),
    num(
      "contactCurrent",
      ["current per contact", "contact current", "触点电流", "corriente por contacto", "接点電流"],
      {
        min: 0,
      },
    ),
    num("contactGauge", ["gauge", "awg", "线规", "calibre", "ゲージ"], { min: 0, minExclusive: true }),
    num(
      "waveSolderedHoles",
      [
        "wave soldered holes",
        "n1",
        "波峰焊通孔",
        "orificios soldados por ola",
        "フロー はんだ付けスルーホール",
      ],
      {
        min: 0,
      },
    ),
    num(
      "handSolderedHoles",
      ["hand soldered holes", "n2", "手工焊通孔", "orificios soldados a mano", "手はんだスルーホール"],
      {
        min: 0,
      },
    ),
    num("circuitPlanes", ["circuit planes", "planes", "电路层数", "planos de circuito", "回路層数"], {
      min: 1,
      max: 18,
    }),
    num("userRate", ["rate", "user rate", "failure rate", "失效率", "tasa", "故障率"], { min: 0 }),
    {
      key: "userRateUnit",
      kind: "enum",
      headers: ["rate unit", "单位", "unidad", "単位"],
      options: enumOf(RATE_UNITS, {
        perMillionHours: ["1e6h", "fpmh", "per 1e6 h"],
        fit: ["fits"],
        perHour: ["/h", "1/h"],
      }),
    },
    txt("source", ["rate source", "来源", "fuente", "出典"], 200),
    txt(
      "device",
      ["device code", "dictionary code", "器件编码", "código de dispositivo", "デバイスコード"],
      50,
    ),
  ],
};

export const PART_COLUMNS = PARTS_SCHEMA.columns.map((c) => c.key);

/** The device dictionary's sheet is the FMEA dictionaries' device sheet: one definition (features/dictionary). */
export { DEVICE_SCHEMA as DICTIONARY_SCHEMA, DICTIONARY_DISTRIBUTIONS } from "../dictionary/sheets.ts";

/** One row of a parts sheet as the kernel's part line (bad cells, kept raw in the sheet, read as empty). */
export function partFromRow(store: SheetStore, row: number, assembly: string, id: string): PredictionPart {
  const cols = store.columns;
  const at = (key: string) => cols.findIndex((c) => c.key === key);
  const value = (key: string) => store.value(row, at(key));
  const number = (key: string) => {
    const v = value(key);
    return typeof v === "number" && Number.isFinite(v) ? v : null;
  };
  const text = (key: string) => {
    const v = value(key);
    return typeof v === "string" && v.trim() ? v.trim() : null;
  };
  const choice = <T extends string>(key: string, values: readonly T[]): T | null => {
    const v = number(key);
    return v === null ? null : (values[v] ?? null);
  };
  const stress: PartStress = {};
  for (const k of PART_STRESS_KEYS) {
    const column = cols[at(k)];
    const v = column.kind === "text" ? text(k) : number(k);
    if (v !== null) (stress as Record<string, unknown>)[k] = v;
  }
  const quantity = number("quantity");
  const raw = store.raw(row, at("quantity"));
  return {
    id,
    assembly,
    ref: text("ref") ?? "",
    name: text("name") ?? "",
    partClass: choice("partClass", PART_CLASSES),
    subtype: text("subtype"),
    // An empty quantity means 1; a quantity that is not a number stays an error.
    quantity: raw !== undefined ? Number.NaN : (quantity ?? 1),
    quality: text("quality"),
    method: choice("method", METHODS),
    stress,
    userRate: number("userRate"),
    userRateUnit: choice("userRateUnit", RATE_UNITS),
    source: text("source") ?? "",
    device: text("device"),
  };
}

/** Whether a sheet row holds anything. */
export function rowUsed(store: SheetStore, row: number): boolean {
  for (let c = 0; c < store.columns.length; c++) if (store.display(row, c) !== "") return true;
  return false;
}
