// The cut set grid on screen, for the export command (set by the results panel while the grid is shown).
import type { ResultGridHandle } from "../../components/grid/ResultGrid.tsx";

export const cutSetGrid: { current: ResultGridHandle | null } = { current: null };
