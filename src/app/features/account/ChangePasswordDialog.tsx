// The change-password dialog (spec 5 and 7): validated on blur with the translated messages oldPassNull,
// newPassLength, passType, newPasswordSame and passTips; status 0 shows success and closes it, a refusal
// is shown in the dialog, which stays open with what was typed (spec 5 closed it either way, which sent a
// forced change back to the login page without a word). The server ends the other sessions and answers a
// fresh token for this one.
import { useSignals } from "@preact/signals-react/runtime";
import { type FocusEvent, type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { authority } from "../../api/authority.ts";
import { successText } from "../../api/client.ts";
import { ApiError } from "../../api/http.ts";
import { Dialog, DialogCancel } from "../../components/Dialog.tsx";
import { PasswordField } from "../../components/form.tsx";
import { message } from "../../components/message.ts";
import { changePasswordOpen, changePasswordRequired } from "../../state/overlays.ts";
import { clearToken, loginUnfinished, setToken } from "../../state/session.ts";
import {
  type PasswordErrors,
  type PasswordForm,
  validatePasswordField,
  validatePasswordForm,
} from "./passwordForm.ts";

const EMPTY: PasswordForm = { oldPassword: "", newPassword: "", algin: "" };

export function ChangePasswordDialog() {
  useSignals();
  const open = changePasswordOpen.value;
  return open ? <PasswordDialog required={changePasswordRequired.value} /> : null;
}

function PasswordDialog({ required }: { required: boolean }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<PasswordForm>(EMPTY);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [busy, setBusy] = useState(false);
  /** The server's refusal, shown in the dialog: the user corrects it there (a forced change stays open). */
  const [failure, setFailure] = useState<string | null>(null);

  const close = (changed: boolean) => {
    changePasswordOpen.value = false;
    changePasswordRequired.value = false;
    // A forced change that did not happen leaves the one-time session useless: back to the login form.
    if (required && !changed) clearToken();
  };

  const update = (field: keyof PasswordForm, value: string) => {
    const next = { ...form, [field]: value };
    setForm(next);
    setTyped({ ...typed, [field]: true });
    setFailure(null);
    // Once shown, a message follows the typing; first shown on blur (spec 5).
    if (errors[field]) setErrors({ ...errors, [field]: validatePasswordField(field, next) });
  };
  // A field is checked when the user leaves it for another part of the dialog, or after typing in it: focus
  // that passes through while the dialog opens (the palette handing focus back) is not the user leaving it.
  const [typed, setTyped] = useState<Partial<Record<keyof PasswordForm, boolean>>>({});
  const blur = (field: keyof PasswordForm, event: FocusEvent<HTMLInputElement>) => {
    const within =
      event.relatedTarget instanceof Node &&
      event.currentTarget.form?.closest("[role=dialog]")?.contains(event.relatedTarget);
    if (!within && !typed[field]) return;
    setErrors({ ...errors, [field]: validatePasswordField(field, form) });
  };
  const text = (field: keyof PasswordForm) => (errors[field] ? t(`messages:${errors[field]}`) : null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const all = validatePasswordForm(form);
    setErrors(all);
    if (Object.keys(all).length > 0 || busy) return;
    setBusy(true);
    try {
      const answer = await authority.changePassword(form);
      if (answer.data?.token?.token) setToken(answer.data.token.token);
      loginUnfinished.value = false;
      message.success(successText(answer, t("messages:passwordChanged")));
      close(true);
    } catch (error) {
      // The dialog stays open with the reason: closing it would throw away what was typed and, for a forced
      // change, the one-time session with it.
      setFailure(error instanceof ApiError && error.message ? error.message : t("messages:error"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && close(false)}
      title={t("account:password.title")}
      description={required ? t("messages:mustChangePassword") : t("account:password.rules")}
      width={420}
      testId="change-password"
      footer={
        <>
          <DialogCancel />
          <button type="submit" form="change-password-form" className="button button-primary" disabled={busy}>
            {t("common:confirm")}
          </button>
        </>
      }
    >
      <form id="change-password-form" onSubmit={submit} noValidate className="form-vertical">
        {failure && (
          <p className="field-error" role="alert" data-testid="change-password-failure">
            {failure}
          </p>
        )}
        <PasswordField
          label={t("account:password.old")}
          autoComplete="current-password"
          value={form.oldPassword}
          onChange={(e) => update("oldPassword", e.target.value)}
          onBlur={(e) => blur("oldPassword", e)}
          error={text("oldPassword")}
          required
        />
        <PasswordField
          label={t("account:password.new")}
          autoComplete="new-password"
          value={form.newPassword}
          onChange={(e) => update("newPassword", e.target.value)}
          onBlur={(e) => blur("newPassword", e)}
          error={text("newPassword")}
          required
        />
        <PasswordField
          label={t("account:password.confirm")}
          autoComplete="new-password"
          value={form.algin}
          onChange={(e) => update("algin", e.target.value)}
          onBlur={(e) => blur("algin", e)}
          error={text("algin")}
          required
        />
      </form>
    </Dialog>
  );
}
