// The attribute panel of the selected element: code, name, remark, type, and for a gate its type and
// required path, for a basic event its distribution and p1–p3 (the failure model's ranges and messages). A field
// applies on Enter or when focus leaves it (one undo step); Esc puts the value back and returns to the tree.
import { useSignals } from "@preact/signals-react/runtime";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FtaDistribution, FtaGateType } from "../../../kernels/fta/model.ts";
import { votingProblem } from "../../../kernels/fta/validate.ts";
import {
  FAILURE_DISTRIBUTIONS,
  type FailureDistribution,
  type FailureDistributionType,
  type FailureParameter,
  OPTIONAL_PARAMETERS,
  parameterProblem,
  SPEC_ORDERS,
  switchDistribution,
} from "../../../shared/failure-model.ts";
import { Field } from "../../components/form.tsx";
import { problemMessage } from "../../components/problem.ts";
import { select } from "./actions.ts";
import {
  changeEventKind,
  codeProblem,
  type EventKind,
  renameCode,
  setGateType,
  updateElement,
} from "./model-edit.ts";
import { attributeFocus, canvas, commit, currentResult, model, selected, view } from "./store.ts";
import { kindLabel } from "./TreeCanvas.tsx";
import { childId, rootId } from "./view-tree.ts";

type DistributionType = FailureDistributionType;
const GATE_TYPES: FtaGateType[] = ["and", "or", "atleast", "not", "xor", "nand", "nor", "null"];

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
export const parseNumber = (text: string) => (NUMBER.test(text.trim()) ? Number(text.trim()) : Number.NaN);

function focusTree() {
  canvas.handle?.focus();
}

/**
 * A text or number field that keeps its own draft: `apply(text)` answers an error message (the draft stays,
 * with the message) or null (applied). It follows the model when not being edited.
 */
function DraftField({
  label,
  value,
  apply,
  multiline = false,
  name,
  focusRef,
  hint,
}: {
  label: string;
  value: string;
  apply(text: string): string | null;
  multiline?: boolean;
  name: string;
  focusRef?: { current: HTMLInputElement | HTMLTextAreaElement | null };
  hint?: string;
}) {
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const editing = useRef(false);
  useEffect(() => {
    if (!editing.current) {
      setDraft(value);
      setError(null);
    }
  }, [value]);
  const commitDraft = (text: string) => {
    if (text === value) {
      editing.current = false;
      setError(null);
      return true;
    }
    const problem = apply(text);
    setError(problem);
    if (!problem) editing.current = false;
    return !problem;
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Escape") {
      e.preventDefault();
      editing.current = false;
      setDraft(value);
      setError(null);
      focusTree();
    } else if (e.key === "Enter" && (!multiline || e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey) {
      if (e.ctrlKey || e.metaKey) return; // Ctrl+Enter analyzes: the blur that follows applies the draft
      e.preventDefault();
      commitDraft(draft);
    }
  };
  const common = {
    name,
    value: draft,
    onChange: (e: { currentTarget: { value: string } }) => {
      editing.current = true;
      setDraft(e.currentTarget.value);
    },
    onBlur: () => {
      if (editing.current) commitDraft(draft);
    },
    onKeyDown,
    autoComplete: "off",
    spellCheck: false,
  };
  return (
    <Field label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) =>
        multiline ? (
          <textarea
            {...common}
            id={id}
            ref={focusRef as { current: HTMLTextAreaElement | null } | undefined}
            className="input textarea"
            rows={2}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
          />
        ) : (
          <input
            {...common}
            id={id}
            ref={focusRef as { current: HTMLInputElement | null } | undefined}
            className="input"
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
          />
        )
      }
    </Field>
  );
}

