import { createElement, lazy, type ComponentType } from 'react';
import { lazyPart } from './lazy-part.ts';

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
  const part = lazyPart(load);
  const Lazy = lazy(() => part.preload().then(() => ({ default: part.loaded()! })));
  const Page = (props: P) => createElement((part.loaded() ?? Lazy) as ComponentType<P>, props);
  Page.preload = part.preload;
  return Page;
}
