// The user centre: the account's facts, the editable profile (nickname, real name, introduction), binding a
// phone number (spec 5 rules), and the password change.
import { useSignals } from "@preact/signals-react/runtime";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ALIAS_MAX } from "../../../shared/constants.ts";
import { PHONE_PATTERN } from "../../../shared/validation.ts";
import { authority } from "../../api/authority.ts";
import { runCommand } from "../../commands/run.ts";
import { PasswordField, TextAreaField, TextField } from "../../components/form.tsx";
import { message } from "../../components/message.ts";
import { ScreenHeader, useRemote } from "../../components/screen.tsx";
import { formatDate } from "../../format.ts";
import type { ScreenProps } from "../../router/types.ts";
import { loadUserInfo } from "../../session.ts";

export default function UserCenter({ view }: ScreenProps) {
  useSignals();
  const { t } = useTranslation();
  const info = useRemote(() => authority.info().then((r) => r.data), []);
  const u = info.data;
  return (
    <div className="screen" data-testid="user-center">
      <ScreenHeader
        view={view}
        actions={
          <button type="button" className="button" onClick={() => runCommand("account.changePassword")}>
            {t("commands:account.changePassword")}
          </button>
        }
      />
      {u && (
        <div className="columns">
          <section className="panel" aria-labelledby="account-facts">
            <h2 id="account-facts">{t("account:center.account")}</h2>
            <dl className="facts">
              <dt>{t("account:fields.userName")}</dt>
              <dd>{u.userName}</dd>
              <dt>{t("account:fields.roles")}</dt>
              <dd>{u.roles.map((r) => t(`common:roles.${r}`)).join(", ")}</dd>
              <dt>{t("account:fields.department")}</dt>
              <dd>{u.department?.name ?? "—"}</dd>
              <dt>{t("account:fields.projectRole")}</dt>
              <dd>{u.projectRole ?? "—"}</dd>
              <dt>{t("account:fields.expiresAt")}</dt>
              <dd>{u.expiresAt ? formatDate(u.expiresAt) : t("account:center.noExpiry")}</dd>
              <dt>{t("account:fields.invitationCode")}</dt>
              <dd>
                <code>{u.invitationCode ?? "—"}</code>
              </dd>
              <dt>{t("account:fields.phone")}</dt>
              <dd>{u.phoneNumber ?? "—"}</dd>
            </dl>
          </section>
          <ProfileForm
            key={`${u.userId}-${u.nickname}-${u.realName}`}
            initial={{
              nickname: u.nickname ?? "",
              realName: u.realName ?? "",
              introduction: u.introduction ?? "",
            }}
            onSaved={() => {
              info.reload();
              loadUserInfo();
            }}
          />
          <PhoneForm onSaved={info.reload} />
        </div>
      )}
    </div>
  );
}

function ProfileForm(props: {
  initial: { nickname: string; realName: string; introduction: string };
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState(props.initial);
  const [aliasError, setAliasError] = useState<string | null>(null);
  const checkAlias = () =>
    setAliasError(form.nickname.trim().length > ALIAS_MAX ? t("messages:aliasTooLong") : null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (form.nickname.trim().length > ALIAS_MAX) return checkAlias();
    await authority.updateProfile({
      nickname: form.nickname.trim() || null,
      realName: form.realName.trim() || null,
      introduction: form.introduction || null,
    });
    message.success(t("common:saved"));
    props.onSaved();
  };
  return (
    <form className="panel form-vertical" onSubmit={submit} aria-labelledby="profile-title">
      <h2 id="profile-title">{t("account:center.profile")}</h2>
      <TextField
        label={t("account:fields.nickname")}
        value={form.nickname}
        onChange={(e) => setForm({ ...form, nickname: e.target.value })}
        onBlur={checkAlias}
        error={aliasError}
      />
      <TextField
        label={t("account:fields.realName")}
        value={form.realName}
        onChange={(e) => setForm({ ...form, realName: e.target.value })}
      />
      <TextAreaField
        label={t("account:fields.introduction")}
        value={form.introduction}
        rows={3}
        onChange={(e) => setForm({ ...form, introduction: e.target.value })}
      />
      <div className="form-actions">
        <button type="submit" className="button button-primary">
          {t("common:save")}
        </button>
      </div>
    </form>
  );
}

function PhoneForm({ onSaved }: { onSaved(): void }) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const check = () => setError(PHONE_PATTERN.test(phone.trim()) ? null : t("messages:phoneInvalid"));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!PHONE_PATTERN.test(phone.trim())) return check();
    await authority.bindPhone(phone.trim(), password);
    message.success(t("common:saved"));
    setPassword("");
    onSaved();
  };
  return (
    <form className="panel form-vertical" onSubmit={submit} aria-labelledby="phone-title">
      <h2 id="phone-title">{t("account:center.phone")}</h2>
      <TextField
        label={t("account:fields.phone")}
        inputMode="tel"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        onBlur={check}
        error={error}
        required
      />
      <PasswordField
        label={t("account:center.confirmWithPassword")}
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
      />
      <div className="form-actions">
        <button type="submit" className="button button-primary">
          {t("account:center.bindPhone")}
        </button>
      </div>
    </form>
  );
}
