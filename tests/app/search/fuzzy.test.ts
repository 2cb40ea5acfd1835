import { pinyin } from "pinyin-pro";
import { describe, expect, it } from "vitest";
import { DEFAULT_THRESHOLD, fuzzyScore, fuzzySearch } from "../../../src/app/search/fuzzy.ts";
import { pinyinFields } from "../../../src/app/search/pinyin.ts";

const docs = (titles: string[]) => titles.map((t) => ({ item: t, fields: [t] }));

describe("fuzzy search (Fuse.js bitap scoring, threshold 0.4)", () => {
  it("scores an exact prefix 0 and penalises the match position by 1/100 per character", () => {
    expect(fuzzyScore("weib", "Weibull manual")).toBe(0);
    expect(fuzzyScore("manual", "Weibull manual")).toBeCloseTo(0.08, 10);
  });

  it("accepts errors up to 40% of the pattern and refuses more", () => {
    // one substitution in four letters: 1/4
    expect(fuzzyScore("tesk", "task")).toBeCloseTo(0.25, 10);
    expect(fuzzyScore("weibul", "Weibull")).toBe(0);
    expect(fuzzyScore("wiebull", "Weibull")).toBeLessThanOrEqual(DEFAULT_THRESHOLD);
    // three errors in four letters is far beyond 0.4
    expect(fuzzyScore("xyzk", "task")).toBe(Number.POSITIVE_INFINITY);
  });

  it("refuses an exact match that sits too far from the start (location 0, distance 100)", () => {
    const far = `${"x".repeat(45)}target`;
    expect(fuzzyScore("target", far)).toBe(Number.POSITIVE_INFINITY);
    expect(fuzzyScore("target", `${"x".repeat(35)}target`)).toBeCloseTo(0.35, 10);
  });

  it("orders hits by score, best first, and keeps the order of equal scores", () => {
    const hits = fuzzySearch(
      docs(["Recycle Bin", "Model", "Degradation", "Design of experiments", "Data"]),
      "de",
    );
    // "Data" would need one error in two letters (0.5): out
    expect(hits.map((h) => h.item)).toEqual(["Degradation", "Design of experiments", "Model"]);
  });

  it("returns everything for an empty query", () => {
    expect(fuzzySearch(docs(["a", "b"]), "  ").map((h) => h.item)).toEqual(["a", "b"]);
  });

  it("a custom threshold tightens the match", () => {
    expect(fuzzySearch(docs(["Weibull"]), "wiebull", 0.1)).toEqual([]);
  });
});

describe("pinyin fields (spec 2: route search by pinyin in Chinese)", () => {
  const fn = pinyin as unknown as Parameters<typeof pinyinFields>[1];

  it("gives the full pinyin, spaced syllables and initials of Chinese titles", () => {
    expect(pinyinFields("统计", fn)).toEqual(["tongji", "tong ji", "tj"]);
    expect(pinyinFields("寿命数据分析", fn)).toEqual([
      "shoumingshujufenxi",
      "shou ming shu ju fen xi",
      "smsjfx",
    ]);
  });

  it("gives nothing for text without Han characters, or before pinyin-pro is loaded", () => {
    expect(pinyinFields("Statistic", fn)).toEqual([]);
    expect(pinyinFields("统计", undefined)).toEqual([]);
  });

  it("lets a Chinese title be found by its pinyin and by its initials", () => {
    const titles = ["统计", "回收站", "寿命数据分析", "用户管理"];
    const index = titles.map((t) => ({ item: t, fields: [t, ...pinyinFields(t, fn)] }));
    expect(fuzzySearch(index, "tongji")[0]?.item).toBe("统计");
    expect(fuzzySearch(index, "huishou")[0]?.item).toBe("回收站");
    expect(fuzzySearch(index, "smsj")[0]?.item).toBe("寿命数据分析");
    expect(fuzzySearch(index, "yonghu")[0]?.item).toBe("用户管理");
  });
});
