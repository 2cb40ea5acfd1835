// The PFMEA process flow chart (/flowProcess?fmeaId=&structureId=): the process steps of one process item
// in order, each with its flow symbol (spec 3's PFDicon: operation, transport, inspection, storage, delay,
// combined), its product characteristics and the process characteristics of its work elements beside it;
// a step marked as a branch runs beside the step before it, and a rework loop goes back to an earlier
// step. Same document and store as the structure tree; every action is a command of
// commands/fmea-diagrams.ts.
import { useSignals } from "@preact/signals-react/runtime";
import type { TFunction } from "i18next";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { type FlowStep, flowSteps, PFD_SYMBOLS } from "../../../shared/fmea/diagrams.ts";
import { childrenOf } from "../../../shared/fmea/tree.ts";
import { GraphViewport } from "../../components/graph/GraphViewport.tsx";
import type { NodeBox } from "../../components/graph/types.ts";
import { ScreenHeader } from "../../components/screen.tsx";
import type { ScreenProps } from "../../router/types.ts";
import { AttributeDialog } from "./AttributeDialog.tsx";
import { CommandButton, DiagramMenu, diagramMenu, NameBar } from "./DiagramParts.tsx";
import { flowNodeSvg, pfdSymbolSvg } from "./diagram-draw.ts";
import { flowLayout } from "./diagram-layout.ts";
import { diagramViewport, flowItem, reworkMark, selectInDiagram, shownDiagram } from "./diagram-store.ts";
import { doc, loading, pending, selected } from "./store.ts";
import { useOpenFmea } from "./use-open-fmea.ts";
import "./fmea.css";

export const FLOW_MENU = [
  "fmea.flow.addStep",
  "fmea.flow.addInspection",
  "fmea.flow.addCharacteristic",
  ...PFD_SYMBOLS.map((s) => `fmea.flow.symbol.${s}`),
  "fmea.flow.branch",
  "fmea.flow.markRework",
  "fmea.flow.rework",
  "fmea.flow.clearRework",
  "fmea.flow.moveUp",
  "fmea.flow.moveDown",
  "fmea.flow.delete",
  "fmea.flow.attributes",
] as const;

function flowLabels(t: TFunction, step: FlowStep | undefined, box: NodeBox) {
  if (box.kind === "rework" || !step)
    return { name: t("fmeadiagram:flow.rework"), symbol: "", symbolKey: "", product: "", process: "" };
  const names = (nodes: { name: string }[]) => nodes.map((n) => n.name || t("fmea:tree.unnamed")).join("; ");
  const station = step.node.attrs.machineLib?.equipmentNo;
  return {
    name: `${station ? `${station} ` : ""}${step.node.name || t("fmea:tree.unnamed")}`,
    symbol: t(`fmeadiagram:symbols.${step.symbol}`),
    symbolKey: step.symbol,
    product: `${t("fmeadiagram:flow.product")}: ${names(step.product) || "–"}`,
    process: `${t("fmeadiagram:flow.process")}: ${names(step.process) || "–"}`,
    branch: step.branch ? t("fmeadiagram:flow.branch") : undefined,
  };
}

