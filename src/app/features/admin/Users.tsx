// The users tab: search, create (the one-time password is shown once), edit fields and roles, set expiry,
// reset password (one-time, shown once), delete. The server refuses what spec 6 forbids (the last admin,
// oneself) with a message the client shows.
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ALIAS_MAX, TRIAL_ROW_LIMIT } from "../../../shared/constants.ts";
import { ROLE_CODES, type RoleCode } from "../../../shared/permissions.ts";
import type { User } from "../../../shared/schemas/users.ts";
import { PHONE_PATTERN } from "../../../shared/validation.ts";
import { authority } from "../../api/authority.ts";
import { org } from "../../api/org.ts";
import { rowCommandId } from "../../commands/rows.ts";
import { runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { usersSlot } from "../../commands/work.ts";
import { confirmDialog } from "../../components/confirm.tsx";
import { Dialog, DialogCancel } from "../../components/Dialog.tsx";
import { SelectField, TextField } from "../../components/form.tsx";
import { message } from "../../components/message.ts";
import { useRemote } from "../../components/screen.tsx";
import { DataTable, Pager } from "../../components/table.tsx";
import { formatDate, formatDateTime } from "../../format.ts";

export function Users() {
  const { t } = useTranslation(["common", "admin"]);
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState("");
  const [editing, setEditing] = useState<User | "new" | null>(null);
  useScreenActions(usersSlot, { create: () => setEditing("new") });
  const [secret, setSecret] = useState<{ userName: string; password: string } | null>(null);
  const list = useRemote(
    () =>
      authority.listUsers({ page, pageSize: 20, keyword: keyword.trim() || undefined }).then((r) => r.data),
    [page, keyword],
  );

  const reset = async (u: User) => {
    if (
      !(await confirmDialog({
        title: t("admin:users.resetPassword"),
        message: t("admin:users.confirmReset", { name: u.userName }),
      }))
    )
      return;
    const answer = await authority.resetPassword(u.userId);
    setSecret({ userName: u.userName, password: answer.data.password });
  };
  const remove = async (u: User) => {
    if (
      !(await confirmDialog({
        title: t("common:delete"),
        message: t("admin:users.confirmDelete", { name: u.userName }),
        tone: "danger",
      }))
    ) {
      message.info(t("messages:deleteCancelled"));
      return;
    }
    await authority.deleteUser(u.userId);
    message.success(t("common:deleted"));
    list.reload();
  };

  return (
    <div data-testid="users-tab">
      <div className="toolbar">
        <TextField
          label={t("common:search")}
          data-screen-search
          value={keyword}
          onChange={(e) => {
            setKeyword(e.target.value);
            setPage(1);
          }}
          className="field-inline"
        />
        <span className="toolbar-spacer" />
        <button
          type="button"
          className="button button-primary"
          onClick={() => runCommand("work.newUser")}
          data-testid="create-user"
        >
          {t("admin:users.create")}
        </button>
      </div>
      <DataTable
        caption={t("admin:tabs.users")}
        loading={list.loading}
        rows={list.data?.items}
        rowKey={(u) => u.userId}
        testId="users-table"
        rowActions={{
          kind: "user",
          actions: (u) => ({
            edit: () => setEditing(u),
            resetPassword: () => reset(u),
            delete: () => remove(u),
          }),
        }}
        columns={[
          { key: "userName", header: t("admin:users.userName"), render: (u) => u.userName, width: 120 },
          {
            key: "nickname",
            header: t("admin:users.nickname"),
            render: (u) => u.nickname ?? "—",
            width: 110,
          },
          {
            key: "realName",
            header: t("admin:users.realName"),
            render: (u) => u.realName ?? "—",
            width: 110,
          },
          { key: "phone", header: t("admin:users.phone"), render: (u) => u.phoneNumber ?? "—", width: 110 },
          {
            key: "department",
            header: t("admin:users.department"),
            render: (u) => u.department?.name ?? "—",
            width: 110,
          },
          {
            key: "roles",
            header: t("admin:users.roles"),
            render: (u) =>
              u.roles.length
                ? u.roles.map((r) => t(`common:roles.${r}`)).join(", ")
                : t("common:roles.visitor"),
          },
          {
            key: "expires",
            header: t("admin:users.expiresAt"),
            render: (u) => formatDate(u.expiresAt),
            width: 100,
          },
          {
            key: "lastLogin",
            header: t("admin:users.lastLogin"),
            render: (u) => formatDateTime(u.lastLoginAt),
            width: 140,
          },
          {
            key: "actions",
            header: <span className="visually-hidden">{t("common:actions")}</span>,
            render: (u) => (
              <span className="row-actions">
                <button
                  type="button"
                  className="link-button"
                  onClick={() => runCommand(rowCommandId("user", "edit"))}
                  aria-label={`${t("common:edit")} ${u.userName}`}
                >
                  {t("common:edit")}
                </button>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => runCommand(rowCommandId("user", "resetPassword"))}
                  aria-label={`${t("admin:users.resetPassword")} ${u.userName}`}
                >
                  {t("admin:users.resetPassword")}
                </button>
                <button
                  type="button"
                  className="link-button danger"
                  onClick={() => runCommand(rowCommandId("user", "delete"))}
                  aria-label={`${t("common:delete")} ${u.userName}`}
                >
                  {t("common:delete")}
                </button>
              </span>
            ),
          },
        ]}
      />
      {list.data && (
        <Pager page={page} pageSize={list.data.pageSize} total={list.data.total} onPage={setPage} />
      )}
      {editing && (
        <UserDialog
          user={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(created) => {
            setEditing(null);
            if (created) setSecret(created);
            list.reload();
          }}
        />
      )}
      {secret && (
        <Dialog
          open
          onOpenChange={(o) => !o && setSecret(null)}
          title={t("admin:users.oneTimeTitle")}
          width={420}
          testId="one-time-password"
          footer={<DialogCancel label={t("common:close")} primary />}
        >
          <p>{t("admin:users.oneTimeBody", { name: secret.userName })}</p>
          <p className="secret">
            <code data-testid="one-time-password-value">{secret.password}</code>
          </p>
        </Dialog>
      )}
    </div>
  );
}

