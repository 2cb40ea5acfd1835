// The change-password form of spec 5: old, new and confirmation required, the new one 6 to 15 characters of
// at least two kinds and not the old one, the confirmation equal to it. Answers message keys (oldPassNull, newPassLength,
// passType, passTips) so the dialog shows the translated texts; the server checks the same rules.
import { PASSWORD_LENGTH } from "../../../shared/constants.ts";
import type { MessageKey } from "../../../shared/messages.ts";
import { passwordKindProblem } from "../../../shared/validation.ts";

export interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  algin: string;
}

export type PasswordErrors = Partial<Record<keyof PasswordForm, MessageKey>>;

export function validatePasswordField(field: keyof PasswordForm, form: PasswordForm): MessageKey | undefined {
  if (field === "oldPassword") return form.oldPassword ? undefined : "oldPassNull";
  if (field === "newPassword") {
    const n = form.newPassword.length;
    if (n < PASSWORD_LENGTH.min || n > PASSWORD_LENGTH.max) return "newPassLength";
    // The server refuses it too; said here, before a round trip.
    if (form.newPassword === form.oldPassword) return "newPasswordSame";
    return passwordKindProblem(form.newPassword) ?? undefined;
  }
  return form.algin === form.newPassword && form.algin !== "" ? undefined : "passTips";
}

export function validatePasswordForm(form: PasswordForm): PasswordErrors {
  const errors: PasswordErrors = {};
  for (const field of ["oldPassword", "newPassword", "algin"] as const) {
    const problem = validatePasswordField(field, form);
    if (problem) errors[field] = problem;
  }
  return errors;
}
