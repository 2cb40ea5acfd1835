// Spec 6 on a row of the FMEA lists (/dfmea, /pfmea): whoever reads an FMEA may open it; a copy is a new FMEA,
// so it needs the creating role (any role beyond visitor, as the server's copy checks); deleting to the recycle
// bin needs the record's compiler (or an admin). The row commands and the row's buttons both follow this.
import {
  type Actor,
  type CompiledRecord,
  canCreateFmea,
  canModifyRecord,
} from "../../../shared/permissions.ts";

export interface FmeaRowHandlers {
  open(): void;
  copy(): void;
  delete(): void;
}

export function fmeaRowActions(
  actor: Actor,
  record: CompiledRecord,
  handlers: FmeaRowHandlers,
): Partial<FmeaRowHandlers> {
  return {
    open: handlers.open,
    ...(canCreateFmea(actor) ? { copy: handlers.copy } : {}),
    ...(canModifyRecord(actor, record) ? { delete: handlers.delete } : {}),
  };
}
