// One Japanese term per concept (issue 15, point 12): the audit of locales/ja found a fault tree called
// 故障の木 and フォールトツリー, importing called インポート and 取り込み, stored things 保存済み and 保存した, and
// a multi-plot マルチプロット and 複数プロット. Each concept keeps the term most of the texts already used.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const TERMS: { concept: string; term: string; variants: RegExp }[] = [
  { concept: "fault tree", term: "故障の木", variants: /フォールトツリー|故障木|FT図/ },
  { concept: "import", term: "インポート", variants: /取り込|取込/ },
  { concept: "stored", term: "保存済み", variants: /保存した(?!ら)/ },
  { concept: "multi-plot", term: "マルチプロット", variants: /複数プロット|複数グラフ/ },
  { concept: "user", term: "ユーザー", variants: /ユーザ(?!ー)/ },
  { concept: "recycle bin", term: "ごみ箱", variants: /ゴミ箱|リサイクルビン/ },
  { concept: "top event", term: "頂上事象", variants: /トップ事象|トップイベント/ },
  { concept: "block diagram", term: "ブロック図", variants: /ブロックダイアグラム/ },
  { concept: "confidence bound", term: "信頼限界", variants: /信頼境界/ },
  { concept: "suspension", term: "打ち切り", variants: /打切り|サスペンション/ },
];

function texts(dir: string): { where: string; text: string }[] {
  const out: { where: string; text: string }[] = [];
  const walk = (value: unknown, where: string) => {
    if (typeof value === "string") out.push({ where, text: value });
    else if (value && typeof value === "object")
      for (const [k, v] of Object.entries(value)) walk(v, `${where}.${k}`);
  };
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json")))
    walk(JSON.parse(readFileSync(`${dir}/${file}`, "utf8")), file.replace(/\.json$/, ""));
  return out;
}

describe("Japanese terms", () => {
  const all = texts("locales/ja");
  for (const { concept, term, variants } of TERMS)
    it(`${concept}: ${term}, never another word`, () => {
      expect(all.filter((t) => variants.test(t.text)).map((t) => `${t.where}: ${t.text}`)).toEqual([]);
      expect(all.some((t) => t.text.includes(term))).toBe(true);
    });
});
