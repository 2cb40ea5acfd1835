// GraphViewport: an SVG drawing of a laid-out graph with zoom (50–180 %), pan, fit to screen, a selected
// node kept in view, and keyboard focus. Generic: the consumer draws each node (renderNode) and decides
// what arrow keys mean; the fault tree (TB) and block diagram (LR) editors both use it.
//
// Pan frames never re-render React: the transform goes straight onto the scene's <g>. Only nodes and edges
// near the visible part are rendered; the rendered area is half a screen larger on every side and is
// recomputed when the view leaves it, so a 2,000-node tree draws the few dozen nodes on screen.
import {
  memo,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { type InteractionActions, ViewportInteraction } from "./interaction.ts";
import { nearestInDirection } from "./navigation.ts";
import type { Direction, GraphLayout, NodeBox, Point, Rect, Transform } from "./types.ts";
import {
  centreOn,
  clampZoom,
  contains,
  fitTransform,
  grow,
  IDENTITY,
  intersects,
  nodeRect,
  panBy,
  panToShow,
  sameTransform,
  stepZoom,
  visibleRect,
  zoomAround,
} from "./viewport.ts";
import "./graph.css";

export interface NodeState {
  selected: boolean;
}

export interface GraphViewportHandle {
  zoomIn(): void;
  zoomOut(): void;
  zoomTo(k: number): void;
  /** Zoom and pan so the whole graph shows (within 50–180 %; a huge graph opens at its first rank). */
  fit(): void;
  /** The smallest pan that shows the node. */
  ensureVisible(id: string): void;
  centreOn(id: string): void;
  focus(): void;
  transform(): Transform;
  /** The node the default arrow-key rule would move to. */
  neighbour(from: string, direction: Direction): string | undefined;
  /** The drawing area (for tests and screenshots). */
  element(): HTMLDivElement | null;
}

export interface GraphViewportProps {
  layout: GraphLayout;
  /** Draws one node in its own coordinates: (0, 0) is its top-left corner, its size is box.width × height. */
  renderNode: (node: NodeBox, state: NodeState) => ReactNode;
  selected?: string | null;
  onSelect?(id: string): void;
  /** Double click on a node. */
  onActivate?(id: string): void;
  onCanvasClick?(): void;
  /**
   * Arrow keys on the focused viewport: true (default) moves the selection to the nearest node that way,
   * a function answers the node to move to, false leaves the keys to the consumer (a command registry).
   */
  arrowKeys?: boolean | ((from: string, direction: Direction) => string | undefined);
  /** "orthogonal" (default): right-angled connectors between rank lines; "polyline": dagre's routes. */
  edgeStyle?: "orthogonal" | "polyline";
  arrows?: boolean;
  /** Extra class of a node's group (cut marks, problems). */
  nodeClass?: (id: string) => string | undefined;
  /** Accessible name of a node, also announced when it becomes selected. */
  describeNode?: (id: string) => string;
  ariaLabel: string;
  /** Role of the drawing ("tree" for trees) and of each node ("treeitem"); defaults application and img. */
  role?: string;
  nodeRole?: string;
  /** Fit again whenever this value changes (a newly loaded document); the first non-empty layout is fitted, at most at 100 %. */
  fitKey?: string | number;
  /** Keep the selected node in view when it changes (default true). */
  followSelection?: boolean;
  /** Called when the zoom changes (not on every pan frame). */
  onZoomChange?(k: number): void;
  /** Drawn over the drawing (zoom buttons, a status line). */
  children?: ReactNode;
  className?: string;
  testId?: string;
  ref?: Ref<GraphViewportHandle>;
}

interface EdgeGeometry {
  key: string;
  from: string;
  to: string;
  d: string;
  box: Rect;
}

function edgeGeometry(layout: GraphLayout, style: "orthogonal" | "polyline"): EdgeGeometry[] {
  const out: EdgeGeometry[] = [];
  const horizontal = layout.rankdir === "LR" || layout.rankdir === "RL";
  const forward = layout.rankdir === "TB" || layout.rankdir === "LR";
  for (const e of layout.edges) {
    const a = layout.nodes.get(e.from);
    const b = layout.nodes.get(e.to);
    if (!a || !b) continue;
    let d: string;
    let xs: number[];
    let ys: number[];
    if (style === "polyline" && e.points.length >= 2 && !layout.provisional) {
      d = `M${e.points.map((p) => `${p.x},${p.y}`).join("L")}`;
      xs = e.points.map((p) => p.x);
      ys = e.points.map((p) => p.y);
    } else if (horizontal) {
      const s = forward ? 1 : -1;
      const x1 = a.x + (s * a.width) / 2;
      const x2 = b.x - (s * b.width) / 2;
      const mid = (x1 + x2) / 2;
      d = `M${x1},${a.y}H${mid}V${b.y}H${x2}`;
      xs = [x1, x2];
      ys = [a.y, b.y];
    } else {
      const s = forward ? 1 : -1;
      const y1 = a.y + (s * a.height) / 2;
      const y2 = b.y - (s * b.height) / 2;
      const mid = (y1 + y2) / 2;
      d = `M${a.x},${y1}V${mid}H${b.x}V${y2}`;
      xs = [a.x, b.x];
      ys = [y1, y2];
    }
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    out.push({
      key: `${e.from}\u0001${e.to}`,
      from: e.from,
      to: e.to,
      d,
      box: { x, y, width: Math.max(...xs) - x + 1, height: Math.max(...ys) - y + 1 },
    });
  }
  return out;
}

const NodeView = memo(function NodeView(props: {
  box: NodeBox;
  selected: boolean;
  extraClass: string | undefined;
  render: GraphViewportProps["renderNode"];
  domId: string;
  role: string;
  label: string | undefined;
}) {
  const { box, selected } = props;
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is the consumer's (treeitem, option, img)
    <g
      id={props.domId}
      className={`graph-node${selected ? " graph-node-selected" : ""}${props.extraClass ? ` ${props.extraClass}` : ""}`}
      transform={`translate(${box.x - box.width / 2},${box.y - box.height / 2})`}
      data-node-id={box.id}
      role={props.role}
      aria-label={props.label}
      aria-selected={props.role === "treeitem" || props.role === "option" ? selected : undefined}
    >
      {props.render(box, { selected })}
    </g>
  );
});

