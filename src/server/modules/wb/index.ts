// /api/wb: stored life-data sets. Columns are packed (src/shared/columns.ts) and stored as one bytea.
import { TRIAL_ROW_LIMIT } from "../../../shared/constants.ts";
import {
  LIFE_DATA_COLUMN_RULES,
  LIFE_DATA_SCHEMA_VERSION,
  lifeDataBodySchema,
} from "../../../shared/schemas/lifedata.ts";
import { defineAnalysisModule } from "../../analysis-store/define.ts";
import { analysisRoutes } from "../../analysis-store/routes.ts";
import type { Services } from "../../context.ts";

export const WB_MAX_BODY_BYTES = 64 * 1024 * 1024;

export const lifeDataModule = defineAnalysisModule({
  module: "wb",
  noun: "The life-data set",
  body: lifeDataBodySchema,
  schemaVersion: LIFE_DATA_SCHEMA_VERSION,
  maxBodyBytes: WB_MAX_BODY_BYTES,
  packed: { key: "data", rules: LIFE_DATA_COLUMN_RULES },
  sizeRefusal: (session, summary) => {
    const rows = Number(summary.rows ?? 0);
    return !session.user.vip && rows > TRIAL_ROW_LIMIT
      ? { key: "trialRowLimit", params: { limit: TRIAL_ROW_LIMIT, rows } }
      : null;
  },
  summarize: (body) => ({
    rows: body.data.rows,
    form: body.data.form,
    distribution: body.settings.distribution,
    estimationMethod: body.settings.estimationMethod,
    timeUnit: body.settings.timeUnit,
    hasResults: !!body.results,
  }),
});

export const wbRoutes = (s: Services) => analysisRoutes(s, lifeDataModule);
