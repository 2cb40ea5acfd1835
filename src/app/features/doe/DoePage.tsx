// /experimentalDesign: the start page that helps choose a tool by the question asked, and each tool's page
// (?tool=...): its settings, its worksheet in the shared data sheet (paste from Excel, undo), results and
// charts computed in the kernel worker, saved through /api/doe (?id= opens a stored one), exported as xlsx.
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { kernels } from "../../../kernels/client.ts";
import { doeStore } from "../../api/doe.ts";
import { routeCommandId } from "../../commands/navigation.ts";
import { runCommand } from "../../commands/run.ts";
import { useScreenActions } from "../../commands/screen-actions.ts";
import { DataSheet, type DataSheetHandle } from "../../components/grid/DataSheet.tsx";
import { Kbd } from "../../components/Kbd.tsx";
import { message } from "../../components/message.ts";
import { problemMessage } from "../../components/problem.ts";
import { ScreenHeader, useRemote } from "../../components/screen.tsx";
import {
  downloadBlob,
  MIME,
  readTableFile,
  safeFileName,
  writeTable,
} from "../../components/spreadsheet/client.ts";
import type { SheetIssue } from "../../components/spreadsheet/store.ts";
import { formatDateTime } from "../../format.ts";
import { allFlatRoutes } from "../../router/access.ts";
import { navigate } from "../../router/navigation.ts";
import type { ScreenProps } from "../../router/types.ts";
import { PATHS, pathWithQuery } from "../../routes.ts";
import { doeSlot, storedWorksheets } from "./actions.ts";
import { DoeResults, resultSheets } from "./DoeResults.tsx";
import { offerDoeDraft, useDoeDraft } from "./drafts.ts";
import { PowerPanel } from "./PowerPanel.tsx";
import { type ToolState, toolState } from "./state.ts";
import { fromStoredBody, toStoredBody } from "./storage.ts";
import { ToolSettings } from "./ToolSettings.tsx";
import {
  ALL_TOOLS,
  type DoeTool,
  designSheet,
  exampleSheet,
  sheetView,
  TOOL_GROUPS,
  TOOL_SCHEMAS,
  toolRequest,
} from "./tools.ts";
import "./doe.css";

/** Narrow columns, so a factorial's seven fit beside the results. */
const SHEET_WIDTHS = { run: 66, std: 66, A: 64, B: 64, C: 64, D: 64, y: 88, step: 96, name: 130 };

export default function DoePage({ view }: ScreenProps) {
  useSignals();
  const tool = view.query.get("tool") as DoeTool | null;
  const id = Number(view.query.get("id") ?? Number.NaN);
  if (tool && ALL_TOOLS.includes(tool))
    return <ToolPage key={tool} view={view} tool={tool} id={Number.isInteger(id) ? id : null} />;
  return <DoeHome view={view} />;
}

