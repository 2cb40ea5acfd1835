// The attribute panel: the selected block (name, distribution and its parameters, k of a KN node, where a
// shared component appears), then the whole diagram (name, mission time, current age, warranty life) and
// the simulation settings. Every field shows its validation message (spec 5 and 8) as it is typed.
import { useSignals } from "@preact/signals-react/runtime";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import type { RbdBlock, RbdDistribution, RbdDistributionType } from "../../../kernels/rbd/model.ts";
import type { RbdProblem } from "../../../kernels/rbd/validate.ts";
import { FAILURE_DISTRIBUTIONS, OPTIONAL_PARAMETERS, SPEC_ORDERS } from "../../../shared/failure-model.ts";
import { runChild, runCommand } from "../../commands/run.ts";
import { SelectField, TextField } from "../../components/form.tsx";
import { problemMessage } from "../../components/problem.ts";
import {
  setBlockName,
  setDiagramName,
  setDistributionType,
  setK,
  setModelTime,
  setParameter,
  setSimulation,
} from "./attributes.ts";
import { blockLabel, findBlock, isTerminal, mirrorsOf, predecessors } from "./document.ts";
import { useFocusRequest } from "./focus.ts";
import { NumberField } from "./NumberField.tsx";
import { currentDocument, model, requestFocus, sealHistory, selected, shownDiagram } from "./store.ts";
import { problems, settingProblems } from "./validation.ts";

function useFieldError() {
  const list = problems.value;
  return (blockId: string | undefined, field: string): string | null => {
    const found = list.find((p) => p.blockId === blockId && p.field === field);
    return found ? problemMessage(found) : null;
  };
}

export function AttributePanel() {
  useSignals();
  const { t } = useTranslation(["rbd", "common"]);
  const panel = useRef<HTMLDivElement>(null);
  const focusField = (selector: string) => {
    const field = panel.current?.querySelector<HTMLElement>(selector);
    field?.focus();
    if (field instanceof HTMLInputElement) field.select();
  };
  useFocusRequest("panel", () => focusField("input, select, button"));
  useFocusRequest("settings", () => focusField("input[name=missionTime]"));
  const id = selected.value;
  const block = id === null ? undefined : shownDiagram.value.blocks.find((b) => b.id === id);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape hands focus back to the diagram
    <div
      className="rbd-panel"
      ref={panel}
      data-testid="rbd-panel"
      onKeyDown={(e) => {
        if (e.key === "Escape" && !e.defaultPrevented) {
          e.preventDefault();
          sealHistory();
          // Leave the field now: the diagram takes focus a frame later, and a Ctrl+Z typed in between
          // must reach the diagram's undo, not the input's own.
          if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
          requestFocus("diagram");
        }
      }}
    >
      <section aria-labelledby="rbd-block-heading">
        <h2 id="rbd-block-heading" className="rbd-panel-title">
          {block
            ? t("rbd:panel.block", { kind: t(`rbd:kinds.${block.kind}`), id: block.id })
            : t("rbd:panel.noBlock")}
        </h2>
        {block ? (
          <BlockFields key={block.id} block={block} />
        ) : (
          <p className="rbd-panel-note">
            {id !== null && isTerminal(id) ? t(`rbd:panel.terminal.${id}`) : t("rbd:panel.selectHint")}
          </p>
        )}
      </section>
      <DiagramFields />
      <ProblemList />
    </div>
  );
}

