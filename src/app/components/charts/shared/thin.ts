// Thinning for plots of many points: of all points that fall in one cell of a fine pixel grid, only the
// first is drawn. With cells smaller than a dot, the picture is the same as with every point; 400,000 points
// along a probability line become a few thousand SVG elements.

/**
 * Indices of the points to draw. `px` and `py` map a point's data coordinates to pixels; points mapping
 * outside the frame or to non-finite pixels are dropped. `cell` is the grid spacing in pixels.
 */
export function thinIndices(
  n: number,
  px: (i: number) => number,
  py: (i: number) => number,
  width: number,
  height: number,
  cell = 1.5,
): Int32Array {
  const cols = Math.ceil(width / cell) + 1;
  const rows = Math.ceil(height / cell) + 1;
  const seen = new Uint8Array(cols * rows);
  const kept: number[] = [];
  for (let i = 0; i < n; i++) {
    const x = px(i);
    const y = py(i);
    if (!(x >= 0 && x <= width && y >= 0 && y <= height)) continue;
    const key = Math.floor(y / cell) * cols + Math.floor(x / cell);
    if (seen[key]) continue;
    seen[key] = 1;
    kept.push(i);
  }
  return Int32Array.from(kept);
}

/** A linear or log axis as a function from data to pixels (what Plot will do with the same domain and range). */
export function axisMap(
  domain: [number, number],
  range: [number, number],
  log: boolean,
): (v: number) => number {
  const [d0, d1] = log ? [Math.log(domain[0]), Math.log(domain[1])] : domain;
  const k = (range[1] - range[0]) / (d1 - d0 || 1);
  return log ? (v) => range[0] + (Math.log(v) - d0) * k : (v) => range[0] + (v - d0) * k;
}
