// Stored reliability block diagrams under /api/rbd: the generic stored-analysis client with the eRBD body.
import type { StoredRbdBody } from "../features/rbd/storage.ts";
import { analysesApi } from "./analyses.ts";

export const rbdStore = analysesApi<StoredRbdBody>("rbd");
