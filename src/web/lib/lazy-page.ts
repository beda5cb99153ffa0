import { createElement, lazy, type ComponentType } from 'react';

export interface LazyPage<P extends object> {
  (props: P): ReturnType<typeof createElement>;
  /** Fetches the page's code; once it is here the page renders without suspending. */
  preload(): Promise<void>;
}

/**
 * A screen in a chunk of its own, like React.lazy, but one whose code is already here renders at once
 * instead of suspending first. A page rendered on the server is hydrated with its code preloaded, so the
 * whole page hydrates in one pass and a tap during it is handled (React hydrates the root synchronously
 * then, but never a boundary still waiting for code).
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
    }));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  const Page = (props: P) => createElement((loaded ?? Lazy) as ComponentType<P>, props);
  Page.preload = preload;
  return Page;
}
