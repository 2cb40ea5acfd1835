// Stored accelerated life tests under /api/alta: the generic stored-analysis client with the ALT body.
import type { z } from "zod";
import type { altaBodySchema } from "../../shared/schemas/modules.ts";
import { analysesApi } from "./analyses.ts";

export type StoredAltBody = z.input<typeof altaBodySchema>;

export const altaStore = analysesApi<StoredAltBody>("alta");
