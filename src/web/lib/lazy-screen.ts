import { type ComponentType, createElement, type LazyExoticComponent, lazy } from "react";

/** A screen loaded as a chunk of its own, which can be asked for before it is rendered. */
// biome-ignore lint/complexity/noBannedTypes: a screen takes no props unless it says so.
export type LazyScreen<P extends object = {}> = {
  /** Loads the chunk (once); rendered afterwards, the screen shows at once, without suspending. */
  preload: () => Promise<void>;
  /** The screen's component once its chunk is loaded. */
  loaded: () => ComponentType<P> | undefined;
  /** The same chunk through React.lazy, for a screen rendered before it is loaded. */
  lazy: LazyExoticComponent<ComponentType<P>>;
};

/**
 * React.lazy suspends on a screen's first render even when its chunk is already there, and the
 * Suspense fallback that then commits holds the screen back by a frame or more (React throttles
 * revealing it). A screen preloaded before the app mounts (main.tsx) renders directly instead;
 * one opened later (a tab) loads through React.lazy as before. A failed load is tried again the
 * next time.
 */
// biome-ignore lint/complexity/noBannedTypes: a screen takes no props unless it says so.
export function lazyScreen<P extends object = {}>(
  load: () => Promise<ComponentType<P>>,
): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return {
    preload: () => start().then(() => undefined),
    loaded: () => loaded,
    lazy: lazy(() => start().then((component) => ({ default: component }))),
  };
}

/** Renders a lazy screen: directly once loaded, else through React.lazy (under a Suspense). */
export function ScreenView({ screen }: { screen: LazyScreen }) {
  return createElement(screen.loaded() ?? screen.lazy);
}

/** The same for a lazy component with props (the signed-in frame, the sign-in screens' frame). */
export function LazyView<P extends object>({ screen, props }: { screen: LazyScreen<P>; props: P }) {
  return createElement(screen.loaded() ?? screen.lazy, props);
}
