// Form fields of the app: a label, the control, and the field's message tied to it with aria-describedby
// and aria-invalid, so a screen reader and a keyboard user get the same feedback as a sighted mouse user.
import { type ComponentProps, type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "./Icon.tsx";

export interface FieldProps {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
  children: (ids: { id: string; describedBy?: string; invalid: boolean }) => ReactNode;
  className?: string;
}

export function Field({ label, error, hint, required, children, className }: FieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? messageId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field ${error ? "field-invalid" : ""} ${className ?? ""}`}>
      <label htmlFor={id} className="field-label">
        {required && (
          <span className="field-required" aria-hidden="true">
            *
          </span>
        )}
        {label}
      </label>
      <div className="field-control">
        {children({ id, describedBy, invalid: Boolean(error) })}
        {hint && !error && (
          <div id={hintId} className="field-hint">
            {hint}
          </div>
        )}
        {error && (
          <div id={messageId} className="field-error" role="alert">
            {error}
          </div>
        )}
      </div>
    </div>
  );
}

type InputProps = Omit<ComponentProps<"input">, "id"> & {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
};

export function TextField({ label, error, hint, required, className, ...input }: InputProps) {
  return (
    <Field label={label} error={error} hint={hint} required={required} className={className}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          className="input"
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          aria-required={required || undefined}
          {...input}
        />
      )}
    </Field>
  );
}

/**
 * Spec 4: password fields toggle between masked and visible. The toggle stays out of the Tab order (Tab goes
 * from field to field, as a login form is typed) but keeps its label for screen readers and the pointer;
 * from the keyboard, Alt+F8 in the field toggles it (the key Windows' own password boxes use).
 */
export function PasswordField({ label, error, hint, required, className, ...input }: InputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} error={error} hint={hint} required={required} className={className}>
      {({ id, describedBy, invalid }) => (
        <div className="input-group">
          <input
            id={id}
            className="input"
            type={visible ? "text" : "password"}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            aria-required={required || undefined}
            {...input}
            onKeyDown={(e) => {
              if (e.altKey && e.key === "F8") {
                e.preventDefault();
                setVisible(!visible);
              }
              input.onKeyDown?.(e);
            }}
          />
          <button
            type="button"
            className="icon-button input-addon"
            aria-keyshortcuts="Alt+F8"
            aria-label={visible ? t("common:hidePassword") : t("common:showPassword")}
            aria-pressed={visible}
            tabIndex={-1}
            onClick={() => setVisible(!visible)}
          >
            <Icon name={visible ? "eyeOff" : "eye"} />
          </button>
        </div>
      )}
    </Field>
  );
}

type SelectProps = Omit<ComponentProps<"select">, "id"> & {
  label: ReactNode;
  error?: string | null;
  options: { value: string; label: string; disabled?: boolean }[];
};

export function SelectField({ label, error, required, options, className, ...select }: SelectProps) {
  return (
    <Field label={label} error={error} required={required} className={className}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          className="input"
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          {...select}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function TextAreaField({
  label,
  error,
  required,
  className,
  ...area
}: Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> & {
  label: ReactNode;
  error?: string | null;
}) {
  return (
    <Field label={label} error={error} required={required} className={className}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          className="input textarea"
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          {...area}
        />
      )}
    </Field>
  );
}
