// Quick feedback (spec 3, 5, 7): module, type, detail, contact and up to three images of at most 2 MB each.
// Status 0 shows success; anything else the server's message as a warning.
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { FEEDBACK_MODULES, FEEDBACK_TYPES, IMAGE_MAX_BYTES } from "../../../shared/constants.ts";
import { successText } from "../../api/client.ts";
import { feedback, uploadFile } from "../../api/feedback.ts";
import { ApiError } from "../../api/http.ts";
import { rowCommandId } from "../../commands/rows.ts";
import { runCommand } from "../../commands/run.ts";
import { Field, SelectField, TextAreaField, TextField } from "../../components/form.tsx";
import { message } from "../../components/message.ts";
import { useRowTarget } from "../../components/table.tsx";
import { currentFullPath } from "../../router/navigation.ts";

const MAX_IMAGES = 3;

const fileKey = (f: File) => `${f.name}-${f.size}-${f.lastModified}`;

export function imageProblem(file: {
  size: number;
  type: string;
}): "imageTooLarge" | "fileTypeUnsupported" | null {
  if (!file.type.startsWith("image/")) return "fileTypeUnsupported";
  return file.size > IMAGE_MAX_BYTES ? "imageTooLarge" : null;
}

export function FeedbackForm({ onDone, formId }: { onDone(): void; formId: string }) {
  const { t } = useTranslation();
  const [module, setModule] = useState(String(FEEDBACK_MODULES.weibull));
  const [type, setType] = useState(String(FEEDBACK_TYPES.usageProblem));
  const [detail, setDetail] = useState("");
  const [contact, setContact] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<{ detail?: string; files?: string }>({});
  const [busy, setBusy] = useState(false);
  // An attached image's Remove is the row command of kind "feedback-file" (the row holding focus).
  const { focus: focusFile } = useRowTarget(
    {
      kind: "feedback-file",
      actions: (f: File) => ({ remove: () => setFiles(files.filter((x) => x !== f)) }),
    },
    files,
    fileKey,
  );

  const pick = (list: FileList | null) => {
    const chosen = [...(list ?? [])];
    const bad = chosen.map(imageProblem).find((p) => p !== null);
    if (bad) {
      setErrors({ ...errors, files: t(`messages:${bad}`) });
      return;
    }
    if (files.length + chosen.length > MAX_IMAGES) {
      setErrors({ ...errors, files: t("account:feedback.tooManyImages", { max: MAX_IMAGES }) });
      return;
    }
    setErrors({ ...errors, files: undefined });
    setFiles([...files, ...chosen]);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!detail.trim()) {
      setErrors({ ...errors, detail: t("account:feedback.detailRequired") });
      return;
    }
    if (busy) return;
    setBusy(true);
    try {
      const paths: string[] = [];
      for (const f of files) paths.push((await uploadFile(f, "image")).data.path);
      const answer = await feedback.submit({
        feedBackModule: Number(module),
        feedBackType: Number(type),
        feedBackDetail: detail.trim(),
        feedBackContact: contact.trim(),
        feedBackFiles: paths.join(","),
        plusInfo: `${currentFullPath.value} · ${navigator.userAgent}`.slice(0, 2000),
      });
      message.success(successText(answer, t("account:feedback.thanks")));
      onDone();
    } catch (error) {
      if (error instanceof ApiError && !error.reported) message.warning(error.message || t("messages:error"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form id={formId} className="form-vertical" onSubmit={submit} noValidate>
      <div className="form-row">
        <SelectField
          label={t("account:feedback.module")}
          value={module}
          onChange={(e) => setModule(e.target.value)}
          options={Object.entries(FEEDBACK_MODULES).map(([k, v]) => ({
            value: String(v),
            label: t(`account:feedback.modules.${k}`),
          }))}
        />
        <SelectField
          label={t("account:feedback.type")}
          value={type}
          onChange={(e) => setType(e.target.value)}
          options={Object.entries(FEEDBACK_TYPES).map(([k, v]) => ({
            value: String(v),
            label: t(`account:feedback.types.${k}`),
          }))}
        />
      </div>
      <TextAreaField
        label={t("account:feedback.detail")}
        value={detail}
        rows={5}
        onChange={(e) => setDetail(e.target.value)}
        onBlur={() =>
          setErrors({ ...errors, detail: detail.trim() ? undefined : t("account:feedback.detailRequired") })
        }
        error={errors.detail}
        required
      />
      <TextField
        label={t("account:feedback.contact")}
        value={contact}
        onChange={(e) => setContact(e.target.value)}
      />
      <Field
        label={t("account:feedback.images")}
        error={errors.files}
        hint={t("account:feedback.imagesHint")}
      >
        {({ id, describedBy }) => (
          <div>
            <input
              id={id}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              multiple
              aria-describedby={describedBy}
              onChange={(e) => {
                pick(e.target.files);
                e.target.value = "";
              }}
            />
            {files.length > 0 && (
              <ul className="file-list">
                {files.map((f) => (
                  <li key={fileKey(f)} onFocus={() => focusFile(f)} onPointerDown={() => focusFile(f)}>
                    {f.name} ({Math.ceil(f.size / 1024)} kB)
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => runCommand(rowCommandId("feedback-file", "remove"))}
                    >
                      {t("common:remove")}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </Field>
    </form>
  );
}
