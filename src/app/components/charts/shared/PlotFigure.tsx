// Mounts a chart made by a pure spec function `(size) => SVG` (Observable Plot) into the page: re-renders
// when its inputs or its width change, keeps Plot's hover read-outs (tip marks), and saves the chart as PNG
// or SVG. Screens pass a render function and the values it depends on. Its PNG and SVG links run the
// plot.savePng and plot.saveSvg commands, which save the figure last pointed at (figures.ts).
import { type DependencyList, type Ref, useEffect, useImperativeHandle, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { runCommand } from "../../../commands/run.ts";
import { downloadBlob, safeFileName } from "../../spreadsheet/client.ts";
import { pngBlob, svgBlob } from "./export.ts";
import { type SaveableFigure, showFigure, touchFigure } from "./figures.ts";
import "./charts.css";

export interface PlotFigureHandle {
  svg(): SVGSVGElement | null;
  savePng(fileName: string): Promise<void>;
  saveSvg(fileName: string): void;
}

export interface PlotFigureProps {
  /** Draws the chart for the given size; called again when `deps` or the width change. */
  render(size: { width: number; height: number }): SVGSVGElement | HTMLElement;
  deps: DependencyList;
  /** Height in px (width follows the container). */
  height: number;
  ariaLabel: string;
  /** Base name of saved files; shows PNG and SVG buttons when set. */
  fileName?: string;
  handleRef?: Ref<PlotFigureHandle>;
  testId?: string;
  className?: string;
}

export function PlotFigure(props: PlotFigureProps) {
  const { t } = useTranslation(["grid"]);
  const host = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const renderRef = useRef(props.render);
  renderRef.current = props.render;

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setWidth(Math.floor(el.clientWidth)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, []);

  useEffect(() => {
    const el = host.current;
    if (!el || width < 50) return;
    // Drawn in a task of its own, after the screen that asked for it has painted: a chart of many points must
    // not lengthen the task that commits the results.
    const timer = setTimeout(() => el.replaceChildren(renderRef.current({ width, height: props.height })), 0);
    return () => clearTimeout(timer);
  }, [width, props.height, ...props.deps]);

  const svg = () => host.current?.querySelector<SVGSVGElement>(":scope > svg") ?? null;
  const handle: PlotFigureHandle = {
    svg,
    savePng: async (fileName) => {
      const el = svg();
      if (el) downloadBlob(await pngBlob(el), safeFileName(fileName, "png"));
    },
    saveSvg: (fileName) => {
      const el = svg();
      if (el) downloadBlob(svgBlob(el), safeFileName(fileName, "svg"));
    },
  };
  useImperativeHandle(props.handleRef, () => handle);

  // One saveable entry per mounted figure, reading the latest file name.
  const fileName = useRef(props.fileName);
  fileName.current = props.fileName;
  const saveable = useRef<SaveableFigure | null>(null);
  if (!saveable.current) {
    const name = () => fileName.current ?? "chart";
    saveable.current = { savePng: () => handle.savePng(name()), saveSvg: () => handle.saveSvg(name()) };
  }
  const saves = Boolean(props.fileName);
  useEffect(() => (saves && saveable.current ? showFigure(saveable.current) : undefined), [saves]);
  const touch = () => saveable.current && touchFigure(saveable.current);

  return (
    <figure
      className={`plot-figure ${props.className ?? ""}`}
      data-testid={props.testId}
      aria-label={props.ariaLabel}
      onPointerDown={touch}
      onFocus={touch}
    >
      {props.fileName && (
        <div className="plot-figure-tools">
          <button type="button" className="link-button" onClick={() => runCommand("plot.savePng")}>
            PNG
          </button>
          <button type="button" className="link-button" onClick={() => runCommand("plot.saveSvg")}>
            SVG
          </button>
          <span className="visually-hidden">
            {t("grid:export.png")}, {t("grid:export.svg")}
          </span>
        </div>
      )}
      <div ref={host} className="plot-figure-host" style={{ height: props.height }} />
    </figure>
  );
}