function SelectRow({
  label,
  value,
  options,
  onChange,
  name,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange(value: string): void;
  name: string;
}) {
  return (
    <Field label={label}>
      {({ id }) => (
        <select
          id={id}
          name={name}
          className="input"
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              e.preventDefault();
              focusTree();
            }
          }}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function AttributePanel() {
  useSignals();
  const { t } = useTranslation(["fta", "common"]);
  const m = model.value;
  const v = view.value;
  const id = selected.value;
  const node = id ? v.nodes.get(id) : undefined;
  const result = currentResult.value;
  const first = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);
  const headingId = useId();
  const focusRequest = attributeFocus.value;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a bumped request moves focus to the first field
  useEffect(() => {
    if (focusRequest > 0) {
      first.current?.focus();
      first.current?.select?.();
    }
  }, [focusRequest]);

  const tf = (key: string, params?: Record<string, unknown>) => t(key, params) as string;

  if (!node || node.kind === "missing") {
    return (
      <section className="fta-attributes panel" aria-labelledby={headingId} data-testid="fta-attributes">
        <h2 id={headingId}>{t("fta:attributes.title")}</h2>
        <DraftField
          name="treeName"
          label={t("fta:attributes.treeName")}
          value={m.name}
          focusRef={first}
          apply={(text) => {
            if (text.length > 150) return t("fta:problems.nameTooLong");
            commit({ ...m, name: text.trim() });
            return null;
          }}
        />
        <p className="fta-muted">{t("fta:attributes.none")}</p>
      </section>
    );
  }

  const code = node.code;
  const gate = m.gates.find((g) => g.code === code);
  const basic = m.basicEvents.find((e) => e.code === code);
  const house = m.houseEvents.find((h) => h.code === code);
  const element = gate ?? basic ?? house;
  const users = m.gates.filter((g) => g.inputs.includes(code)).map((g) => g.code);

  const rename = (text: string): string | null => {
    const to = text.trim();
    const problem = codeProblem(m, to, code);
    if (problem) return tf(`fta:edit.${problem}`, { code: to });
    const nth = Number(node.id.match(/#(\d+)$/)?.[1] ?? 1);
    commit(renameCode(m, code, to), node.parentCode ? childId(node.parentCode, to, nth) : rootId(to));
    // A renamed gate's children have new occurrence ids; keep the selection on the element.
    if (!view.value.nodes.has(selected.value ?? "")) select(view.value.byCode.get(to)?.[0] ?? null);
    return null;
  };

  const text =
    (key: "name" | "remark", limit?: number) =>
    (value: string): string | null => {
      if (limit !== undefined && value.length > limit) return t("fta:problems.nameTooLong");
      commit(updateElement(m, code, { [key]: value }));
      return null;
    };

  /** A parameter field: the failure model's range and message (src/shared/failure-model.ts). */
  const parameter =
    (name: FailureParameter) =>
    (value: string): string | null => {
      if (!basic || basic.distribution.type === "mef") return null;
      const d = basic.distribution;
      const optional = OPTIONAL_PARAMETERS[d.type]?.includes(name) ?? false;
      const number = optional && value.trim() === "" ? undefined : parseNumber(value);
      const problem = parameterProblem(d.type, name, number);
      if (problem && problem.severity !== "warning") return problemMessage(problem);
      const next = { ...d, [name]: number } as Record<string, unknown>;
      if (number === undefined) delete next[name];
      commit(updateElement(m, code, { distribution: next as FtaDistribution }));
      return null;
    };

  const kind = kindLabel(node, m, v, tf);
  const probability = gate
    ? result?.gateProbabilities?.[code]
    : basic
      ? result?.eventProbabilities[code]
      : undefined;

  return (
    <section className="fta-attributes panel" aria-labelledby={headingId} data-testid="fta-attributes">
      <h2 id={headingId}>
        {t("fta:attributes.title")} <span className="fta-muted">{kind}</span>
      </h2>
      {(node.kind === "reference" || node.kind === "transferIn") && (
        <p className="fta-note">{t("fta:attributes.referenceNote")}</p>
      )}
      <DraftField
        key="code"
        name="code"
        label={t("fta:attributes.code")}
        value={code}
        apply={rename}
        focusRef={first}
      />
      <DraftField
        key="name"
        name="name"
        label={t("fta:attributes.name")}
        value={element?.name ?? ""}
        apply={text("name", 150)}
      />
      <DraftField
        key="remark"
        name="remark"
        label={t("fta:attributes.remark")}
        value={element?.remark ?? ""}
        apply={text("remark")}
        multiline
      />
      {gate && (
        <>
          <SelectRow
            name="gateType"
            label={t("fta:attributes.gateType")}
            value={gate.type}
            options={GATE_TYPES.map((g) => ({ value: g, label: t(`fta:gateTypes.${g}`) }))}
            onChange={(value) => commit(setGateType(m, code, value as FtaGateType))}
          />
          {gate.type === "atleast" && (
            <DraftField
              key="k"
              name="k"
              label={t("fta:attributes.requiredPath")}
              value={gate.k === undefined ? "" : String(gate.k)}
              apply={(value) => {
                const k = parseNumber(value);
                const problem = votingProblem({ ...gate, k });
                if (problem) return problemMessage(problem);
                commit(updateElement(m, code, { k }));
                return null;
              }}
            />
          )}
        </>
      )}
      {(basic || house) && (
        <SelectRow
          name="eventType"
          label={t("fta:attributes.type")}
          value={house ? "house" : basic?.undeveloped ? "undeveloped" : "basic"}
          options={[
            { value: "basic", label: t("fta:kinds.elementary") },
            { value: "undeveloped", label: t("fta:kinds.unexpanded") },
            { value: "house", label: t("fta:kinds.house") },
          ]}
          onChange={(value) => commit(changeEventKind(m, code, value as EventKind))}
        />
      )}
      {house && (
        <SelectRow
          name="state"
          label={t("fta:attributes.state")}
          value={house.state ? "true" : "false"}
          options={[
            { value: "true", label: t("fta:attributes.stateTrue") },
            { value: "false", label: t("fta:attributes.stateFalse") },
          ]}
          onChange={(value) => commit(updateElement(m, code, { state: value === "true" }))}
        />
      )}
      {basic && (
        <>
          <SelectRow
            name="distribution"
            label={t("fta:attributes.distribution")}
            value={basic.distribution.type}
            options={[
              ...FAILURE_DISTRIBUTIONS.map((d) => ({
                value: d,
                label: t(`common:failureModel.distributions.${d}`),
              })),
              ...(basic.distribution.type === "mef"
                ? [{ value: "mef", label: t("fta:distributions.mef") }]
                : []),
            ]}
            onChange={(value) => {
              if (value === "mef") return;
              const from = basic.distribution.type === "mef" ? undefined : basic.distribution;
              commit(
                updateElement(m, code, {
                  distribution: switchDistribution(from, value as DistributionType),
                }),
              );
            }}
          />
          {basic.distribution.type === "mef" ? (
            <p className="fta-note">{t("fta:attributes.expression")}</p>
          ) : (
            // P1..P3 in the spec's FTA order (eta then beta); the parameters themselves are named.
            SPEC_ORDERS.fta[basic.distribution.type].map((name, i) => {
              const d = basic.distribution as FailureDistribution;
              const value = (d as unknown as Record<string, number | undefined>)[name];
              const field = `p${i + 1}`;
              return (
                <DraftField
                  key={`${field}:${d.type}`}
                  name={field}
                  label={`${field.toUpperCase()} · ${t(`common:failureModel.parameters.${d.type}.${name}`)}`}
                  value={value === undefined || Number.isNaN(value) ? "" : String(value)}
                  apply={parameter(name)}
                />
              );
            })
          )}
        </>
      )}
      {users.length > 1 && (
        <p className="fta-muted">
          {t("fta:attributes.usedBy", { count: users.length, gates: users.join(", ") })}
        </p>
      )}
      {probability !== undefined && (
        <p className="fta-muted" data-testid="fta-element-probability">
          {t("fta:attributes.probability", { value: probability.toPrecision(6) })}
        </p>
      )}
      <p className="fta-hint">{t("fta:attributes.hint")}</p>
    </section>
  );
}
