// The FMEA dictionaries under /api/dict (device, failure, risk events): the generic stored-analysis client.
import type { DictionaryBodyInput } from "../../shared/schemas/dictionary.ts";
import { analysesApi } from "./analyses.ts";

export const dictionaryStore = analysesApi<DictionaryBodyInput>("dict");
