// Stored reliability predictions under /api/prediction: the generic stored-analysis client with the ePDT body.
import type { z } from "zod";
import type { predictionBodySchema } from "../../shared/schemas/modules.ts";
import { analysesApi } from "./analyses.ts";

export type StoredPredictionBody = z.input<typeof predictionBodySchema>;
export const predictionStore = analysesApi<StoredPredictionBody>("prediction");
