// The login page (spec 2, 4, 8): user name (trimmed) and password, the redirect back to where the user was
// going, the second factor when the account has one, and the forced password change after a reset.
import { useSignals } from "@preact/signals-react/runtime";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { APP_VERSION } from "../../../shared/version.ts";
import { commandChildren } from "../../commands/run.ts";
import { PasswordField, TextField } from "../../components/form.tsx";
import { Icon } from "../../components/Icon.tsx";
import { Kbd } from "../../components/Kbd.tsx";
import { Logo } from "../../components/Logo.tsx";
import { config } from "../../config.ts";
import { i18n } from "../../i18n.ts";
import { KernelStatus } from "../../KernelStatus.tsx";
import { CommandMenu } from "../../layouts/CommandMenu.tsx";
import { safeRedirectTarget } from "../../router/guard.ts";
import { navigate } from "../../router/navigation.ts";
import type { ScreenProps } from "../../router/types.ts";
import { finishSecondFactor, type LoginOutcome, login } from "../../session.ts";
import { changePasswordOpen, changePasswordRequired } from "../../state/overlays.ts";
import { loginUnfinished, token } from "../../state/session.ts";

export default function Login({ view }: ScreenProps) {
  useSignals();
  const { t } = useTranslation();
  const [userName, setUserName] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [stage, setStage] = useState<"credentials" | "secondFactor">("credentials");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const userField = useRef<HTMLInputElement>(null);
  const codeField = useRef<HTMLInputElement>(null);
  const target = safeRedirectTarget(view.query.get("redirect"));

  useEffect(() => userField.current?.focus(), []);
  useEffect(() => {
    if (stage === "secondFactor") codeField.current?.focus();
  }, [stage]);

  // After a forced password change the dialog closes with a full token: go on.
  const waitingForPassword = useRef(false);
  useEffect(() => {
    if (waitingForPassword.current && !changePasswordOpen.value) {
      waitingForPassword.current = false;
      // Cancelled or refused: the one-time session was dropped and the form is back.
      if (token.value && !loginUnfinished.value) navigate(target, { replace: true });
    }
  });

  const settle = (outcome: LoginOutcome) => {
    setBusy(false);
    if (outcome.kind === "failed") {
      setError(outcome.message);
      return;
    }
    setError(null);
    if (outcome.kind === "secondFactor") {
      setStage("secondFactor");
      return;
    }
    if (outcome.mustChangePassword) {
      waitingForPassword.current = true;
      changePasswordRequired.value = true;
      changePasswordOpen.value = true;
      return;
    }
    navigate(target, { replace: true });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (stage === "secondFactor") {
      setBusy(true);
      settle(await finishSecondFactor(code.trim()));
      return;
    }
    if (!userName.trim() || !password) {
      setError(t("account:login.required"));
      return;
    }
    setBusy(true);
    settle(await login(userName, password));
  };

  return (
    <div className="login-page">
      <div className="login-tools">
        <CommandMenu
          label={t("commands:shell.language")}
          trigger={
            <>
              <Icon name="language" size={16} />
              <span className="header-lang">{i18n.language.toUpperCase()}</span>
            </>
          }
          commands={() => commandChildren("shell.language")}
          testId="language-menu"
        />
      </div>
      <form className="login-card" onSubmit={submit} noValidate aria-labelledby="login-title">
        <div className="login-brand">
          <Logo size={36} />
          <div>
            <h1 id="login-title">{config.appTitle}</h1>
            <p>{t("app.tagline")}</p>
          </div>
        </div>
        {stage === "credentials" ? (
          <>
            <TextField
              ref={userField}
              label={t("account:login.userName")}
              name="userName"
              autoComplete="username"
              value={userName}
              onChange={(e) => setUserName(e.target.value)}
              required
            />
            <PasswordField
              label={t("account:login.password")}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
            />
          </>
        ) : (
          <TextField
            ref={codeField}
            label={t("account:login.secondFactor")}
            hint={t("messages:secondFactorRequired")}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            required
          />
        )}
        {error && (
          <div className="form-error" role="alert" data-testid="login-error">
            {error}
          </div>
        )}
        <button
          type="submit"
          className="button button-primary button-block"
          disabled={busy}
          data-testid="login-submit"
        >
          {busy ? t("common:loading") : t("account:login.submit")}
        </button>
        <p className="login-hint">
          {t("account:login.paletteHint")} <Kbd shortcut="mod+k" /> · <Kbd shortcut="?" />
        </p>
        <p className="login-hint">{t("messages:passwordResetTip")}</p>
      </form>
      <footer className="login-footer">
        <span>{t("app.version", { version: APP_VERSION })}</span>
        <KernelStatus />
      </footer>
    </div>
  );
}