function BlockFields({ block }: { block: RbdBlock }) {
  useSignals();
  const { t } = useTranslation(["rbd"]);
  const error = useFieldError();
  const m = model.value;
  const original = block.kind === "mirror" ? findBlock(m, block.of)?.block : block;
  return (
    <div className="form-vertical">
      <TextField
        label={t("rbd:fields.name")}
        name="blockName"
        value={block.name ?? ""}
        placeholder={block.id}
        maxLength={150}
        onChange={(e) => setBlockName(block.id, e.currentTarget.value)}
        onBlur={sealHistory}
      />
      {block.kind === "kofn" && <KofNFields block={block} />}
      {block.kind === "mirror" && (
        <div className="rbd-panel-note" data-testid="rbd-mirror-of">
          {original ? (
            <>
              {t("rbd:panel.mirrorOf")} <JumpButton id={original.id} label={blockLabel(original)} />
              <div>{t("rbd:panel.mirrorEditsOriginal")}</div>
            </>
          ) : (
            <span className="field-error">{error(block.id, "of")}</span>
          )}
        </div>
      )}
      {original && (original.kind === "regular" || original.kind === "host") && (
        <>
          <DistributionFields id={original.id} distribution={original.distribution} />
          <Appearances originalId={original.id} current={block.id} />
        </>
      )}
      {block.kind === "subdiagram" && (
        <div className="rbd-panel-note">
          {t("rbd:panel.subdiagram", { count: block.diagram.blocks.length })}{" "}
          <button type="button" className="link-button" onClick={() => runCommand("rbd.openSubdiagram")}>
            {t("rbd:commands.openSubdiagram")}
          </button>
        </div>
      )}
    </div>
  );
}

function KofNFields({ block }: { block: Extract<RbdBlock, { kind: "kofn" }> }) {
  useSignals();
  const { t } = useTranslation(["rbd"]);
  const error = useFieldError();
  const n = predecessors(shownDiagram.value, block.id).length;
  return (
    <NumberField
      label={t("rbd:fields.k")}
      name="k"
      integer
      value={block.k}
      onValue={(k) => setK(block.id, k ?? Number.NaN)}
      onCommit={sealHistory}
      error={error(block.id, "k")}
      hint={t("rbd:fields.kHint", { n })}
    />
  );
}

function DistributionFields({ id, distribution }: { id: string; distribution: RbdDistribution }) {
  const { t } = useTranslation(["rbd"]);
  const error = useFieldError();
  const values = distribution as unknown as Record<string, number | undefined>;
  return (
    <>
      <SelectField
        label={t("rbd:fields.distribution")}
        name="distribution"
        value={distribution.type}
        options={FAILURE_DISTRIBUTIONS.map((type) => ({
          value: type,
          label: t(`common:failureModel.distributions.${type}`),
        }))}
        onChange={(e) => setDistributionType(id, e.currentTarget.value as RbdDistributionType)}
      />
      {/* p1..p3 in the spec's RBD order (the failure model's own: beta, eta, gamma). */}
      {SPEC_ORDERS.rbd[distribution.type].map((parameter, i) => {
        const optional = OPTIONAL_PARAMETERS[distribution.type]?.includes(parameter) ?? false;
        return (
          <NumberField
            key={`${distribution.type}.${parameter}`}
            label={`p${i + 1} · ${t(`common:failureModel.parameters.${distribution.type}.${parameter}`)}`}
            name={`p${i + 1}`}
            value={values[parameter]}
            optional={optional}
            onValue={(v) => setParameter(id, parameter, v)}
            onCommit={sealHistory}
            error={error(id, `distribution.${parameter}`)}
          />
        );
      })}
    </>
  );
}

function JumpButton({ id, label }: { id: string; label: string }) {
  return (
    <button
      type="button"
      className="link-button"
      onClick={() => runChild("rbd.selectBlock", `rbd.selectBlock.${id}`, "button")}
    >
      {label}
    </button>
  );
}

/** Where a shared component is shown: the host and each mirror, each a link that goes there. */
function Appearances({ originalId, current }: { originalId: string; current: string }) {
  useSignals();
  const { t } = useTranslation(["rbd"]);
  const m = model.value;
  const mirrors = mirrorsOf(m, originalId);
  if (mirrors.length === 0) return null;
  const places = [findBlock(m, originalId), ...mirrors].filter(
    (l) => l !== undefined && l.block.id !== current,
  );
  return (
    <div className="rbd-panel-note" data-testid="rbd-appearances">
      <div>{t("rbd:panel.shared", { count: mirrors.length + 1 })}</div>
      <ul className="rbd-appearances">
        {places.map((l) =>
          l ? (
            <li key={l.block.id}>
              <JumpButton id={l.block.id} label={blockLabel(l.block)} />{" "}
              <span className="rbd-muted">
                {l.block.kind === "mirror" ? t("rbd:kinds.mirror") : t("rbd:kinds.host")}
                {l.path.length > 0 ? ` · ${l.path.join(" › ")}` : ""}
              </span>
            </li>
          ) : null,
        )}
      </ul>
    </div>
  );
}

