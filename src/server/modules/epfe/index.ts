// /api/epfe: process FMEA records (generic store) and process FMEA configurations.
import type { Services } from "../../context.ts";
import { fmeaModule, fmeaRoutes } from "../fmea/index.ts";

export const processFmeaModule = fmeaModule("epfe", "process");
export const epfeRoutes = (s: Services) => fmeaRoutes(s, "epfe", "process");
