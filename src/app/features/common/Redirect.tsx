// /redirect/<path>: replaces itself with <path> (and its query), the original's way to re-enter a view.
import { useEffect } from "react";
import { Loading } from "../../layouts/ViewHost.tsx";
import { navigate } from "../../router/navigation.ts";
import type { ScreenProps } from "../../router/types.ts";

export default function Redirect({ view }: ScreenProps) {
  useEffect(() => {
    const rest = view.params.rest ?? "";
    const query = view.query.toString();
    navigate(`/${rest}${query ? `?${query}` : ""}`, { replace: true });
  }, [view]);
  return <Loading />;
}
