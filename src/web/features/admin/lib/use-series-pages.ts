import { useEffect, useState } from 'react';
import type { SeriesSearch } from '#web/api/search-series.ts';
import { useAdminSeriesPage } from '../api/search-admin-series.ts';

/**
 * The dashboard's numbered pages over the server's cursor pages: the cursors of the pages visited so far are kept,
 * so Next continues after the last series shown and Previous goes back; a new search starts again at page 1.
 * The total (for "Page 1 of N") comes from the first page, which the server counts.
 */
export function useSeriesPages(search: SeriesSearch & { limit: number }) {
  const filter = JSON.stringify([search.q.trim(), search.genre, search.notIn]);
  const [visited, setVisited] = useState<{ filter: string; cursors: (string | null)[] }>({ filter, cursors: [null] });
  const cursors = visited.filter === filter ? visited.cursors : [null];
  const first = useAdminSeriesPage(search, null);
  const current = useAdminSeriesPage(search, cursors.at(-1) ?? null);

  const page = cursors.length;
  const total = first.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / search.limit));
  const items = current.data?.items ?? [];
  const from = items.length ? (page - 1) * search.limit + 1 : 0;

  const onPage = (target: number) => {
    if (current.isPlaceholderData) return;
    const next = current.data?.nextCursor;
    if (target === page + 1 && next) setVisited({ filter, cursors: [...cursors, next] });
    else if (target === page - 1 && page > 1) setVisited({ filter, cursors: cursors.slice(0, -1) });
  };

  // Deletions emptied this page: show the one before.
  const emptied = page > 1 && current.isSuccess && !current.isPlaceholderData && items.length === 0;
  useEffect(() => {
    if (emptied) setVisited((seen) => ({ filter, cursors: seen.cursors.slice(0, -1) }));
  }, [emptied, filter]);

  return {
    items,
    page,
    pages,
    from,
    to: from ? from + items.length - 1 : 0,
    total,
    onPage,
    /** The next or previous page is on its way (the last one stays shown meanwhile). */
    busy: current.isPlaceholderData || current.isFetching,
    isPending: first.isPending || current.isPending,
    isError: first.isError || current.isError,
  };
}