interface UserFormState {
  userName: string;
  nickname: string;
  realName: string;
  phoneNumber: string;
  departmentId: string;
  roles: string[];
  projectRole: string;
  expiresAt: string;
  password: string;
  vip: boolean;
}

function UserDialog({
  user,
  onClose,
  onSaved,
}: {
  user: User | null;
  onClose(): void;
  onSaved(created?: { userName: string; password: string }): void;
}) {
  const { t } = useTranslation(["common", "admin"]);
  const units = useRemote(() => org.list().then((r) => r.data.filter((u) => u.kind === "department")), []);
  const [f, setF] = useState<UserFormState>({
    userName: user?.userName ?? "",
    nickname: user?.nickname ?? "",
    realName: user?.realName ?? "",
    phoneNumber: user?.phoneNumber ?? "",
    departmentId: user?.department ? String(user.department.id) : "",
    roles: user?.roles ?? [],
    projectRole: user?.projectRole ?? "",
    expiresAt: user?.expiresAt ? user.expiresAt.slice(0, 10) : "",
    password: "",
    vip: user?.vip ?? true,
  });
  const [errors, setErrors] = useState<Partial<Record<keyof UserFormState, string>>>({});
  const set = <K extends keyof UserFormState>(k: K, v: UserFormState[K]) => {
    setF({ ...f, [k]: v });
    // an edited field's message goes; the next save checks it again
    if (errors[k]) setErrors({ ...errors, [k]: undefined });
  };

  const check = (): boolean => {
    const e: Partial<Record<keyof UserFormState, string>> = {};
    if (!user && !f.userName.trim()) e.userName = t("admin:users.userNameRequired");
    if (f.userName.trim().length > ALIAS_MAX || f.nickname.trim().length > ALIAS_MAX)
      e.nickname = t("messages:aliasTooLong");
    if (f.phoneNumber.trim() && !PHONE_PATTERN.test(f.phoneNumber.trim()))
      e.phoneNumber = t("messages:phoneInvalid");
    setErrors(e);
    return Object.keys(e).length === 0;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!check()) return;
    const common = {
      nickname: f.nickname.trim() || null,
      realName: f.realName.trim() || null,
      phoneNumber: f.phoneNumber.trim() || null,
      departmentId: f.departmentId ? Number(f.departmentId) : null,
      roles: f.roles as RoleCode[],
      projectRole: f.projectRole.trim() || null,
      expiresAt: f.expiresAt ? new Date(`${f.expiresAt}T23:59:59`).toISOString() : null,
      vip: f.vip,
    };
    if (user) {
      await authority.updateUser({ userId: user.userId, ...common });
      message.success(t("common:saved"));
      onSaved();
    } else {
      const answer = await authority.createUser({
        userName: f.userName.trim(),
        ...common,
        ...(f.password ? { password: f.password } : {}),
      });
      message.success(t("common:saved"));
      onSaved({ userName: answer.data.user.userName, password: answer.data.password ?? f.password });
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={user ? t("admin:users.edit", { name: user.userName }) : t("admin:users.create")}
      width={560}
      testId="user-dialog"
      footer={
        <>
          <DialogCancel />
          <button type="submit" form="user-form" className="button button-primary">
            {t("common:save")}
          </button>
        </>
      }
    >
      <form id="user-form" className="form-grid" onSubmit={submit} noValidate>
        <TextField
          label={t("admin:users.userName")}
          value={f.userName}
          onChange={(e) => set("userName", e.target.value)}
          error={errors.userName}
          disabled={Boolean(user)}
          required
          name="userName"
        />
        <TextField
          label={t("admin:users.nickname")}
          value={f.nickname}
          onChange={(e) => set("nickname", e.target.value)}
          error={errors.nickname}
          name="nickname"
        />
        <TextField
          label={t("admin:users.realName")}
          value={f.realName}
          onChange={(e) => set("realName", e.target.value)}
          name="realName"
        />
        <TextField
          label={t("admin:users.phone")}
          value={f.phoneNumber}
          onChange={(e) => set("phoneNumber", e.target.value)}
          error={errors.phoneNumber}
          inputMode="tel"
          name="phone"
        />
        <SelectField
          label={t("admin:users.department")}
          value={f.departmentId}
          onChange={(e) => set("departmentId", e.target.value)}
          options={[
            { value: "", label: "—" },
            ...(units.data ?? []).map((u) => ({ value: String(u.id), label: u.name })),
          ]}
        />
        <TextField
          label={t("admin:users.projectRole")}
          value={f.projectRole}
          onChange={(e) => set("projectRole", e.target.value)}
          name="projectRole"
        />
        <TextField
          label={t("admin:users.expiresAt")}
          type="date"
          value={f.expiresAt}
          onChange={(e) => set("expiresAt", e.target.value)}
          name="expiresAt"
        />
        {!user && (
          <TextField
            label={t("admin:users.initialPassword")}
            hint={t("admin:users.initialPasswordHint")}
            type="text"
            autoComplete="off"
            value={f.password}
            onChange={(e) => set("password", e.target.value)}
            name="initialPassword"
          />
        )}
        <fieldset className="checkbox-group span-2">
          <legend>{t("admin:users.roles")}</legend>
          {ROLE_CODES.map((r) => (
            <label key={r}>
              <input
                type="checkbox"
                checked={f.roles.includes(r)}
                onChange={(e) =>
                  set("roles", e.target.checked ? [...f.roles, r] : f.roles.filter((x) => x !== r))
                }
              />
              {t(`common:roles.${r}`)}
            </label>
          ))}
        </fieldset>
        <label className="span-2">
          <input
            type="checkbox"
            checked={!f.vip}
            onChange={(e) => set("vip", !e.target.checked)}
            name="trial"
          />{" "}
          {t("admin:users.trial", { limit: TRIAL_ROW_LIMIT.toLocaleString() })}
        </label>
      </form>
    </Dialog>
  );
}
