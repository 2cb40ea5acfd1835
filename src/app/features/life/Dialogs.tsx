// Small dialogs of the life-data page: a name (create, copy), a random sample from chosen parameters and
// seed, and the groups to analyse.
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog, DialogCancel } from "../../components/Dialog.tsx";
import { SelectField, TextField } from "../../components/form.tsx";

export function NameDialog({
  title,
  initial,
  onSubmit,
  onClose,
  focusRef,
}: {
  title: string;
  initial: string;
  onSubmit(name: string): void;
  onClose(): void;
  /** Where focus goes when the dialog closes. */
  focusRef?: { current: Element | null };
}) {
  const { t } = useTranslation(["life", "common", "messages"]);
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(t("messages:nameRequired"));
    if (trimmed.length > 150) return setError(t("messages:tooLong"));
    onSubmit(trimmed);
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={title}
      width={420}
      testId="life-name-dialog"
      focusRef={focusRef}
    >
      <form onSubmit={submit}>
        <TextField
          label={t("life:name")}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={error}
          name="name"
          required
        />
        <div className="dialog-footer">
          <DialogCancel />
          <button type="submit" className="button button-primary">
            {t("common:confirm")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export type RandomDistribution = "weibull" | "exponential" | "normal" | "lognormal";

export interface RandomRequest {
  distribution: RandomDistribution;
  a: number;
  b: number;
  n: number;
  seed: number;
  /** Units still running at this time are suspensions (type I censoring); empty = all fail. */
  censorAt: number | null;
}

const PARAMS: Record<RandomDistribution, [string, string | null]> = {
  weibull: ["beta", "eta"],
  exponential: ["lambda", null],
  normal: ["mu", "sigma"],
  lognormal: ["muLog", "sigmaLog"],
};

export function RandomDialog({
  maxRows,
  onSubmit,
  onClose,
}: {
  maxRows: number;
  onSubmit(request: RandomRequest): void;
  onClose(): void;
}) {
  const { t } = useTranslation(["life", "common", "messages"]);
  const [distribution, setDistribution] = useState<RandomDistribution>("weibull");
  const [a, setA] = useState("2");
  const [b, setB] = useState("1000");
  const [n, setN] = useState("100");
  const [seed, setSeed] = useState("1");
  const [censor, setCensor] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pa, pb] = PARAMS[distribution];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    const A = Number(a);
    const B = Number(b);
    const N = Number(n);
    const S = Number(seed);
    const C = censor.trim() === "" ? null : Number(censor);
    if (!(Number.isFinite(A) && (distribution === "normal" || A > 0))) next.a = t("messages:valuePositive");
    if (pb && !(Number.isFinite(B) && B > 0)) next.b = t("messages:valuePositive");
    if (!(Number.isInteger(N) && N >= 1 && N <= maxRows)) next.n = t("life:random.nRange", { max: maxRows });
    if (!(Number.isInteger(S) && S >= 0)) next.seed = t("life:random.seedRule");
    if (C !== null && !(C > 0)) next.censor = t("messages:valuePositive");
    setErrors(next);
    if (Object.keys(next).length === 0)
      onSubmit({ distribution, a: A, b: pb ? B : 0, n: N, seed: S, censorAt: C });
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("life:random.title")}
      width={460}
      testId="life-random"
    >
      <form onSubmit={submit} className="form-grid">
        <SelectField
          label={t("life:settings.distribution")}
          value={distribution}
          onChange={(e) => setDistribution(e.target.value as RandomDistribution)}
          options={(Object.keys(PARAMS) as RandomDistribution[]).map((d) => ({
            value: d,
            label: t(`life:random.distributions.${d}`),
          }))}
          name="randomDistribution"
        />
        <TextField
          label={t(`life:parameters.${pa}`)}
          value={a}
          onChange={(e) => setA(e.target.value)}
          error={errors.a}
          name="a"
          inputMode="decimal"
        />
        {pb && (
          <TextField
            label={t(`life:parameters.${pb}`)}
            value={b}
            onChange={(e) => setB(e.target.value)}
            error={errors.b}
            name="b"
            inputMode="decimal"
          />
        )}
        <TextField
          label={t("life:random.n")}
          value={n}
          onChange={(e) => setN(e.target.value)}
          error={errors.n}
          name="n"
          inputMode="numeric"
        />
        <TextField
          label={t("life:random.seed")}
          value={seed}
          onChange={(e) => setSeed(e.target.value)}
          error={errors.seed}
          name="seed"
          inputMode="numeric"
        />
        <TextField
          label={t("life:random.censor")}
          value={censor}
          onChange={(e) => setCensor(e.target.value)}
          error={errors.censor}
          hint={t("life:random.censorHint")}
          name="censor"
          inputMode="decimal"
        />
        <p className="dialog-hint">{t("life:random.replaces")}</p>
        <div className="dialog-footer">
          <DialogCancel />
          <button type="submit" className="button button-primary">
            {t("life:random.generate")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export function GroupDialog({
  groups,
  selected,
  onSubmit,
  onClose,
}: {
  groups: Array<{ group: number; rows: number }>;
  selected: number[];
  onSubmit(groups: number[]): void;
  onClose(): void;
}) {
  const { t } = useTranslation(["life", "common"]);
  const [picked, setPicked] = useState<Set<number>>(
    new Set(selected.length ? selected : groups.map((g) => g.group)),
  );
  const toggle = (g: number) => {
    const next = new Set(picked);
    if (next.has(g)) next.delete(g);
    else next.add(g);
    setPicked(next);
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("life:groups.title")}
      width={420}
      testId="life-groups"
    >
      {/* A form like every dialog's: Enter or its Confirm button submits it. */}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (picked.size > 0)
            onSubmit(picked.size === groups.length ? [] : [...picked].sort((x, y) => x - y));
        }}
      >
        <p className="dialog-hint">{t("life:groups.hint")}</p>
        <ul className="check-list">
          {groups.map((g) => (
            <li key={g.group}>
              <label>
                <input type="checkbox" checked={picked.has(g.group)} onChange={() => toggle(g.group)} />{" "}
                {g.group === 0 ? t("life:groups.none") : t("life:groups.group", { group: g.group })}{" "}
                <span className="muted">{t("life:groups.rows", { count: g.rows })}</span>
              </label>
            </li>
          ))}
        </ul>
        <div className="dialog-footer">
          <DialogCancel />
          <button type="submit" className="button button-primary" disabled={picked.size === 0}>
            {t("common:confirm")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
