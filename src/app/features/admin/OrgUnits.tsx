// Departments or teams (spec 3 and 6): create, rename, place under a superior unit, allow access by the
// superior organisation, add and remove members, choose the leader among the members. A leader must be
// replaced before that member leaves; the server enforces it and its message is shown. The detail panel's
// buttons run the commands `work.addMember`, `work.removeMember` and `work.deleteUnit` (commands/work.ts).
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { UserRef } from "../../../shared/schemas/common.ts";
import type { OrgUnit } from "../../../shared/schemas/org.ts";
import { authority } from "../../api/authority.ts";
import { type OrgUnitDetail, org } from "../../api/org.ts";
import { rowCommandId } from "../../commands/rows.ts";
import { runChild, runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { orgUnitPanelSlot, orgUnitsSlot } from "../../commands/work.ts";
import { confirmDialog } from "../../components/confirm.tsx";
import { Dialog, DialogCancel } from "../../components/Dialog.tsx";
import { Field, SelectField, TextField } from "../../components/form.tsx";
import { Icon } from "../../components/Icon.tsx";
import { message } from "../../components/message.ts";
import { useRemote } from "../../components/screen.tsx";
import { DataTable } from "../../components/table.tsx";

export function OrgUnits({ kind }: { kind: OrgUnit["kind"] }) {
  const { t } = useTranslation(["common", "admin"]);
  const units = useRemote(() => org.list().then((r) => r.data), []);
  const [selected, setSelected] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  useScreenActions(orgUnitsSlot, { kind, create: () => setCreating(true) });
  const mine = (units.data ?? []).filter((u) => u.kind === kind);
  const nameOf = (id: number | null) =>
    id ? ((units.data ?? []).find((u) => u.id === id)?.name ?? "—") : "—";
  return (
    <div className="split" data-testid={`${kind}-tab`}>
      <div className="split-main">
        <div className="toolbar">
          <span className="toolbar-spacer" />
          <button
            type="button"
            className="button button-primary"
            onClick={() => runCommand(kind === "department" ? "work.newDepartment" : "work.newTeam")}
          >
            {t(`admin:org.create.${kind}`)}
          </button>
        </div>
        <DataTable
          caption={t(`admin:tabs.${kind === "department" ? "departments" : "teams"}`)}
          loading={units.loading}
          rows={mine}
          rowKey={(u) => u.id}
          rowActions={{ kind: "org-unit", actions: (u) => ({ open: () => setSelected(u.id) }) }}
          columns={[
            {
              key: "name",
              header: t("admin:org.name"),
              render: (u) => (
                <button
                  type="button"
                  className="link-button"
                  aria-pressed={selected === u.id}
                  onClick={() => runCommand(rowCommandId("org-unit", "open"))}
                >
                  {u.name}
                </button>
              ),
            },
            { key: "parent", header: t("admin:org.parent"), render: (u) => nameOf(u.parentId), width: 140 },
            {
              key: "members",
              header: t("admin:org.members"),
              render: (u) => u.memberCount,
              width: 80,
              align: "right",
            },
            {
              key: "superior",
              header: t("admin:org.allowSuperiorAccess"),
              render: (u) => (u.allowSuperiorAccess ? t("common:yes") : t("common:no")),
              width: 120,
            },
          ]}
        />
      </div>
      {selected !== null && (
        <UnitPanel
          key={selected}
          id={selected}
          units={units.data ?? []}
          onChanged={units.reload}
          onDeleted={() => {
            setSelected(null);
            units.reload();
          }}
        />
      )}
      {creating && (
        <CreateUnitDialog
          kind={kind}
          units={units.data ?? []}
          onClose={() => setCreating(false)}
          onCreated={(u) => {
            setCreating(false);
            setSelected(u.id);
            units.reload();
          }}
        />
      )}
    </div>
  );
}

interface PanelProps {
  id: number;
  units: OrgUnit[];
  onChanged(): void;
  onDeleted(): void;
}

function UnitPanel(props: PanelProps) {
  const { t } = useTranslation(["common", "admin"]);
  const unit = useRemote(() => org.get(props.id).then((r) => r.data), [props.id]);
  const people = useRemote(() => authority.directory().then((r) => r.data), []);
  const u = unit.data;
  if (!u) return <aside className="split-side panel">{t("common:loading")}</aside>;
  return <UnitDetail {...props} u={u} people={people.data ?? []} reload={unit.reload} />;
}

const personName = (p: { nickname?: string | null; userName: string }) => p.nickname || p.userName;

function UnitDetail({
  id,
  units,
  onChanged,
  onDeleted,
  u,
  people,
  reload,
}: PanelProps & {
  u: OrgUnitDetail;
  people: readonly UserRef[];
  reload(): void;
}) {
  const { t } = useTranslation(["common", "admin"]);
  const [adding, setAdding] = useState("");
  const changed = () => {
    reload();
    onChanged();
  };
  const update = async (body: Parameters<typeof org.update>[1]) => {
    await org.update(id, body);
    message.success(t("common:saved"));
    changed();
  };
  const addMember = async (userId: number) => {
    await org.addMembers(id, [userId]);
    setAdding("");
    changed();
  };
  const removeMember = async (userId: number, name: string) => {
    if (
      !(await confirmDialog({
        title: t("admin:org.removeMember"),
        message: t("admin:org.confirmRemove", { name }),
      }))
    )
      return;
    await org.removeMember(id, userId);
    changed();
  };
  const remove = async () => {
    if (
      !(await confirmDialog({
        title: t("common:delete"),
        message: t("admin:org.confirmDelete", { name: u.name }),
        tone: "danger",
      }))
    ) {
      message.info(t("messages:deleteCancelled"));
      return;
    }
    await org.remove(id);
    onDeleted();
  };
  const candidates = people.filter((p) => !u.members.some((m) => m.userId === p.userId));
  useScreenActions(orgUnitPanelSlot, {
    members: u.members.map((m) => ({ userId: m.userId, name: personName(m) })),
    candidates: candidates.map((p) => ({ userId: p.userId, name: personName(p) })),
    addMember: (userId: number) => void addMember(userId),
    removeMember: (userId: number) => {
      const m = u.members.find((x) => x.userId === userId);
      if (m) void removeMember(userId, personName(m));
    },
    remove: () => void remove(),
  });

  return (
    <aside className="split-side panel" aria-label={u.name} data-testid="unit-panel">
      <UnitNameForm key={u.name} name={u.name} onSave={(name) => update({ name })} />
      <SelectField
        label={t("admin:org.parent")}
        value={u.parentId ? String(u.parentId) : ""}
        onChange={(e) => update({ parentId: e.target.value ? Number(e.target.value) : null })}
        options={[
          { value: "", label: "—" },
          ...units
            .filter((x) => x.id !== u.id && x.kind === "department")
            .map((x) => ({ value: String(x.id), label: x.name })),
        ]}
      />
      <label className="switch-row">
        <span>{t("admin:org.allowSuperiorAccess")}</span>
        <input
          type="checkbox"
          checked={u.allowSuperiorAccess}
          onChange={(e) => update({ allowSuperiorAccess: e.target.checked })}
        />
      </label>
      <SelectField
        label={t("admin:org.leader")}
        value={u.leaderUserId ? String(u.leaderUserId) : ""}
        onChange={(e) => update({ leaderUserId: e.target.value ? Number(e.target.value) : null })}
        options={[
          { value: "", label: "—" },
          ...u.members.map((m) => ({ value: String(m.userId), label: m.nickname || m.userName })),
        ]}
      />
      <h3>{t("admin:org.members")}</h3>
      <ul className="member-list">
        {u.members.map((m) => (
          <li key={m.userId}>
            <span>
              {m.nickname || m.userName}
              {m.userId === u.leaderUserId && <span className="tag-status">{t("admin:org.leader")}</span>}
            </span>
            <button
              type="button"
              className="icon-button"
              aria-label={t("admin:org.removeMemberNamed", { name: m.nickname || m.userName })}
              onClick={() => runChild("work.removeMember", `work.removeMember.${m.userId}`, "button")}
            >
              <Icon name="close" />
            </button>
          </li>
        ))}
        {u.members.length === 0 && <li className="muted">{t("admin:org.noMembers")}</li>}
      </ul>
      <div className="inline-form">
        <SelectField
          label={t("admin:org.addMember")}
          value={adding}
          onChange={(e) => setAdding(e.target.value)}
          options={[
            { value: "", label: "—" },
            ...candidates.map((p) => ({ value: String(p.userId), label: p.nickname || p.userName })),
          ]}
        />
        <button
          type="button"
          className="button"
          onClick={() => runChild("work.addMember", `work.addMember.${adding}`, "button")}
          disabled={!adding}
        >
          {t("common:add")}
        </button>
      </div>
      <div className="form-actions">
        <button type="button" className="button button-danger" onClick={() => runCommand("work.deleteUnit")}>
          {t("common:delete")}
        </button>
      </div>
    </aside>
  );
}

function UnitNameForm({ name, onSave }: { name: string; onSave(name: string): void }) {
  const { t } = useTranslation(["common", "admin"]);
  const [value, setValue] = useState(name);
  return (
    <form
      className="inline-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (value.trim() && value.trim() !== name) onSave(value.trim());
      }}
    >
      <TextField
        label={t("admin:org.name")}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        maxLength={150}
      />
      <button type="submit" className="button">
        {t("admin:org.rename")}
      </button>
    </form>
  );
}

