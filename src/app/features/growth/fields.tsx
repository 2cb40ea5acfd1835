// Small inputs of the growth editors: a number that keeps what was typed (the document holds null while
// empty and NaN while it is no number, so the field's message shows), a date and a text cell.
import { useEffect, useState } from "react";
import { parseNumber } from "./document.ts";

const shown = (v: number | null | undefined) =>
  v === null || v === undefined || Number.isNaN(v) ? "" : String(v);

export function NumberInput({
  value,
  onChange,
  label,
  disabled,
  testId,
}: {
  value: number | null | undefined;
  onChange(value: number | null): void;
  label: string;
  disabled?: boolean;
  testId?: string;
}) {
  const [text, setText] = useState(shown(value));
  // A change from outside (undo, load) replaces the text; one from this field keeps it as typed.
  useEffect(() => {
    const parsed = parseNumber(text);
    if (!(parsed === value || (Number.isNaN(parsed as number) && Number.isNaN(value as number))))
      setText(shown(value));
  }, [value, text]);
  return (
    <input
      className="input"
      inputMode="decimal"
      aria-label={label}
      data-testid={testId}
      disabled={disabled}
      value={text}
      aria-invalid={value !== null && value !== undefined && Number.isNaN(value) ? true : undefined}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parseNumber(e.target.value));
      }}
    />
  );
}

const parseList = (s: string) =>
  s.trim() === "" ? [] : s.split(",").map((part) => parseNumber(part) ?? Number.NaN);

/** Numbers separated by commas, kept as typed; an entry that is no number is NaN (the fit names it). */
export function NumberListInput({
  value,
  onChange,
  label,
  disabled,
  testId,
}: {
  value: readonly number[];
  onChange(value: number[]): void;
  label: string;
  disabled?: boolean;
  testId?: string;
}) {
  const [text, setText] = useState(value.join(", "));
  // A change from outside (undo, load) replaces the text; one from this field keeps it as typed.
  useEffect(() => {
    const parsed = parseList(text);
    const same =
      parsed.length === value.length &&
      parsed.every((x, i) => x === value[i] || (Number.isNaN(x) && Number.isNaN(value[i])));
    if (!same) setText(value.join(", "));
  }, [value, text]);
  return (
    <input
      className="input"
      inputMode="decimal"
      aria-label={label}
      data-testid={testId}
      disabled={disabled}
      value={text}
      aria-invalid={value.some((x) => Number.isNaN(x)) ? true : undefined}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parseList(e.target.value));
      }}
    />
  );
}

export function TextInput({
  value,
  onChange,
  label,
  disabled,
  type = "text",
  testId,
}: {
  value: string | null;
  onChange(value: string): void;
  label: string;
  disabled?: boolean;
  type?: "text" | "date";
  testId?: string;
}) {
  return (
    <input
      className="input"
      type={type}
      aria-label={label}
      data-testid={testId}
      disabled={disabled}
      value={value ?? ""}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
