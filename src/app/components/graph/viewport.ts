// Pan and zoom as pure functions of a Transform (graph point p is drawn at p * k + (x, y)). Zoom stays
// within spec 9's 50 % to 180 %.
import type { NodeBox, Point, Rect, Transform } from "./types.ts";

export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 1.8;
/** The steps zoom in and zoom out move through. */
export const ZOOM_STEPS = [0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.8] as const;

export const IDENTITY: Transform = { x: 0, y: 0, k: 1 };

export function clampZoom(k: number): number {
  if (!Number.isFinite(k)) return 1;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, k));
}

/** The next zoom step above (+1) or below (-1) k. */
export function stepZoom(k: number, direction: 1 | -1): number {
  const eps = 1e-9;
  if (direction > 0) return ZOOM_STEPS.find((s) => s > k + eps) ?? ZOOM_MAX;
  return [...ZOOM_STEPS].reverse().find((s) => s < k - eps) ?? ZOOM_MIN;
}

/** Zoom to k keeping the viewport point `at` (e.g. the pointer, or the centre) over the same graph point. */
export function zoomAround(t: Transform, k: number, at: Point): Transform {
  const next = clampZoom(k);
  const gx = (at.x - t.x) / t.k;
  const gy = (at.y - t.y) / t.k;
  return { k: next, x: at.x - gx * next, y: at.y - gy * next };
}

export function panBy(t: Transform, dx: number, dy: number): Transform {
  return { k: t.k, x: t.x + dx, y: t.y + dy };
}

/** The part of the graph the viewport of size (width, height) shows. */
export function visibleRect(t: Transform, width: number, height: number): Rect {
  return { x: -t.x / t.k, y: -t.y / t.k, width: width / t.k, height: height / t.k };
}

export function nodeRect(n: NodeBox): Rect {
  return { x: n.x - n.width / 2, y: n.y - n.height / 2, width: n.width, height: n.height };
}

export function intersects(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

export function contains(outer: Rect, inner: Rect): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height
  );
}

export function grow(r: Rect, dx: number, dy = dx): Rect {
  return { x: r.x - dx, y: r.y - dy, width: r.width + 2 * dx, height: r.height + 2 * dy };
}

/**
 * Fit `content` into the viewport: the largest zoom (within 50–180 %, or up to `maxZoom`) that shows it all, centred. When even
 * 50 % is too small, the drawing starts at its first rank (the top of a TB tree, the left of an LR diagram)
 * and is centred across the ranks on `anchor` (the root, say) or starts at its edge without one; so a huge
 * tree opens at its top rather than at an arbitrary middle.
 */
export function fitTransform(
  content: Rect,
  width: number,
  height: number,
  options: { padding?: number; anchor?: Point; horizontal?: boolean; maxZoom?: number } = {},
): Transform {
  const padding = options.padding ?? 16;
  const w = Math.max(1, width - 2 * padding);
  const h = Math.max(1, height - 2 * padding);
  const ideal = Math.min(w / Math.max(1, content.width), h / Math.max(1, content.height));
  const k = clampZoom(Math.min(ideal, options.maxZoom ?? ZOOM_MAX));
  const place = (view: number, start: number, extent: number, anchor: number | undefined, ranks: boolean) => {
    if (extent * k <= view - 2 * padding) return view / 2 - (start + extent / 2) * k;
    if (!ranks && anchor !== undefined) return view / 2 - anchor * k;
    return padding - start * k;
  };
  const horizontal = options.horizontal ?? false;
  return {
    k,
    x: place(width, content.x, content.width, options.anchor?.x, horizontal),
    y: place(height, content.y, content.height, options.anchor?.y, !horizontal),
  };
}

/**
 * The smallest pan that brings `target` fully into view (with `margin` around it); the same transform when
 * it is already visible, so arrow-key navigation does not make the drawing jump.
 */
export function panToShow(t: Transform, target: Rect, width: number, height: number, margin = 24): Transform {
  const left = target.x * t.k + t.x;
  const top = target.y * t.k + t.y;
  const right = left + target.width * t.k;
  const bottom = top + target.height * t.k;
  let dx = 0;
  let dy = 0;
  if (right - left + 2 * margin > width) dx = width / 2 - (left + right) / 2;
  else if (left < margin) dx = margin - left;
  else if (right > width - margin) dx = width - margin - right;
  if (bottom - top + 2 * margin > height) dy = margin - top;
  else if (top < margin) dy = margin - top;
  else if (bottom > height - margin) dy = height - margin - bottom;
  return dx === 0 && dy === 0 ? t : { k: t.k, x: t.x + dx, y: t.y + dy };
}

/** Centre the viewport on a graph point. */
export function centreOn(t: Transform, p: Point, width: number, height: number): Transform {
  return { k: t.k, x: width / 2 - p.x * t.k, y: height / 2 - p.y * t.k };
}

export function sameTransform(a: Transform, b: Transform): boolean {
  return a.k === b.k && Math.abs(a.x - b.x) < 0.01 && Math.abs(a.y - b.y) < 0.01;
}