function DiagramFields() {
  useSignals();
  const { t } = useTranslation(["rbd"]);
  const error = useFieldError();
  const doc = currentDocument.value;
  const m = doc.model;
  const setting = (field: string) => {
    const p = settingProblems.value.find((x) => x.field === field);
    return p ? t(`rbd:fields.messages.${p.message}`) : null;
  };
  return (
    <section aria-labelledby="rbd-diagram-heading" className="form-vertical">
      <h2 id="rbd-diagram-heading" className="rbd-panel-title">
        {t("rbd:panel.diagram")}
      </h2>
      <TextField
        label={t("rbd:fields.diagramName")}
        name="diagramName"
        value={m.name}
        maxLength={150}
        required
        onChange={(e) => setDiagramName(e.currentTarget.value)}
        onBlur={sealHistory}
      />
      <NumberField
        label={t("rbd:fields.missionTime")}
        name="missionTime"
        value={m.missionTime}
        onValue={(v) => setModelTime("missionTime", v)}
        onCommit={sealHistory}
        error={error(undefined, "missionTime")}
      />
      <NumberField
        label={t("rbd:fields.currentAge")}
        name="currentAge"
        optional
        value={m.currentAge}
        onValue={(v) => setModelTime("currentAge", v)}
        onCommit={sealHistory}
        error={error(undefined, "currentAge")}
        hint={t("rbd:fields.currentAgeHint")}
      />
      <NumberField
        label={t("rbd:fields.warrantyLife")}
        name="warrantyLife"
        optional
        value={m.warrantyLife}
        onValue={(v) => setModelTime("warrantyLife", v)}
        onCommit={sealHistory}
        error={error(undefined, "warrantyLife")}
      />
      <h3 className="rbd-panel-subtitle">{t("rbd:panel.simulation")}</h3>
      <NumberField
        label={t("rbd:fields.trials")}
        name="trials"
        integer
        value={doc.simulation.trials}
        onValue={(v) => setSimulation("trials", v)}
        onCommit={sealHistory}
        error={setting("trials")}
      />
      <NumberField
        label={t("rbd:fields.seed")}
        name="seed"
        integer
        value={doc.simulation.seed}
        onValue={(v) => setSimulation("seed", v)}
        onCommit={sealHistory}
        error={setting("seed")}
      />
      <NumberField
        label={t("rbd:fields.confidence")}
        name="confidence"
        value={doc.simulation.confidence}
        onValue={(v) => setSimulation("confidence", v)}
        onCommit={sealHistory}
        error={setting("confidence")}
      />
    </section>
  );
}

/** Every problem of the model; each names its block and goes there. */
function ProblemList() {
  useSignals();
  const { t } = useTranslation(["rbd"]);
  const list = problems.value;
  if (list.length === 0) return null;
  const where = (p: RbdProblem) => [...p.path, p.blockId].filter(Boolean).join(" › ");
  return (
    <section aria-labelledby="rbd-problems-heading" data-testid="rbd-problems">
      <h2 id="rbd-problems-heading" className="rbd-panel-title">
        {t("rbd:panel.problems", { count: list.length })}
      </h2>
      <ul className="rbd-problems">
        {list.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: problems have no identity of their own
          <li key={i}>
            {p.blockId ? (
              <JumpButton id={p.blockId} label={where(p)} />
            ) : (
              <span>{t("rbd:panel.diagram")}</span>
            )}
            {": "}
            {problemMessage(p)}
          </li>
        ))}
      </ul>
    </section>
  );
}
