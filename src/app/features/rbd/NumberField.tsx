// A number input that keeps what is being typed ("1e-", "0.") while the model holds its value: a text that
// is not a number is stored as NaN so validation names the field; an empty optional field is "none". The
// text follows the model when the model changes from elsewhere (undo, another field of a mirror).
import { useEffect, useState } from "react";
import { TextField } from "../../components/form.tsx";

export function parseNumber(text: string): number {
  const trimmed = text.trim().replace(/,/g, "");
  return trimmed === "" ? Number.NaN : Number(trimmed);
}

export function formatNumber(value: number | undefined): string {
  return value === undefined || Number.isNaN(value) ? "" : String(value);
}

const same = (a: number | undefined, b: number | undefined) =>
  a === b || (a !== undefined && b !== undefined && Number.isNaN(a) && Number.isNaN(b));

export function NumberField({
  label,
  value,
  onValue,
  onCommit,
  optional = false,
  error,
  hint,
  name,
  integer = false,
}: {
  label: string;
  value: number | undefined;
  onValue(value: number | undefined): void;
  /** The field lost focus: the end of one undo step. */
  onCommit?(): void;
  optional?: boolean;
  error?: string | null;
  hint?: string;
  name: string;
  integer?: boolean;
}) {
  const [text, setText] = useState(formatNumber(value));
  useEffect(() => {
    setText((current) => {
      const shown = optional && current.trim() === "" ? undefined : parseNumber(current);
      return same(shown, value) ? current : formatNumber(value);
    });
  }, [value, optional]);
  return (
    <TextField
      label={label}
      name={name}
      value={text}
      inputMode={integer ? "numeric" : "decimal"}
      autoComplete="off"
      spellCheck={false}
      error={error}
      hint={hint}
      required={!optional}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        onValue(optional && next.trim() === "" ? undefined : parseNumber(next));
      }}
      onBlur={() => onCommit?.()}
    />
  );
}
