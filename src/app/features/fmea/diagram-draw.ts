// How the boundary diagram and the process flow chart are drawn: each item as SVG markup (colours as
// attributes, not CSS, so the saved file looks the same outside the app), used both by the screen (inside
// the shared GraphViewport) and by the SVG and PNG export, which draws the whole diagram at 100 %.
import type { GraphLayout, NodeBox } from "../../components/graph/types.ts";

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) =>
    c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === '"' ? "&quot;" : "&#39;",
  );
}

const FONT = "system-ui, -apple-system, 'Segoe UI', 'Noto Sans', 'Noto Sans CJK SC', sans-serif";

/** Lines of at most `width` characters (wide characters count two), at most `lines`, the last cut with …. */
export function wrapText(text: string, width: number, lines: number): string[] {
  const out: string[] = [];
  let line = "";
  let used = 0;
  const chars = [...text];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    const w = c.charCodeAt(0) > 0x2e80 ? 2 : 1;
    if (used + w > width) {
      // Break at the last space when there is one in the line.
      const space = line.lastIndexOf(" ");
      if (space > width / 3 && c !== " ") {
        out.push(line.slice(0, space));
        line = line.slice(space + 1);
        used = [...line].reduce((s, x) => s + (x.charCodeAt(0) > 0x2e80 ? 2 : 1), 0);
      } else {
        out.push(line);
        line = "";
        used = 0;
      }
      if (out.length === lines) {
        const last = out[lines - 1];
        out[lines - 1] = `${[...last].slice(0, Math.max(1, [...last].length - 1)).join("")}…`;
        return out;
      }
      if (c === " " && line === "") continue;
    }
    line += c;
    used += w;
  }
  if (line) out.push(line);
  return out;
}

function textLines(
  lines: string[],
  x: number,
  y: number,
  size: number,
  anchor: "start" | "middle",
  fill = "#1f2933",
  weight = "normal",
): string {
  return lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${y + i * (size + 3)}" font-size="${size}" font-family="${FONT}" text-anchor="${anchor}" fill="${fill}" font-weight="${weight}">${escapeXml(line)}</text>`,
    )
    .join("");
}

// ---------------------------------------------------------------------------------------------------
// Boundary diagram

export const INTERFACE_COLOURS: Record<string, string> = {
  physical: "#4b5563",
  material: "#b45309",
  energy: "#c2410c",
  information: "#1d4ed8",
  humanMachine: "#7c3aed",
};

export const BOUNDARY_SIZES = {
  block: [156, 56],
  hidden: [156, 44],
  interface: [164, 44],
} as const;

/** Space above a boundary's members for its title. */
export const BOUNDARY_TITLE = 24;

export interface BoundaryLabels {
  name: string;
  /** The element type in words (system, subsystem, component). */
  type: string;
  /** For interfaces: the interface type in words. */
  interfaceType?: string;
  interfaceKey?: string;
  hidden?: string;
}

export function boundaryNodeSvg(box: NodeBox, labels: BoundaryLabels, selected: boolean): string {
  const { width: w, height: h } = box;
  const ring = (stroke: string, width: number) =>
    selected ? `stroke="#0b6bcb" stroke-width="3"` : `stroke="${stroke}" stroke-width="${width}"`;
  switch (box.kind) {
    case "boundary":
      return (
        `<rect x="0" y="0" width="${w}" height="${h}" rx="10" fill="#f4f7fb" fill-opacity="0.55" stroke="${selected ? "#0b6bcb" : "#64748b"}" stroke-width="${selected ? 3 : 1.5}" stroke-dasharray="8 5"/>` +
        textLines(
          wrapText(`${labels.type}: ${labels.name}`, Math.max(8, Math.floor(w / 7.5)), 1),
          10,
          17,
          12.5,
          "start",
          "#334155",
          "600",
        )
      );
    case "interface": {
      const colour = INTERFACE_COLOURS[labels.interfaceKey ?? "physical"] ?? "#4b5563";
      return (
        `<rect x="0" y="0" width="${w}" height="${h}" rx="${h / 2}" fill="#ffffff" stroke="${colour}" stroke-width="${selected ? 3.5 : 2}"/>` +
        textLines([labels.interfaceType ?? ""], w / 2, 17, 11, "middle", colour, "600") +
        textLines(wrapText(labels.name, Math.floor(w / 6.5), 1), w / 2, 32, 11, "middle")
      );
    }
    case "hidden":
      return (
        `<rect x="0" y="0" width="${w}" height="${h}" rx="6" fill="#f1f5f9" ${ring("#94a3b8", 1.5)} stroke-dasharray="3 3"/>` +
        textLines(wrapText(labels.name, 22, 1), w / 2, 18, 12, "middle", "#475569") +
        textLines([labels.hidden ?? ""], w / 2, 34, 10.5, "middle", "#64748b")
      );
    default:
      return (
        `<rect x="0" y="0" width="${w}" height="${h}" rx="6" fill="#e8f0fb" ${ring("#3b5b86", 1.5)}/>` +
        textLines([labels.type], w / 2, 15, 10.5, "middle", "#475569") +
        textLines(wrapText(labels.name, 22, 2), w / 2, 31, 12.5, "middle", "#1f2933", "600")
      );
  }
}