export default function FlowProcess({ view }: ScreenProps) {
  useSignals();
  const { t } = useTranslation(["fmea", "fmeadiagram", "common"]);
  const requested = view.query.get("structureId");
  const { valid, failed } = useOpenFmea(view, "process", "[data-fmea-diagram] .graph-viewport");

  const current = doc.value;
  // The process item shown: the one asked for, else the first root process item.
  const item =
    requested && current.nodes.get(requested)?.elementType === "procItem"
      ? requested
      : (childrenOf(current, null, "stru")[0]?.id ?? null);
  useEffect(() => {
    flowItem.value = item;
  }, [item]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the document is a signal value, new on every edit
  const steps = useMemo(() => (item ? flowSteps(current, item) : []), [current, item]);
  const byId = useMemo(() => new Map(steps.map((s) => [s.node.id, s])), [steps]);
  const layout = useMemo(() => flowLayout(steps), [steps]);
  const itemName = item ? (current.nodes.get(item)?.name ?? "") : "";
  const title = t("fmeadiagram:flow.title", { name: itemName });
  useEffect(() => {
    shownDiagram.value = {
      layout,
      title,
      arrows: true,
      draw: (box: NodeBox) => flowNodeSvg(box, flowLabels(t, byId.get(box.id), box), false),
    };
    return () => {
      shownDiagram.value = null;
    };
  }, [layout, title, byId, t]);

  if (!valid || failed)
    return (
      <div className="screen" data-testid="fmea-flow">
        <ScreenHeader view={view} />
        <p className="fmea-empty">{t("fmea:tree.noFmea")}</p>
      </div>
    );

  const sel = selected.value.left;
  const mark = reworkMark.value;
  return (
    <div
      className="screen fmea-diagram-screen"
      data-testid="fmea-flow"
      data-pending={pending.value}
      data-loading={loading.value}
    >
      <ScreenHeader
        view={view}
        title={title}
        actions={
          <span className="fmea-toolbar">
            <CommandButton id="fmea.flow.addStep" label={t("fmeadiagram:commands.flow.addStep")} />
            <CommandButton
              id="fmea.flow.addInspection"
              label={t("fmeadiagram:commands.flow.addInspection")}
            />
            <CommandButton id="fmea.flow.delete" label={t("fmeadiagram:diagram.toolbar.del")} />
            <CommandButton id="fmea.flow.attributes" label={t("fmeadiagram:diagram.toolbar.attr")} />
            <CommandButton id="fmea.diagram.exportSvg" label={t("fmeadiagram:diagram.exportSvg")} />
            <CommandButton id="fmea.diagram.exportPng" label={t("fmeadiagram:diagram.exportPng")} />
          </span>
        }
      />
      <p className="fmea-hint">
        {mark
          ? t("fmeadiagram:flow.markedHint", { name: current.nodes.get(mark)?.name ?? "" })
          : t("fmeadiagram:flow.hint")}
      </p>
      <NameBar />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: right click opens the same menu as Shift+F10 */}
      <div
        className="fmea-diagram"
        data-fmea-diagram
        data-fmea-keys
        onContextMenu={(e) => {
          e.preventDefault();
          diagramMenu.open?.(e.clientX, e.clientY);
        }}
      >
        {steps.length === 0 ? <p className="fmea-empty">{t("fmeadiagram:flow.empty")}</p> : null}
        <GraphViewport
          ref={(handle) => {
            diagramViewport.current = handle;
          }}
          layout={layout}
          ariaLabel={title}
          testId="fmea-flow-canvas"
          fitKey={`${item}:${layout.nodes.size}`}
          selected={sel && byId.has(sel) ? sel : null}
          onSelect={(node) => {
            if (byId.has(node)) selectInDiagram(node);
          }}
          arrowKeys={false}
          arrows
          edgeStyle="polyline"
          nodeClass={(node) => (node === mark ? "fmea-diagram-mark" : undefined)}
          describeNode={(node) => {
            const step = byId.get(node);
            return step
              ? `${t(`fmeadiagram:symbols.${step.symbol}`)}: ${step.node.name}`
              : t("fmeadiagram:flow.rework");
          }}
          renderNode={(box, state) => (
            <g
              // biome-ignore lint/security/noDangerouslySetInnerHtml: markup built by diagram-draw.ts with every text escaped
              dangerouslySetInnerHTML={{
                __html: flowNodeSvg(box, flowLabels(t, byId.get(box.id), box), state.selected),
              }}
            />
          )}
        />
      </div>
      <ul className="fmea-legend" aria-label={t("fmeadiagram:diagram.legend")}>
        {PFD_SYMBOLS.map((symbol, i) => (
          <li key={symbol}>
            <svg width="30" height="30" aria-hidden="true">
              <g
                // biome-ignore lint/security/noDangerouslySetInnerHtml: fixed markup of diagram-draw.ts
                dangerouslySetInnerHTML={{ __html: pfdSymbolSvg(symbol, 15, 15) }}
              />
            </svg>
            {i + 1} {t(`fmeadiagram:symbols.${symbol}`)}
          </li>
        ))}
      </ul>
      <DiagramMenu
        commands={FLOW_MENU.map((command) => ({
          id: command,
          label: t(`fmeadiagram:commands.flow.${command.replace("fmea.flow.", "")}`),
        }))}
      />
      <AttributeDialog />
    </div>
  );
}
