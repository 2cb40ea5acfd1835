// Pan and zoom arithmetic of the viewport: spec 9's 50–180 % range, zoom about a point, fit, and the
// minimal pan that keeps a node in view.
import { describe, expect, it } from "vitest";
import {
  clampZoom,
  fitTransform,
  panToShow,
  stepZoom,
  visibleRect,
  ZOOM_MAX,
  ZOOM_MIN,
  zoomAround,
} from "../../../../src/app/components/graph/viewport.ts";

describe("zoom", () => {
  it("stays within 50 % and 180 %", () => {
    expect(ZOOM_MIN).toBe(0.5);
    expect(ZOOM_MAX).toBe(1.8);
    expect(clampZoom(0.1)).toBe(0.5);
    expect(clampZoom(5)).toBe(1.8);
    expect(clampZoom(Number.NaN)).toBe(1);
    expect(stepZoom(1.8, 1)).toBe(1.8);
    expect(stepZoom(0.5, -1)).toBe(0.5);
    expect(stepZoom(1, 1)).toBe(1.1);
    expect(stepZoom(1, -1)).toBe(0.9);
    expect(stepZoom(0.95, 1)).toBe(1);
  });

  it("keeps the graph point under the anchor fixed", () => {
    const t = { x: 30, y: -20, k: 1 };
    const at = { x: 200, y: 100 };
    const before = { x: (at.x - t.x) / t.k, y: (at.y - t.y) / t.k };
    const z = zoomAround(t, 1.5, at);
    expect(z.k).toBe(1.5);
    expect(before.x * z.k + z.x).toBeCloseTo(at.x, 10);
    expect(before.y * z.k + z.y).toBeCloseTo(at.y, 10);
  });
});

describe("fitTransform", () => {
  it("centres content that fits, at the largest zoom up to 180 %", () => {
    const t = fitTransform({ x: 0, y: 0, width: 200, height: 100 }, 1000, 600, { padding: 0 });
    expect(t.k).toBe(1.8);
    expect(100 * t.k + t.x).toBeCloseTo(500, 10);
    expect(50 * t.k + t.y).toBeCloseTo(300, 10);
    const s = fitTransform({ x: 0, y: 0, width: 1500, height: 400 }, 1000, 600, { padding: 0 });
    expect(s.k).toBeCloseTo(1000 / 1500, 12);
  });

  it("opens a tree too big for 50 % at its top, centred on the anchor", () => {
    const t = fitTransform({ x: 0, y: 0, width: 100_000, height: 5_000 }, 1000, 600, {
      padding: 10,
      anchor: { x: 50_000, y: 30 },
    });
    expect(t.k).toBe(0.5);
    expect(50_000 * t.k + t.x).toBeCloseTo(500, 10);
    expect(t.y).toBe(10);
  });

  it("opens a wide LR diagram at its left edge", () => {
    const t = fitTransform({ x: 0, y: 0, width: 100_000, height: 300 }, 1000, 600, {
      padding: 10,
      horizontal: true,
      anchor: { x: 40, y: 150 },
    });
    expect(t.x).toBe(10);
    expect(150 * t.k + t.y).toBeCloseTo(300, 10);
  });
});

describe("panToShow", () => {
  const t = { x: 0, y: 0, k: 1 };
  it("does not move when the node is visible", () => {
    expect(panToShow(t, { x: 100, y: 100, width: 50, height: 50 }, 800, 600)).toBe(t);
  });
  it("moves just enough to bring a node in from the right or the top", () => {
    const r = panToShow(t, { x: 900, y: 100, width: 50, height: 50 }, 800, 600, 20);
    expect(r.x).toBe(800 - 20 - 950);
    expect(r.y).toBe(0);
    const u = panToShow(t, { x: 100, y: -300, width: 50, height: 50 }, 800, 600, 20);
    expect(u.y).toBe(320);
  });
  it("keeps the zoom", () => {
    const z = { x: 0, y: 0, k: 0.5 };
    const r = panToShow(z, { x: 3000, y: 0, width: 100, height: 60 }, 800, 600, 0);
    expect(r.k).toBe(0.5);
    const v = visibleRect(r, 800, 600);
    expect(v.x + v.width).toBeCloseTo(3100, 10);
  });
});