function CreateUnitDialog(props: {
  kind: OrgUnit["kind"];
  units: OrgUnit[];
  onClose(): void;
  onCreated(u: OrgUnit): void;
}) {
  const { t } = useTranslation(["common", "admin"]);
  const [name, setName] = useState("");
  const [parent, setParent] = useState("");
  const [superior, setSuperior] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setError(t("messages:nameRequired"));
      return;
    }
    const answer = await org.create({
      kind: props.kind,
      name: name.trim(),
      parentId: parent ? Number(parent) : null,
      allowSuperiorAccess: superior,
    });
    message.success(t("common:saved"));
    props.onCreated(answer.data);
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && props.onClose()}
      title={t(`admin:org.create.${props.kind}`)}
      width={420}
      footer={
        <>
          <DialogCancel />
          <button type="submit" form="create-unit" className="button button-primary">
            {t("common:create")}
          </button>
        </>
      }
    >
      <form id="create-unit" className="form-vertical" onSubmit={submit} noValidate>
        <TextField
          label={t("admin:org.name")}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={error}
          maxLength={150}
          required
        />
        <SelectField
          label={t("admin:org.parent")}
          value={parent}
          onChange={(e) => setParent(e.target.value)}
          options={[
            { value: "", label: "—" },
            ...props.units
              .filter((u) => u.kind === "department")
              .map((u) => ({ value: String(u.id), label: u.name })),
          ]}
        />
        <Field label={t("admin:org.allowSuperiorAccess")}>
          {({ id }) => (
            <input
              id={id}
              type="checkbox"
              checked={superior}
              onChange={(e) => setSuperior(e.target.checked)}
            />
          )}
        </Field>
      </form>
    </Dialog>
  );
}