function DoeHome({ view }: ScreenProps) {
  useSignals();
  const { t } = useTranslation(["doe", "routes"]);
  // The user's stored worksheets, newest first (the palette's "Open a stored worksheet" lists the same).
  const stored = useRemote(() => doeStore.list({ mine: true, pageSize: 50 }), []);
  useEffect(() => {
    storedWorksheets.value = (stored.data?.data.items ?? [])
      .filter((m) => ALL_TOOLS.includes(m.summary.kind as DoeTool))
      .map((m) => ({ id: m.id, name: m.name, tool: String(m.summary.kind), updatedAt: m.updatedAt }));
  }, [stored.data]);
  const planners = allFlatRoutes.filter(
    (r) => r.route.meta?.activeMenu === PATHS.experimentalDesign && r.route.meta?.hidden,
  );
  return (
    <div className="screen doe-home" data-testid="doe-home">
      <ScreenHeader view={view} />
      <p className="muted">{t("doe:home.intro")}</p>
      <div className="doe-menu">
        {TOOL_GROUPS.map((g) => (
          <section key={g.question} className="panel doe-group" aria-labelledby={`doe-q-${g.question}`}>
            <h2 id={`doe-q-${g.question}`}>{t(`doe:questions.${g.question}`)}</h2>
            <ul>
              {g.tools.map((tool) => (
                <li key={tool}>
                  <button
                    type="button"
                    className="doe-tool-link"
                    onClick={() => runCommand(`doe.open.${tool}`)}
                  >
                    <strong>{t(`commands:doe.tools.${tool}`)}</strong>
                    <span className="muted">{t(`doe:toolHints.${tool}`)}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))}
        {storedWorksheets.value.length > 0 && (
          <section className="panel doe-group" aria-labelledby="doe-stored">
            <h2 id="doe-stored">{t("doe:stored")}</h2>
            <ul>
              {storedWorksheets.value.map((w) => (
                <li key={w.id}>
                  <button
                    type="button"
                    className="doe-tool-link"
                    onClick={() => runCommand(`doe.openStored.${w.id}`)}
                  >
                    <strong>{w.name}</strong>
                    <span className="muted">
                      {t(`commands:doe.tools.${w.tool}`)} · {formatDateTime(w.updatedAt)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
        <section className="panel doe-group" aria-labelledby="doe-q-testDesign">
          <h2 id="doe-q-testDesign">{t("doe:questions.testDesign")}</h2>
          <ul>
            {planners.map(({ route }) => (
              <li key={route.path}>
                <button
                  type="button"
                  className="doe-tool-link"
                  onClick={() => runCommand(routeCommandId(route.path))}
                >
                  <strong>{t(`routes:${route.meta?.title}`)}</strong>
                </button>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}

/** Runs the tool on its worksheet in the kernel worker; a cell that does not fit its column is said first. */
async function analyse(state: ToolState, cellProblem: (issue: SheetIssue) => void): Promise<void> {
  if (state.running.value) return;
  const issue = state.store.issues(1).issues[0];
  if (issue) {
    cellProblem(issue);
    return;
  }
  const request = toolRequest(
    state.tool,
    sheetView(TOOL_SCHEMAS[state.tool], state.store.snapshot()),
    state.settings.value,
  );
  state.running.value = true;
  try {
    state.outcome.value = await kernels.call("doe", "runDoeTool", [request]);
    state.request.value = request;
    state.stale.value = false;
  } catch (error) {
    message.error((error as Error).message);
  } finally {
    state.running.value = false;
  }
}

function ToolPage({ view, tool, id }: ScreenProps & { tool: DoeTool; id: number | null }) {
  useSignals();
  const { t } = useTranslation(["doe", "common", "grid", "messages"]);
  const state = toolState(tool);
  const sheet = useRef<DataSheetHandle>(null);
  const name = state.name.value;
  const setName = (value: string) => {
    state.name.value = value;
    state.dirty.value = true;
  };
  state.revision.value;
  const outcome = state.outcome.value;

  useDoeDraft(state);
  useEffect(() => {
    // A new worksheet (or the stored one already on screen): its draft, if one was kept, is offered now.
    if (id === null || state.stored.value?.id === id) {
      void offerDoeDraft(state);
      return;
    }
    let cancelled = false;
    doeStore
      .get(id)
      .then(({ data }) => {
        if (cancelled || data.body.kind !== tool) return;
        const doc = fromStoredBody(data.body);
        state.store.reset(doc.sheet);
        state.settings.value = doc.settings;
        state.stored.value = { id: data.id, version: data.version, name: data.name };
        state.name.value = data.name;
        state.dirty.value = false;
        void offerDoeDraft(state);
        // The stored results are computed again from the stored worksheet (deterministic, milliseconds).
        runCommand("doe.run");
      })
      // A document that cannot be read is reported by the API client; the page stays as it was.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [id, tool, state]);

  const headers = useMemo(() => {
    const factorNames = state.settings.value.factors.map((f) => f.name);
    return Object.fromEntries(
      TOOL_SCHEMAS[tool].columns.map((c) => {
        const i = ["A", "B", "C", "D"].indexOf(c.key);
        return [c.key, tool === "factorial" && i >= 0 ? factorNames[i] || c.key : t(`doe:columns.${c.key}`)];
      }),
    );
  }, [tool, t, state.settings.value]);

  const cellProblem = (issue: SheetIssue) =>
    message.error(
      t("doe:cellProblem", { row: issue.row + 1, message: t(issue.key, { ...(issue.params ?? {}) }) }),
    );

  const save = async () => {
    const title =
      name.trim() || `${t(`commands:doe.tools.${tool}`)} ${new Date().toISOString().slice(0, 10)}`;
    const result = outcome?.ok ? outcome.result : null;
    const body = toStoredBody(tool, state.settings.value, state.store.snapshot(), "", result);
    const stored = state.stored.value;
    const { data } = stored
      ? await doeStore.update(stored.id, { version: stored.version, name: title, body })
      : await doeStore.create({ name: title, body });
    state.stored.value = { id: data.id, version: data.version, name: data.name };
    state.name.value = data.name;
    state.dirty.value = false;
    message.success(t("doe:saved", { name: data.name }));
    if (!stored) navigate(pathWithQuery(PATHS.experimentalDesign, { tool, id: data.id }), { replace: true });
  };

  const exportResults = async () => {
    if (!outcome?.ok) return;
    const bytes = await writeTable(resultSheets(tool, outcome.result, t), "xlsx");
    downloadBlob(bytes, safeFileName(name || t(`commands:doe.tools.${tool}`), "xlsx"), MIME.xlsx);
  };

  const fileInput = useRef<HTMLInputElement>(null);
  // Every row comes in, bad cells kept as typed and marked in the sheet; one undo step.
  const importFile = async (file: File) => {
    try {
      const { report, data } = await readTableFile(file, TOOL_SCHEMAS[tool], { maxRows: 100_000 });
      state.store.replace(data, "import");
      const params = { name: file.name, rows: report.rowsRead, rejected: report.rejected };
      if (report.rejected > 0) message.warning(t("doe:importedWithProblems", params));
      else message.success(t("doe:imported", params));
    } catch (error) {
      message.warning(t("doe:importFailed", { name: file.name, message: (error as Error).message }));
    }
  };

  const createDesign = async () => {
    const s = state.settings.value;
    const rows = await kernels
      .call("doe", "factorialDesign", [
        { factors: s.factors, replicates: s.replicates, centrePoints: s.centrePoints, seed: s.seed },
      ])
      .catch((error: Error) => {
        message.error(error.message);
        return null;
      });
    if (rows) state.store.replace(designSheet(rows), "design");
  };

  useScreenActions(doeSlot, {
    tool,
    running: state.running.value,
    hasResults: !!outcome?.ok,
    factorial: tool === "factorial",
    run: () => void analyse(state, cellProblem),
    // A refused save is shown by the API client; an export that fails says why.
    save: () => void save().catch(() => undefined),
    exportResults: () => void exportResults().catch((error: Error) => message.error(error.message)),
    createDesign: () => void createDesign(),
    loadExample: () => state.store.replace(exampleSheet(tool), "example"),
    importFile: () => fileInput.current?.click(),
    // The palette hands focus back as it closes: the cell takes it two frames later. A factorial's caret goes
    // to the response of the first run, where the typing happens.
    focusSheet: () => {
      const col = Math.max(
        0,
        TOOL_SCHEMAS[tool].columns.findIndex((c) => c.key === "y" && tool === "factorial"),
      );
      requestAnimationFrame(() => requestAnimationFrame(() => sheet.current?.focusCell(0, col)));
    },
  });

  return (
    <div className="screen doe-tool" data-testid={`doe-${tool}`}>
      <ScreenHeader
        view={view}
        title={`${t("routes:experimentalDesign")} · ${t(`commands:doe.tools.${tool}`)}`}
        actions={
          <>
            <button type="button" className="button" onClick={() => runCommand("doe.menu")}>
              {t("doe:actions.menu")}
            </button>
            {tool === "factorial" && (
              <button type="button" className="button" onClick={() => runCommand("doe.createDesign")}>
                {t("doe:actions.createDesign")}
              </button>
            )}
            <button
              type="button"
              className="button button-primary"
              disabled={state.running.value}
              onClick={() => runCommand("doe.run")}
            >
              {t("doe:actions.run")} <Kbd shortcut="mod+enter" />
            </button>
            <button type="button" className="button" onClick={() => runCommand("doe.save")}>
              {t("doe:actions.save")}
            </button>
            <button
              type="button"
              className="button"
              disabled={!outcome?.ok}
              onClick={() => runCommand("doe.exportResults")}
            >
              {t("doe:actions.export")}
            </button>
          </>
        }
      />
      <p className="muted">{t(`doe:sheetHints.${tool}`)}</p>
      <input
        ref={fileInput}
        type="file"
        hidden
        accept=".xlsx,.xls,.csv,.txt"
        data-testid="doe-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) void importFile(file);
        }}
      />
      <div className="doe-layout">
        <div className="doe-input">
          <div className="form-grid doe-name">
            <label className="field">
              <span className="field-label">{t("doe:name")}</span>
              <input
                className="input"
                value={name}
                onChange={(e) => setName(e.target.value)}
                maxLength={150}
              />
            </label>
          </div>
          <ToolSettings tool={tool} state={state} />
          <div className="doe-sheet" data-testid="doe-sheet">
            <DataSheet
              key={tool}
              store={state.store}
              headers={headers}
              messageText={(m) => String(t(m.key, { ...(m.params ?? {}) }))}
              ariaLabel={t("doe:sheet", { tool: t(`commands:doe.tools.${tool}`) })}
              maxRows={100_000}
              widths={SHEET_WIDTHS}
              handleRef={sheet}
            />
          </div>
          {tool === "hypothesis" && <PowerPanel state={state} />}
        </div>
        <div className="doe-output" aria-live="polite">
          {state.running.value && <p className="muted">{t("doe:running")}</p>}
          {outcome && !outcome.ok && (
            <ul className="doe-problems" data-testid="doe-problems">
              {outcome.problems.map((p) => (
                <li key={`${p.key}-${(p.where ?? []).join("-")}`}>{problemMessage(p)}</li>
              ))}
            </ul>
          )}
          {outcome?.ok && (
            <>
              {state.stale.value && <p className="notice-panel">{t("doe:stale")}</p>}
              {state.request.value && (
                <DoeResults
                  tool={tool}
                  result={outcome.result}
                  settings={state.settings.value}
                  request={state.request.value}
                />
              )}
            </>
          )}
          {!outcome && <p className="muted">{t("doe:noResults")}</p>}
        </div>
      </div>
    </div>
  );
}
