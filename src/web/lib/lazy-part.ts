import { useEffect, useEffectEvent, useReducer, type ComponentType } from 'react';

/**
 * A part of a page that opens on a tap (a menu, a dialog) in a chunk of its own: no first paint needs it.
 * Its code is fetched while the browser is idle after the page has started (`useLazyPart`), or at once
 * when it is wanted first, and it is then drawn in the same frame as the tap's state change. It never
 * goes through Suspense: React holds a boundary's content back for a few hundred milliseconds after its
 * fallback showed, which is what a tap on a menu whose code arrived a moment later used to wait for.
 */
export interface LazyPart<P extends object> {
  /** Fetches the code; resolves once it is here. A failed fetch may be asked for again. */
  preload(): Promise<void>;
  /** The component, once its code is here. */
  loaded(): ComponentType<P> | undefined;
}

export function lazyPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPart<P> {
  let component: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        component = module.default;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return { preload, loaded: () => component };
}

/**
 * The part's component once its code is here, else undefined (draw the opener only). Its code is fetched
 * while the browser is idle after the page's start, and at once when `wanted`; this re-renders when it
 * arrives, or calls `onFailed` when a wanted part cannot be fetched, so that the next tap asks again.
 */
export function useLazyPart<P extends object>(
  part: LazyPart<P>,
  wanted: boolean,
  onFailed?: () => void,
): ComponentType<P> | undefined {
  const [, arrived] = useReducer((count: number) => count + 1, 0);
  const component = part.loaded();
  const failed = useEffectEvent(() => onFailed?.());
  useEffect(() => preloadWhenIdle(() => part.preload().then(arrived)), [part]);
  useEffect(() => {
    if (wanted && !component) part.preload().then(arrived, failed);
  }, [part, wanted, component]);
  return component;
}

const idleQueue = new Set<() => Promise<unknown>>();
let idleScheduled = false;

/**
 * Fetches code a tap may need once the page has loaded (its pictures first) and the browser is idle, so
 * that it never takes the network or the main thread from what the page shows.
 */
export function preloadWhenIdle(preload: () => Promise<unknown>) {
  idleQueue.add(preload);
  if (idleScheduled) return;
  idleScheduled = true;
  const run = () => {
    idleScheduled = false;
    const preloads = [...idleQueue];
    idleQueue.clear();
    // A failed fetch is asked for again when the part is wanted.
    for (const next of preloads) next().catch(() => {});
  };
  const start = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 1000 });
    else setTimeout(run, 50);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
