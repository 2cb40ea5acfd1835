// The data set a life-data page works on: the one named by the `wbId` query (opened from the store, or
// taken from the sets the workbench has open), else the one in front on the life-data page.
import { useEffect, useState } from "react";
import { currentSet, type LifeSet } from "./model.ts";
import { openSet } from "./service.ts";

export function useLifeSet(query: URLSearchParams): {
  set: LifeSet | null;
  loading: boolean;
  failed: boolean;
} {
  const id = Number(query.get("wbId"));
  const [state, setState] = useState<{ set: LifeSet | null; loading: boolean; failed: boolean }>(() => ({
    set: id > 0 ? null : currentSet.value,
    loading: id > 0,
    failed: false,
  }));
  useEffect(() => {
    if (!(id > 0)) {
      setState({ set: currentSet.value, loading: false, failed: false });
      return;
    }
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    openSet(id).then(
      (set) => live && setState({ set, loading: false, failed: false }),
      () => live && setState({ set: null, loading: false, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [id]);
  return state;
}
