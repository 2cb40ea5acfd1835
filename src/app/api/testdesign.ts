// Stored reliability test plans under /api/doe (the design-of-experiments module stores them, with `design`
// naming the planner's page).
import type { TestPlanBody } from "../../shared/schemas/testdesign.ts";
import { analysesApi } from "./analyses.ts";

export const testPlanStore = analysesApi<TestPlanBody>("doe");
