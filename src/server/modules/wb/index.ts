// /api/wb: stored life-data documents, one analysis kind each (src/shared/schemas/wb.ts). Columns are packed
// (src/shared/columns.ts) and stored as one bytea.
import { TRIAL_ROW_LIMIT } from "../../../shared/constants.ts";
import { LIFE_DATA_SCHEMA_VERSION } from "../../../shared/schemas/lifedata.ts";
import { WB_DEFAULT_KIND, wbBodySchema, wbColumnRules, wbSummary } from "../../../shared/schemas/wb.ts";
import { defineAnalysisModule } from "../../analysis-store/define.ts";
import { analysisRoutes } from "../../analysis-store/routes.ts";
import type { Services } from "../../context.ts";

export const WB_MAX_BODY_BYTES = 64 * 1024 * 1024;

export const lifeDataModule = defineAnalysisModule({
  module: "wb",
  noun: "The life-data set",
  body: wbBodySchema,
  schemaVersion: LIFE_DATA_SCHEMA_VERSION,
  maxBodyBytes: WB_MAX_BODY_BYTES,
  packed: { key: "data", rules: wbColumnRules },
  defaultKind: WB_DEFAULT_KIND,
  sizeRefusal: (session, summary) => {
    const rows = Number(summary.rows ?? 0);
    return !session.user.vip && rows > TRIAL_ROW_LIMIT
      ? { key: "trialRowLimit", params: { limit: TRIAL_ROW_LIMIT, rows } }
      : null;
  },
  summarize: wbSummary,
});

export const wbRoutes = (s: Services) => analysisRoutes(s, lifeDataModule);
