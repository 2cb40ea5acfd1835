// /api/edfe: design FMEA records (generic store) and design FMEA configurations.
import type { Services } from "../../context.ts";
import { fmeaModule, fmeaRoutes } from "../fmea/index.ts";

export const designFmeaModule = fmeaModule("edfe", "design");
export const edfeRoutes = (s: Services) => fmeaRoutes(s, "edfe", "design");
