// Pinyin spellings of Chinese titles so "tongji" or "tj" finds 统计 (spec 2, supportPinyinSearch).
// pinyin-pro carries a 300 kB dictionary: it is loaded only when Chinese and pinyin search are both on.

type PinyinFn = (text: string, options: Record<string, unknown>) => string | string[];

let pinyinFn: PinyinFn | undefined;
let loading: Promise<void> | undefined;

const HAN = /[\u3400-\u9fff]/;

export function loadPinyin(): Promise<void> {
  loading ??= import("pinyin-pro").then((m) => {
    pinyinFn = m.pinyin as unknown as PinyinFn;
  });
  return loading;
}

export function pinyinReady(): boolean {
  return pinyinFn !== undefined;
}

/** Full pinyin without tones ("tongjifenxi") and initials ("tjfx"); empty when the text has no Han characters. */
export function pinyinFields(text: string, pinyin: PinyinFn | undefined = pinyinFn): string[] {
  if (!pinyin || !HAN.test(text)) return [];
  const syllables = pinyin(text, { toneType: "none", type: "array", nonZh: "consecutive" }) as string[];
  const words = syllables.map((s) => s.replace(/\s+/g, "").toLowerCase()).filter(Boolean);
  return [words.join(""), words.join(" "), words.map((w) => w[0]).join("")];
}
