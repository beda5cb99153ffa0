import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { InfiniteData } from '#web/lib/query/paged-read.ts';
import type { UseInfiniteQueryResult } from '#web/lib/query/use-infinite-query.ts';
import type { SeriesPage } from '#contract/series.ts';

/** A ref for an element at the end of a list: when it scrolls near the view, `loadMore` runs. */
export function useLoadMoreWhenVisible(loadMore: () => void, active: boolean) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !active) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: '600px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [loadMore, active]);
  return sentinel;
}

/** The series of every page loaded so far, the list's total, and a sentinel that loads the next page. */
export function usePagedSeries(query: UseInfiniteQueryResult<InfiniteData<SeriesPage>>, active = true) {
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const total = query.data?.pages[0]?.total ?? items.length;
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);
  const sentinel = useLoadMoreWhenVisible(loadMore, active && hasNextPage);
  return { items, total, sentinel };
}
