// Stored fault trees under /api/ftaexe: the generic stored-analysis client with the eFTA body.
import type { StoredFtaBody } from "../features/fta/storage.ts";
import { analysesApi } from "./analyses.ts";

export const ftaStore = analysesApi<StoredFtaBody>("ftaexe");
