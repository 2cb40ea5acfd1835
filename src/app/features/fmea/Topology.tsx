// The DFMEA boundary diagram (/topology; ?fmeaId= or the FMEA kept in session storage): the structure
// elements as blocks, an element with children as the system boundary around them, and the interfaces
// between elements (physical connection, material, energy, information, human-machine). It edits the same
// nodes as the structure tree through the same store; keys, toolbar, context menu and palette all run the
// commands of commands/fmea-diagrams.ts.
import { useSignals } from "@preact/signals-react/runtime";
import type { TFunction } from "i18next";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { boundaryGraph, INTERFACE_TYPES } from "../../../shared/fmea/diagrams.ts";
import { GraphViewport } from "../../components/graph/GraphViewport.tsx";
import type { NodeBox } from "../../components/graph/types.ts";
import { ScreenHeader } from "../../components/screen.tsx";
import type { ScreenProps } from "../../router/types.ts";
import { AttributeDialog } from "./AttributeDialog.tsx";
import { CommandButton, DiagramMenu, diagramMenu, NameBar } from "./DiagramParts.tsx";
import { boundaryNodeSvg, INTERFACE_COLOURS } from "./diagram-draw.ts";
import { useBoundaryLayout } from "./diagram-layout.ts";
import {
  diagramSelection,
  diagramViewport,
  interfaceMark,
  selectInDiagram,
  shownDiagram,
} from "./diagram-store.ts";
import { doc, loading, pending } from "./store.ts";
import { useOpenFmea } from "./use-open-fmea.ts";
import "./fmea.css";

export const TOPOLOGY_TOOLBAR = [
  ["fmea.topology.show", "showStru"],
  ["fmea.topology.hide", "hideStru"],
  ["fmea.topology.switch", "struSwitch"],
  ["fmea.topology.delete", "del"],
  ["fmea.topology.moveUp", "up"],
  ["fmea.topology.moveDown", "down"],
  ["fmea.topology.attributes", "attr"],
] as const;

export const TOPOLOGY_MENU = [
  "fmea.topology.addStructure",
  "fmea.topology.addRoot",
  "fmea.topology.copy",
  "fmea.topology.paste",
  "fmea.topology.show",
  "fmea.topology.hide",
  "fmea.topology.delete",
  "fmea.topology.deleteRoot",
  "fmea.topology.moveUp",
  "fmea.topology.moveDown",
  "fmea.topology.upgrade",
  "fmea.topology.downgrade",
  "fmea.topology.switch",
  "fmea.topology.attributes",
  "fmea.topology.markInterface",
  ...INTERFACE_TYPES.map((type) => `fmea.topology.connect.${type}`),
] as const;

function labelsOf(t: TFunction, id: string, kind: string | undefined) {
  const node = doc.value.nodes.get(id);
  const name = node?.name || t("fmea:tree.unnamed");
  if (kind === "interface") {
    const type = String(node?.attrs.apiList?.interfaceType ?? "physical");
    return { name, type: "", interfaceKey: type, interfaceType: t(`fmeadiagram:interfaces.${type}`) };
  }
  return {
    name,
    type: node?.elementType ? t(`fmea:elements.${node.elementType}`) : "",
    hidden: t("fmeadiagram:diagram.hidden"),
  };
}

export default function Topology({ view }: ScreenProps) {
  useSignals();
  const { t } = useTranslation(["fmea", "fmeadiagram", "common"]);
  const { valid, failed } = useOpenFmea(view, "design", "[data-fmea-diagram] .graph-viewport");

  const current = doc.value;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the document is a signal value, new on every edit
  const graph = useMemo(() => boundaryGraph(current), [current]);
  const layout = useBoundaryLayout(graph);
  const title = t("fmeadiagram:diagram.boundaryTitle");
  useEffect(() => {
    shownDiagram.value = {
      layout,
      title,
      arrows: false,
      draw: (box: NodeBox) => boundaryNodeSvg(box, labelsOf(t, box.id, box.kind), false),
    };
    return () => {
      shownDiagram.value = null;
    };
  }, [layout, title, t]);

  if (!valid || failed)
    return (
      <div className="screen" data-testid="fmea-topology">
        <ScreenHeader view={view} />
        <p className="fmea-empty">{t("fmea:tree.noFmea")}</p>
      </div>
    );

  const sel = diagramSelection();
  const isRoot = sel !== null && doc.value.nodes.get(sel)?.parentId === null;
  const mark = interfaceMark.value;
  return (
    <div
      className="screen fmea-diagram-screen"
      data-testid="fmea-topology"
      data-pending={pending.value}
      data-loading={loading.value}
    >
      <ScreenHeader
        view={view}
        actions={
          <span className="fmea-toolbar">
            {TOPOLOGY_TOOLBAR.map(([command, key]) => (
              <CommandButton
                key={command}
                // Spec 3's del deletes the selected element, a root by "delete root".
                id={command === "fmea.topology.delete" && isRoot ? "fmea.topology.deleteRoot" : command}
                label={t(`fmeadiagram:diagram.toolbar.${key}`)}
              />
            ))}
            <CommandButton id="fmea.diagram.exportSvg" label={t("fmeadiagram:diagram.exportSvg")} />
            <CommandButton id="fmea.diagram.exportPng" label={t("fmeadiagram:diagram.exportPng")} />
          </span>
        }
      />
      <p className="fmea-hint">
        {mark
          ? t("fmeadiagram:diagram.markedHint", { name: doc.value.nodes.get(mark)?.name ?? "" })
          : t("fmeadiagram:diagram.boundaryHint")}
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
        {layout.nodes.size === 0 ? <p className="fmea-empty">{t("fmea:tree.emptyStructure")}</p> : null}
        <GraphViewport
          ref={(handle) => {
            diagramViewport.current = handle;
          }}
          layout={layout}
          ariaLabel={title}
          testId="fmea-topology-canvas"
          fitKey={layout.nodes.size}
          selected={sel}
          onSelect={(node) => selectInDiagram(node)}
          arrowKeys={false}
          edgeStyle="polyline"
          nodeClass={(node) => (node === mark ? "fmea-diagram-mark" : undefined)}
          describeNode={(node) => {
            const box = layout.nodes.get(node);
            const l = labelsOf(t, node, box?.kind);
            return box?.kind === "interface" ? `${l.interfaceType}: ${l.name}` : `${l.type}: ${l.name}`;
          }}
          renderNode={(box, state) => (
            <g
              // biome-ignore lint/security/noDangerouslySetInnerHtml: markup built by diagram-draw.ts with every text escaped
              dangerouslySetInnerHTML={{
                __html: boundaryNodeSvg(box, labelsOf(t, box.id, box.kind), state.selected),
              }}
            />
          )}
        />
      </div>
      <ul className="fmea-legend" aria-label={t("fmeadiagram:diagram.legend")}>
        {INTERFACE_TYPES.map((type, i) => (
          <li key={type}>
            <span className="fmea-legend-swatch" style={{ borderColor: INTERFACE_COLOURS[type] }} />
            {i + 1} {t(`fmeadiagram:interfaces.${type}`)}
          </li>
        ))}
      </ul>
      <DiagramMenu
        commands={TOPOLOGY_MENU.map((command) => ({
          id: command,
          label: t(`fmeadiagram:commands.topology.${command.replace("fmea.topology.", "")}`),
        }))}
      />
      <AttributeDialog />
    </div>
  );
}
