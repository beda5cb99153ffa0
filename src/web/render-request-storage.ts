/**
 * Stands in for `node:async_hooks` in the server's page renderer (vite.config.ts aliases it there).
 *
 * React's server renderer keeps the request it is rendering in an AsyncLocalStorage. On Node 20 the first `run()`
 * of any AsyncLocalStorage turns on promise hooks for the whole process, for good: after the first page render
 * every promise of every request pays for them, and the catalogue's small replies lost a quarter of their speed
 * (bench:api). React reads its store only while it renders, synchronously inside `run()` (the pages render
 * client components: no server component awaits between), so a store kept for the length of the call is the same.
 */
export class AsyncLocalStorage<T> {
  #store: T | undefined;

  getStore(): T | undefined {
    return this.#store;
  }

  run<R, A extends unknown[]>(store: T, callback: (...args: A) => R, ...args: A): R {
    const outer = this.#store;
    this.#store = store;
    try {
      return callback(...args);
    } finally {
      this.#store = outer;
    }
  }
}
