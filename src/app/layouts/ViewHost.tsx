// Renders the current screen and keeps visited ones alive (spec 2: tag tabs keep visited views; noCache
// views are not kept). A kept view is hidden with React's <Activity>: its state (a 400k-row data sheet, a
// half-drawn fault tree) survives switching tabs; its effects pause while hidden.
import { useSignals } from "@preact/signals-react/runtime";
import {
  Activity,
  Component,
  type ComponentType,
  createContext,
  type ErrorInfo,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useRef,
} from "react";
import { useTranslation } from "react-i18next";
import type { RouteMatch } from "../router/match.ts";
import type { AppRoute, ScreenProps, ViewInfo } from "../router/types.ts";
import { cachedPaths, viewGenerations } from "../state/tags.ts";

const screens = new Map<AppRoute, LazyExoticComponent<ComponentType<ScreenProps>>>();

function screenFor(route: AppRoute) {
  let screen = screens.get(route);
  if (!screen && route.screen) {
    screen = lazy(route.screen);
    screens.set(route, screen);
  }
  return screen;
}

const ViewContext = createContext<ViewInfo | null>(null);

/** The view a screen belongs to (its own path, params and query, even while hidden). */
export function useView(): ViewInfo {
  const view = useContext(ViewContext);
  if (!view) throw new Error("useView() outside a screen");
  return view;
}

export function viewInfo(match: RouteMatch, path: string, search: string): ViewInfo {
  return {
    fullPath: search ? `${path}?${search}` : path,
    path,
    params: match.params,
    query: new URLSearchParams(search),
    route: match.route,
  };
}

export function Loading() {
  const { t } = useTranslation();
  return (
    <div className="screen-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {t("common:loading")}
    </div>
  );
}

class ScreenBoundary extends Component<
  { children: ReactNode; fallback: (retry: () => void) => ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("Screen failed", error, info.componentStack);
  }
  override render() {
    return this.state.failed
      ? this.props.fallback(() => this.setState({ failed: false }))
      : this.props.children;
  }
}

function ScreenFailed({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="screen-error" role="alert" data-testid="screen-error">
      <p>{t("common:screenFailed")}</p>
      <button type="button" className="button" onClick={retry}>
        {t("common:retry")}
      </button>
    </div>
  );
}

function Screen({ view }: { view: ViewInfo }) {
  const Lazy = screenFor(view.route);
  if (!Lazy) return null;
  return (
    <ViewContext.Provider value={view}>
      <ScreenBoundary fallback={(retry) => <ScreenFailed retry={retry} />}>
        <Suspense fallback={<Loading />}>
          <Lazy view={view} />
        </Suspense>
      </ScreenBoundary>
    </ViewContext.Provider>
  );
}

/** The route the guard let through, with the concrete path and query. */
export interface ShownView {
  match: RouteMatch;
  path: string;
  search: string;
}

export function ViewHost({ shown }: { shown: ShownView }) {
  useSignals();
  const { match, search } = shown;
  // The last ViewInfo each kept view was shown with, so a hidden view keeps its own params and query.
  const kept = useRef(new Map<string, ViewInfo>());
  const generations = viewGenerations.value;
  const cached = new Set(cachedPaths.value);

  const current = viewInfo(match, shown.path, search);
  const previous = kept.current.get(current.path);
  const stable = previous && previous.fullPath === current.fullPath ? previous : current;
  if (cached.has(current.path)) kept.current.set(current.path, stable);
  for (const path of kept.current.keys()) if (!cached.has(path)) kept.current.delete(path);

  const views = [...kept.current.values()];
  if (!cached.has(current.path)) views.push(stable);
  return (
    <>
      {views.map((view) => (
        <Activity
          key={`${view.path}#${generations[view.path] ?? 0}`}
          mode={view.path === current.path ? "visible" : "hidden"}
        >
          <div className="view" data-view={view.path}>
            <Screen view={view} />
          </div>
        </Activity>
      ))}
    </>
  );
}