const ARROWS: Record<string, Direction> = {
  ArrowUp: "up",
  ArrowDown: "down",
  ArrowLeft: "left",
  ArrowRight: "right",
};

/** Escapes a node id for use inside an element id (ids may hold any character but whitespace). */
const domIdOf = (prefix: string, id: string) => `${prefix}-${id.replace(/\s/g, "_")}`;

export function GraphViewport(props: GraphViewportProps) {
  const {
    layout,
    selected = null,
    edgeStyle = "orthogonal",
    followSelection = true,
    role = "application",
    nodeRole = "img",
  } = props;
  const prefix = useId().replace(/:/g, "");
  const container = useRef<HTMLDivElement>(null);
  const scene = useRef<SVGGElement>(null);
  const transform = useRef<Transform>(IDENTITY);
  const size = useRef({ width: 0, height: 0 });
  const [renderRect, setRenderRect] = useState<Rect>({ x: 0, y: 0, width: 0, height: 0 });
  const [panning, setPanning] = useState(false);
  const fitted = useRef<{ fitKey: unknown; done: boolean }>({ fitKey: undefined, done: false });
  const propsRef = useRef(props);
  propsRef.current = props;
  const layoutRef = useRef(layout);
  layoutRef.current = layout;

  const refreshCulling = useCallback((force = false) => {
    const { width, height } = size.current;
    if (width === 0 || height === 0) return;
    const view = visibleRect(transform.current, width, height);
    setRenderRect((current) =>
      !force && contains(current, view) ? current : grow(view, view.width / 2, view.height / 2),
    );
  }, []);

  const apply = useCallback(
    (next: Transform) => {
      const previous = transform.current;
      if (sameTransform(previous, next)) return;
      transform.current = next;
      scene.current?.setAttribute("transform", `translate(${next.x},${next.y}) scale(${next.k})`);
      refreshCulling(next.k !== previous.k);
      if (next.k !== previous.k) propsRef.current.onZoomChange?.(next.k);
    },
    [refreshCulling],
  );

  const fitToScreen = useCallback(
    (maxZoom?: number) => {
      const l = layoutRef.current;
      const { width, height } = size.current;
      if (width === 0 || height === 0) return;
      const first = l.nodes.values().next().value as NodeBox | undefined;
      apply(
        fitTransform({ x: 0, y: 0, width: l.width, height: l.height }, width, height, {
          anchor: first ? { x: first.x, y: first.y } : undefined,
          horizontal: l.rankdir === "LR" || l.rankdir === "RL",
          maxZoom,
        }),
      );
    },
    [apply],
  );

  const ensureVisible = useCallback(
    (id: string) => {
      const box = layoutRef.current.nodes.get(id);
      if (!box) return;
      apply(panToShow(transform.current, nodeRect(box), size.current.width, size.current.height));
    },
    [apply],
  );

  const neighbour = useCallback(
    (from: string, direction: Direction) => nearestInDirection(layoutRef.current, from, direction),
    [],
  );

  useImperativeHandle(props.ref, (): GraphViewportHandle => {
    const centre = (): Point => ({ x: size.current.width / 2, y: size.current.height / 2 });
    return {
      zoomIn: () => apply(zoomAround(transform.current, stepZoom(transform.current.k, 1), centre())),
      zoomOut: () => apply(zoomAround(transform.current, stepZoom(transform.current.k, -1), centre())),
      zoomTo: (k) => apply(zoomAround(transform.current, clampZoom(k), centre())),
      fit: () => fitToScreen(),
      ensureVisible,
      centreOn: (id) => {
        const box = layoutRef.current.nodes.get(id);
        if (box) apply(centreOn(transform.current, box, size.current.width, size.current.height));
      },
      focus: () => container.current?.focus({ preventScroll: true }),
      transform: () => transform.current,
      neighbour,
      element: () => container.current,
    };
  }, [apply, fitToScreen, ensureVisible, neighbour]);

  // Fit on the first real layout and whenever fitKey changes (once the viewport has a size).
  const fitIfDue = useCallback(() => {
    const f = fitted.current;
    const l = layoutRef.current;
    if (f.done || l.provisional || l.nodes.size === 0 || size.current.width === 0) return;
    f.done = true;
    // An automatic fit does not blow a small drawing up past 100 %; the fit command may.
    fitToScreen(1);
    const { selected: current, followSelection: follow = true } = propsRef.current;
    if (current && follow) ensureVisible(current);
  }, [fitToScreen, ensureVisible]);

  // Size: measured, and the drawing re-culled (and fitted the first time) when it changes.
  useLayoutEffect(() => {
    const el = container.current;
    if (!el) return;
    const measure = () => {
      const { width, height } = el.getBoundingClientRect();
      if (width === size.current.width && height === size.current.height) return;
      size.current = { width, height };
      fitIfDue();
      refreshCulling(true);
      // A smaller viewport (a panel opened beside or below it) must not hide the selected node.
      const { selected: current, followSelection: follow = true } = propsRef.current;
      if (current && follow) ensureVisible(current);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [refreshCulling, fitIfDue, ensureVisible]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new layout (read through layoutRef)
  useLayoutEffect(() => {
    const f = fitted.current;
    if (f.fitKey !== props.fitKey) {
      f.fitKey = props.fitKey;
      f.done = false;
      // The size may have changed in this same render (a panel opened below): fit to the size it has now,
      // not to the one the resize observer last reported.
      const el = container.current;
      if (el) {
        const { width, height } = el.getBoundingClientRect();
        size.current = { width, height };
      }
    }
    fitIfDue();
    refreshCulling(true);
  }, [layout, props.fitKey, fitIfDue, refreshCulling]);

  // Keep the selection in view, also when a new layout moved it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new layout may have moved the selected node
  useLayoutEffect(() => {
    if (selected && followSelection) ensureVisible(selected);
  }, [selected, followSelection, ensureVisible, layout]);

  // Pointer: the interaction state machine; wheel pans, Ctrl/⌘ + wheel zooms at the pointer.
  const machine = useMemo(() => {
    const actions: InteractionActions = {
      panBy: (dx, dy) => apply(panBy(transform.current, dx, dy)),
      select: (id) => propsRef.current.onSelect?.(id),
      activate: (id) => propsRef.current.onActivate?.(id),
      canvasClick: () => propsRef.current.onCanvasClick?.(),
      setPanning,
    };
    return new ViewportInteraction(actions);
  }, [apply]);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = el.getBoundingClientRect();
      const unit = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? rect.height : 1;
      if (event.ctrlKey || event.metaKey) {
        const at = { x: event.clientX - rect.left, y: event.clientY - rect.top };
        const k = transform.current.k * Math.exp(-event.deltaY * unit * 0.002);
        apply(zoomAround(transform.current, k, at));
      } else {
        const dx = (event.shiftKey ? event.deltaY : event.deltaX) * unit;
        const dy = (event.shiftKey ? 0 : event.deltaY) * unit;
        apply(panBy(transform.current, -dx, -dy));
      }
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    return () => el.removeEventListener("wheel", onWheel);
  }, [apply]);

  const pointer = (event: React.PointerEvent) => {
    const rect = container.current?.getBoundingClientRect();
    const node = (event.target as Element).closest?.("[data-node-id]");
    return {
      point: { x: event.clientX - (rect?.left ?? 0), y: event.clientY - (rect?.top ?? 0) },
      nodeId: node?.getAttribute("data-node-id") ?? undefined,
      button: event.button,
    };
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const direction = ARROWS[event.key];
    const rule = props.arrowKeys ?? true;
    if (!direction || rule === false || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey)
      return;
    const from = selected ?? (layout.nodes.keys().next().value as string | undefined);
    if (!from) return;
    const next = selected
      ? typeof rule === "function"
        ? rule(from, direction)
        : neighbour(from, direction)
      : from;
    event.preventDefault();
    if (next) props.onSelect?.(next);
  };

  const edges = useMemo(() => edgeGeometry(layout, edgeStyle), [layout, edgeStyle]);
  const visibleNodes: NodeBox[] = [];
  for (const box of layout.nodes.values())
    if (box.id === selected || intersects(nodeRect(box), renderRect)) visibleNodes.push(box);
  const visibleEdges = edges.filter((e) => intersects(e.box, renderRect));

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useAriaPropsSupportedByRole: the role is the consumer's (tree, application), focusable and keyboard-driven
    <div
      ref={container}
      className={`graph-viewport${panning ? " graph-panning" : ""}${props.className ? ` ${props.className}` : ""}`}
      tabIndex={0}
      role={role}
      aria-label={props.ariaLabel}
      aria-activedescendant={selected && layout.nodes.has(selected) ? domIdOf(prefix, selected) : undefined}
      data-testid={props.testId}
      data-layout-pending={layout.provisional ? "true" : undefined}
      data-node-count={layout.nodes.size}
      onKeyDown={onKeyDown}
      onPointerDown={(e) => {
        if (e.button === 0 || e.button === 1) e.currentTarget.setPointerCapture(e.pointerId);
        machine.pointerDown(pointer(e));
      }}
      onPointerMove={(e) => machine.pointerMove(pointer(e))}
      onPointerUp={(e) => machine.pointerUp(pointer(e))}
      onPointerCancel={() => machine.cancel()}
      onDoubleClick={(e) => machine.doubleClick(pointer(e as unknown as React.PointerEvent))}
    >
      <svg className="graph-svg">
        <title>{props.ariaLabel}</title>
        {props.arrows && (
          <defs>
            <marker
              id={`${prefix}-arrow`}
              viewBox="0 0 10 10"
              refX="10"
              refY="5"
              markerWidth="8"
              markerHeight="8"
              orient="auto-start-reverse"
            >
              <path d="M0,0L10,5L0,10z" className="graph-arrow" />
            </marker>
          </defs>
        )}
        <g ref={scene}>
          <g className="graph-edges">
            {visibleEdges.map((e) => (
              <path
                key={e.key}
                d={e.d}
                className="graph-edge"
                markerEnd={props.arrows ? `url(#${prefix}-arrow)` : undefined}
              />
            ))}
          </g>
          <g className="graph-nodes">
            {visibleNodes.map((box) => (
              <NodeView
                key={box.id}
                box={box}
                selected={box.id === selected}
                extraClass={props.nodeClass?.(box.id)}
                render={props.renderNode}
                domId={domIdOf(prefix, box.id)}
                role={nodeRole}
                label={props.describeNode?.(box.id)}
              />
            ))}
          </g>
        </g>
      </svg>
      <div
        className="visually-hidden"
        aria-live="polite"
        data-testid={props.testId ? `${props.testId}-announce` : undefined}
      >
        {selected && props.describeNode ? props.describeNode(selected) : ""}
      </div>
      {props.children}
    </div>
  );
}
