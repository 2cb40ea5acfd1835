// Saving a rendered chart: the SVG as a standalone file, or painted onto a canvas at twice the size as PNG.
// Plot's styles live in a <style> inside the SVG, so the serialised file looks the same outside the page.

const SVG_NS = "http://www.w3.org/2000/svg";

/** The SVG as standalone text (namespaces, white background, the page's font). */
export function svgText(svg: SVGSVGElement): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute("xmlns", SVG_NS);
  clone.setAttribute("xmlns:xlink", "http://www.w3.org/1999/xlink");
  const width = svg.getAttribute("width") ?? String(svg.clientWidth);
  const height = svg.getAttribute("height") ?? String(svg.clientHeight);
  clone.setAttribute("width", width);
  clone.setAttribute("height", height);
  // Read-outs (tips) present at the moment of saving are not part of the chart.
  for (const tip of clone.querySelectorAll("[aria-label='tip']")) tip.remove();
  return new XMLSerializer().serializeToString(clone);
}

export function svgBlob(svg: SVGSVGElement): Blob {
  return new Blob([`<?xml version="1.0" encoding="UTF-8"?>\n${svgText(svg)}`], {
    type: "image/svg+xml;charset=utf-8",
  });
}

/** PNG at `scale` times the on-screen size (2 by default, sharp on paper and high-density screens). */
export async function pngBlob(svg: SVGSVGElement, scale = 2): Promise<Blob> {
  const width = Number(svg.getAttribute("width") ?? svg.clientWidth);
  const height = Number(svg.getAttribute("height") ?? svg.clientHeight);
  const url = URL.createObjectURL(svgBlob(svg));
  try {
    const image = new Image();
    image.decoding = "async";
    image.src = url;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("No 2D canvas");
    ctx.fillStyle = "white";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.scale(scale, scale);
    ctx.drawImage(image, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("PNG encoding failed"))), "image/png"),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
