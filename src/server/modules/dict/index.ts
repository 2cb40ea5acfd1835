// /api/dict: the FMEA dictionaries (device, failure, risk events), one stored document each through the generic
// store. Spec 6 as for configurations: owners and counselors create them; their compiler or an admin changes and
// deletes them (the store's rule); whoever may read the compiler's records reads them (the store's visibility).
import { canCreateDictionary } from "../../../shared/permissions.ts";
import { dictionaryBodySchema } from "../../../shared/schemas/dictionary.ts";
import { defineAnalysisModule } from "../../analysis-store/define.ts";
import { analysisRoutes } from "../../analysis-store/routes.ts";
import type { Services } from "../../context.ts";

export const dictionaryModule = defineAnalysisModule({
  module: "dict",
  noun: "The dictionary",
  body: dictionaryBodySchema,
  schemaVersion: 1,
  // 10,000 entries with a 2,000-character description each stay below this.
  maxBodyBytes: 32 * 1024 * 1024,
  summarize: (body) => ({ kind: body.kind, entries: body.entries.length }),
  createRefusal: (session) => (canCreateDictionary(session) ? null : "createDictionaryNeedsRole"),
});

export const dictRoutes = (s: Services) => analysisRoutes(s, dictionaryModule);