// ---------------------------------------------------------------------------------------------------
// Process flow chart

export const FLOW_STEP_SIZE = [420, 76] as const;
export const REWORK_SIZE = [96, 28] as const;

/** The ASME process chart symbols, 30 px, centred on (cx, cy). */
export function pfdSymbolSvg(symbol: string, cx: number, cy: number): string {
  const stroke = `stroke="#1f2933" stroke-width="2"`;
  switch (symbol) {
    case "transport":
      return `<path d="M${cx - 15},${cy - 7}h16v-8l14,15l-14,15v-8h-16z" fill="#fde68a" ${stroke}/>`;
    case "inspection":
      return `<rect x="${cx - 13}" y="${cy - 13}" width="26" height="26" fill="#bbf7d0" ${stroke}/>`;
    case "storage":
      return `<path d="M${cx - 15},${cy - 13}h30l-15,26z" fill="#e9d5ff" ${stroke}/>`;
    case "delay":
      return `<path d="M${cx - 12},${cy - 14}h12a14,14 0 0 1 0,28h-12z" fill="#fecaca" ${stroke}/>`;
    case "combined":
      return `<rect x="${cx - 15}" y="${cy - 15}" width="30" height="30" fill="#bbf7d0" ${stroke}/><circle cx="${cx}" cy="${cy}" r="11" fill="#bfdbfe" ${stroke}/>`;
    default:
      return `<circle cx="${cx}" cy="${cy}" r="14" fill="#bfdbfe" ${stroke}/>`;
  }
}

export interface FlowLabels {
  name: string;
  symbol: string;
  symbolKey: string;
  /** "Product: ..." and "Process: ..." lines. */
  product: string;
  process: string;
  branch?: string;
}

export function flowNodeSvg(box: NodeBox, labels: FlowLabels, selected: boolean): string {
  const { width: w, height: h } = box;
  if (box.kind === "rework")
    return (
      `<rect x="0" y="0" width="${w}" height="${h}" rx="${h / 2}" fill="#fff7ed" stroke="#c2410c" stroke-dasharray="4 3" stroke-width="${selected ? 3 : 1.5}"/>` +
      textLines([labels.name], w / 2, h / 2 + 4, 11, "middle", "#9a3412", "600")
    );
  const split = 200;
  return (
    `<rect x="0" y="0" width="${w}" height="${h}" rx="6" fill="#ffffff" stroke="${selected ? "#0b6bcb" : "#64748b"}" stroke-width="${selected ? 3 : 1.5}"/>` +
    `<line x1="${split}" y1="6" x2="${split}" y2="${h - 6}" stroke="#cbd5e1"/>` +
    pfdSymbolSvg(labels.symbolKey, 26, h / 2) +
    textLines(
      [labels.symbol + (labels.branch ? ` · ${labels.branch}` : "")],
      50,
      20,
      10.5,
      "start",
      "#475569",
    ) +
    textLines(wrapText(labels.name, 20, 2), 50, 38, 12.5, "start", "#1f2933", "600") +
    textLines(wrapText(labels.product, 30, 2), split + 10, 22, 11, "start", "#334155") +
    textLines(wrapText(labels.process, 30, 2), split + 10, 52, 11, "start", "#334155")
  );
}

// ---------------------------------------------------------------------------------------------------
// The whole drawing as a standalone file

function edgePath(layout: GraphLayout, from: string, to: string, points: { x: number; y: number }[]): string {
  if (points.length >= 2) return `M${points.map((p) => `${p.x},${p.y}`).join("L")}`;
  const a = layout.nodes.get(from);
  const b = layout.nodes.get(to);
  return a && b ? `M${a.x},${a.y}L${b.x},${b.y}` : "";
}

/** The diagram as an SVG document: every node and edge, at 100 %, white background. */
export function diagramSvg(
  layout: GraphLayout,
  title: string,
  drawNode: (box: NodeBox) => string,
  arrows: boolean,
): string {
  const w = Math.ceil(layout.width);
  const h = Math.ceil(layout.height);
  const marker = arrows
    ? `<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="#475569"/></marker></defs>`
    : "";
  const edges = layout.edges
    .map((e) => {
      const d = edgePath(layout, e.from, e.to, e.points);
      return d
        ? `<path d="${d}" fill="none" stroke="#475569" stroke-width="1.5"${arrows ? ` marker-end="url(#arrow)"` : ""}/>`
        : "";
    })
    .join("");
  const nodes = [...layout.nodes.values()]
    .map(
      (box) =>
        `<g transform="translate(${box.x - box.width / 2},${box.y - box.height / 2})">${drawNode(box)}</g>`,
    )
    .join("");
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<title>${escapeXml(title)}</title>${marker}<rect width="${w}" height="${h}" fill="#ffffff"/>` +
    `<g>${edges}</g><g>${nodes}</g></svg>`
  );
}

/** The SVG text painted at twice its size as PNG (sharp on paper and high-density screens). */
export async function pngOfSvg(svg: string, width: number, height: number, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml;charset=utf-8" }));
  try {
    const image = new Image();
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
