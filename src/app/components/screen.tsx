// Pieces every screen uses: the header with the route's title and actions, a toolbar, and a hook for data
// loaded from the REST service with loading, error and reload.
import { type DependencyList, type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ViewInfo } from "../router/types.ts";

export function ScreenHeader({
  view,
  title,
  actions,
}: {
  view?: ViewInfo;
  title?: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="screen-header">
      <h1 className="screen-title">
        {title ?? (view?.route.meta ? t(`routes:${view.route.meta.title}`) : "")}
      </h1>
      {actions && <div className="screen-actions">{actions}</div>}
    </div>
  );
}

export interface Remote<T> {
  data: T | undefined;
  loading: boolean;
  failed: boolean;
  reload(): void;
}

/** Loads on mount and whenever `deps` change; failures were already shown by the HTTP client. */
export function useRemote<T>(load: () => Promise<T>, deps: DependencyList): Remote<T> {
  const [data, setData] = useState<T>();
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [tick, setTick] = useState(0);
  const latest = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `deps` are the caller's; `load` changes every render
  useEffect(() => {
    const call = ++latest.current;
    setLoading(true);
    load().then(
      (value) => {
        if (call !== latest.current) return;
        setData(value);
        setFailed(false);
        setLoading(false);
      },
      () => {
        if (call !== latest.current) return;
        setFailed(true);
        setLoading(false);
      },
    );
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data, loading, failed, reload };
}
