// Stored design-of-experiments worksheets under /api/doe: the generic stored-analysis client with the
// worksheet body (src/shared/schemas/modules.ts doeExperimentBodySchema).
import type { z } from "zod";
import type { doeExperimentBodySchema } from "../../shared/schemas/modules.ts";
import { analysesApi } from "./analyses.ts";

export type StoredDoeBody = z.input<typeof doeExperimentBodySchema>;

export const doeStore = analysesApi<StoredDoeBody>("doe");
