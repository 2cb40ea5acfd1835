// One project: its fields, manager and parts (part number, part name); saved with the version it was read
// at, so a change made meanwhile in another tab is refused instead of overwritten. Adding a part row is the
// command `work.addPart`, removing one the row command of kind "project-part" (the row holding focus), saving
// `work.saveProject` (Ctrl+S) as well as the form's submit.
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Project } from "../../../shared/schemas/projects.ts";
import { authority } from "../../api/authority.ts";
import { projects } from "../../api/work.ts";
import { rowCommandId } from "../../commands/rows.ts";
import { runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { projectDetailSlot } from "../../commands/work.ts";
import { SelectField, TextField } from "../../components/form.tsx";
import { Icon } from "../../components/Icon.tsx";
import { message } from "../../components/message.ts";
import { ScreenHeader, useRemote } from "../../components/screen.tsx";
import { useRowTarget } from "../../components/table.tsx";
import type { ScreenProps } from "../../router/types.ts";
import { canEditProject } from "./projectActions.ts";

export default function ProjectDetail({ view }: ScreenProps) {
  const { t } = useTranslation(["common", "work"]);
  const id = Number(view.params.id);
  const project = useRemote(() => projects.get(id).then((r) => r.data), [id]);
  const p = project.data;
  return (
    <div className="screen" data-testid="project-detail">
      <ScreenHeader view={view} title={p ? `${p.code} · ${p.name}` : undefined} />
      {p && (
        <ProjectForm
          key={`${p.id}-${p.version}`}
          project={p}
          readOnly={!canEditProject(p)}
          onSaved={project.reload}
          statusLabel={t(`work:projects.statuses.${p.status}`)}
        />
      )}
    </div>
  );
}

interface PartRow {
  key: number;
  partNumber: string;
  partName: string;
}

function ProjectForm({
  project,
  readOnly,
  onSaved,
  statusLabel,
}: {
  project: Project;
  readOnly: boolean;
  onSaved(): void;
  statusLabel: string;
}) {
  const { t } = useTranslation(["common", "work"]);
  const [name, setName] = useState(project.name);
  const [code, setCode] = useState(project.code);
  const [manager, setManager] = useState(project.managerUserId ? String(project.managerUserId) : "");
  const [parts, setParts] = useState<PartRow[]>(
    project.parts.map((p, i) => ({ key: i, partNumber: p.partNumber, partName: p.partName })),
  );
  const people = useRemote(() => authority.directory().then((r) => r.data), []);
  const table = useRef<HTMLTableSectionElement>(null);
  // A row just added takes focus (its part number), and a removed row's neighbour does, so the keyboard
  // stays in the table.
  const [focusPart, setFocusPart] = useState<{ key: number } | null>(null);
  useEffect(() => {
    if (focusPart)
      table.current?.querySelector<HTMLInputElement>(`tr[data-part="${focusPart.key}"] input`)?.focus();
  }, [focusPart]);
  const addPart = () => {
    const key = parts.reduce((m, p) => Math.max(m, p.key), -1) + 1;
    setParts([...parts, { key, partNumber: "", partName: "" }]);
    setFocusPart({ key });
  };
  const removePart = (key: number) => {
    const i = parts.findIndex((p) => p.key === key);
    const rest = parts.filter((p) => p.key !== key);
    setParts(rest);
    const neighbour = rest[Math.min(i, rest.length - 1)];
    if (neighbour) setFocusPart({ key: neighbour.key });
  };
  const form = useRef<HTMLFormElement>(null);
  // Ctrl+S and the palette submit the form as its Save button does (the browser's checks of required fields
  // included).
  useScreenActions(
    projectDetailSlot,
    readOnly ? null : { addPart, save: () => form.current?.requestSubmit() },
  );
  const { focus } = useRowTarget(
    readOnly
      ? undefined
      : {
          kind: "project-part",
          actions: (p: PartRow) => ({ remove: () => removePart(p.key) }),
        },
    parts,
    (p) => p.key,
  );

  const save = async (e: FormEvent) => {
    e.preventDefault();
    await projects.update(project.id, {
      version: project.version,
      name: name.trim(),
      code: code.trim(),
      managerUserId: manager ? Number(manager) : null,
      parts: parts
        .filter((p) => p.partNumber.trim() || p.partName.trim())
        .map((p) => ({ partNumber: p.partNumber.trim(), partName: p.partName.trim() })),
    });
    message.success(t("common:saved"));
    onSaved();
  };

  const setPart = (key: number, field: "partNumber" | "partName", value: string) =>
    setParts(parts.map((p) => (p.key === key ? { ...p, [field]: value } : p)));

  return (
    <form ref={form} className="panel form-vertical" onSubmit={save}>
      <div className="form-row">
        <TextField
          label={t("work:projects.name")}
          value={name}
          onChange={(e) => setName(e.target.value)}
          disabled={readOnly}
          required
        />
        <TextField
          label={t("work:projects.code")}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          disabled={readOnly}
          required
        />
        <SelectField
          label={t("work:projects.manager")}
          value={manager}
          onChange={(e) => setManager(e.target.value)}
          disabled={readOnly}
          options={[
            { value: "", label: "—" },
            ...(people.data ?? []).map((u) => ({ value: String(u.userId), label: u.nickname || u.userName })),
          ]}
        />
        <TextField label={t("work:projects.status")} value={statusLabel} readOnly />
      </div>
      <fieldset className="settings-group">
        <legend>{t("work:projects.parts")}</legend>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t("work:projects.partNumber")}</th>
              <th scope="col">{t("work:projects.partName")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("common:actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody ref={table}>
            {parts.map((p, i) => (
              <tr key={p.key} data-part={p.key} onFocus={() => focus(p)} onPointerDown={() => focus(p)}>
                <td>
                  <input
                    className="input"
                    aria-label={`${t("work:projects.partNumber")} ${i + 1}`}
                    value={p.partNumber}
                    onChange={(e) => setPart(p.key, "partNumber", e.target.value)}
                    disabled={readOnly}
                  />
                </td>
                <td>
                  <input
                    className="input"
                    aria-label={`${t("work:projects.partName")} ${i + 1}`}
                    value={p.partName}
                    onChange={(e) => setPart(p.key, "partName", e.target.value)}
                    disabled={readOnly}
                  />
                </td>
                <td>
                  {!readOnly && (
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={t("work:projects.removePart", { n: i + 1 })}
                      onClick={() => runCommand(rowCommandId("project-part", "remove"))}
                    >
                      <Icon name="trash" />
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {!readOnly && (
          <button type="button" className="button" onClick={() => runCommand("work.addPart")}>
            <Icon name="plus" /> {t("work:projects.addPart")}
          </button>
        )}
      </fieldset>
      {!readOnly && (
        <div className="form-actions">
          <button type="submit" className="button button-primary">
            {t("common:save")}
          </button>
        </div>
      )}
    </form>
  );
}
