// The standard fault tree symbols, drawn in a node of NODE_WIDTH × NODE_HEIGHT: the event's label box on
// top, the symbol below it. Gates: AND (flat base, round top), OR (shield), voting k/n (OR with k/n), NOT,
// XOR (OR with a second base line), NAND and NOR (with the negation circle), transfer (triangle). Events:
// basic (circle), undeveloped (diamond), house (house), intermediate (the rectangle itself).
import type { FtaGateType } from "../../../kernels/fta/model.ts";

export const NODE_WIDTH = 150;
export const NODE_HEIGHT = 100;
const BOX_HEIGHT = 54;
const CX = NODE_WIDTH / 2;
/** Symbols sit in the band below the box, base at the node's bottom edge, where the edges leave. */
const BASE = NODE_HEIGHT - 2;
const TOP = BOX_HEIGHT + 8;

const OR_PATH = `M${CX - 17},${BASE} Q${CX},${BASE - 8} ${CX + 17},${BASE} Q${CX + 17},${TOP + 12} ${CX},${TOP} Q${CX - 17},${TOP + 12} ${CX - 17},${BASE} Z`;
const AND_PATH = `M${CX - 17},${BASE} V${TOP + 17} A17,17 0 0 1 ${CX + 17},${TOP + 17} V${BASE} Z`;
const TRIANGLE_PATH = `M${CX - 16},${BASE} L${CX + 16},${BASE} L${CX},${TOP + 2} Z`;

export function GateSymbol({ type, k, inputs }: { type: FtaGateType; k?: number; inputs: number }) {
  const negated = type === "nand" || type === "nor";
  const shape = type === "and" || type === "nand" ? AND_PATH : type === "not" ? TRIANGLE_PATH : OR_PATH;
  return (
    <g className={`fta-gate fta-gate-${type}`}>
      {type === "null" ? (
        <rect x={CX - 12} y={TOP + 8} width={24} height={BASE - TOP - 8} className="fta-symbol" />
      ) : (
        <path d={shape} className="fta-symbol" />
      )}
      {type === "xor" && (
        <path
          d={`M${CX - 17},${BASE - 5} Q${CX},${BASE - 13} ${CX + 17},${BASE - 5}`}
          className="fta-symbol-line"
        />
      )}
      {(negated || type === "not") && (
        <circle cx={CX} cy={type === "not" ? TOP - 1 : TOP - 3} r={3.5} className="fta-symbol" />
      )}
      {type === "atleast" && (
        <text x={CX} y={BASE - 8} className="fta-symbol-text" textAnchor="middle">
          {`${k ?? "?"}/${inputs}`}
        </text>
      )}
    </g>
  );
}

export type EventSymbolKind = "basic" | "undeveloped" | "house" | "transfer";

export function EventSymbol({
  kind,
  repeated,
  houseState,
}: {
  kind: EventSymbolKind;
  repeated?: number;
  houseState?: boolean;
}) {
  const mid = (TOP + BASE) / 2;
  return (
    <g className={`fta-event fta-event-${kind}${repeated && repeated > 1 ? " fta-repeated" : ""}`}>
      {kind === "basic" && <circle cx={CX} cy={mid} r={17} className="fta-symbol" />}
      {kind === "undeveloped" && (
        <path
          d={`M${CX},${TOP} L${CX + 21},${mid} L${CX},${BASE} L${CX - 21},${mid} Z`}
          className="fta-symbol"
        />
      )}
      {kind === "house" && (
        <>
          <path
            d={`M${CX - 17},${BASE} V${TOP + 12} L${CX},${TOP} L${CX + 17},${TOP + 12} V${BASE} Z`}
            className="fta-symbol"
          />
          <text x={CX} y={BASE - 8} className="fta-symbol-text" textAnchor="middle">
            {houseState ? "1" : "0"}
          </text>
        </>
      )}
      {kind === "transfer" && <path d={TRIANGLE_PATH} className="fta-symbol" />}
      {repeated !== undefined && repeated > 1 && (
        <text x={CX + 24} y={TOP + 10} className="fta-repeat-count">{`×${repeated}`}</text>
      )}
    </g>
  );
}

/** The transfer-out triangle beside a subtree drawn on its own (it is used from another fault tree). */
export function TransferOutMark() {
  const y = BOX_HEIGHT + 10;
  return (
    <g className="fta-transfer-out">
      <path d={`M${CX + 20},${y} H${CX + 32}`} className="fta-symbol-line" />
      <path d={`M${CX + 32},${y + 9} L${CX + 50},${y + 9} L${CX + 41},${y - 7} Z`} className="fta-symbol" />
    </g>
  );
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Two lines of at most `width` characters, broken at a space when there is one. */
export function wrapTwoLines(text: string, width: number): [string, string] {
  if (text.length <= width) return [text, ""];
  const cut = text.lastIndexOf(" ", width);
  const at = cut > width / 2 ? cut : width;
  return [text.slice(0, at).trimEnd(), clip(text.slice(at).trimStart(), width)];
}

export function LabelBox({
  code,
  name,
  probability,
  top,
  title,
}: {
  code: string;
  name?: string;
  probability?: string;
  top?: boolean;
  title: string;
}) {
  const [line1, line2] = wrapTwoLines(name ?? "", 24);
  return (
    <g className={`fta-box${top ? " fta-box-top" : ""}`}>
      <title>{title}</title>
      <rect
        x={1}
        y={1}
        width={NODE_WIDTH - 2}
        height={BOX_HEIGHT - 2}
        rx={3}
        className="fta-box-rect graph-selection"
      />
      <text x={CX} y={16} textAnchor="middle" className="fta-code">
        {clip(code, 20)}
      </text>
      {line1 && (
        <text x={CX} y={31} textAnchor="middle" className="fta-name">
          {line1}
        </text>
      )}
      {line2 && (
        <text x={CX} y={44} textAnchor="middle" className="fta-name">
          {line2}
        </text>
      )}
      <line x1={CX} y1={BOX_HEIGHT - 1} x2={CX} y2={TOP + 2} className="fta-symbol-line" />
      {probability && (
        <text x={CX + 24} y={BASE - 6} className="fta-probability">
          {probability}
        </text>
      )}
    </g>
  );
}
