import type { ReadAnswer } from './query.ts';

/** Pages read one after another, each continuing from the one before. */
export interface InfiniteData<TPage, TPageParam = unknown> {
  pages: TPage[];
  pageParams: TPageParam[];
}

export interface Paging<TPage = unknown, TPageParam = unknown> {
  initialPageParam: TPageParam;
  /** The next page's parameter, or null/undefined where the list ends. */
  getNextPageParam: (
    lastPage: TPage,
    allPages: TPage[],
    lastPageParam: TPageParam,
    allPageParams: TPageParam[],
  ) => TPageParam | null | undefined;
}

export const nextPageParamOf = (paging: Paging, data: InfiniteData<unknown> | undefined) => {
  const lastPage = data?.pages.at(-1);
  if (!data || lastPage === undefined) return undefined;
  return paging.getNextPageParam(lastPage, data.pages, data.pageParams.at(-1), data.pageParams);
};

/**
 * A paged list's read: the next page added to those shown (`nextPage`), or, read again, as many pages as were
 * shown, each continuing from the fresh page before it.
 */
export const readPages: ReadAnswer = async (ask, knownData, options, nextPage) => {
  const paging = options as unknown as Paging;
  const known = knownData as InfiniteData<unknown> | undefined;
  if (nextPage && known) {
    const param = nextPageParamOf(paging, known);
    if (param === null || param === undefined) return known;
    const page = await ask(param);
    return { pages: [...known.pages, page], pageParams: [...known.pageParams, param] };
  }
  const read: InfiniteData<unknown> = { pages: [], pageParams: [] };
  let param: unknown = paging.initialPageParam;
  for (let index = 0; index < Math.max(1, known?.pages.length ?? 0); index++) {
    if (index > 0) {
      param = nextPageParamOf(paging, read);
      if (param === null || param === undefined) break;
    }
    read.pages.push(await ask(param));
    read.pageParams.push(param);
  }
  return read;
};
