import { infiniteQueryOptions, useInfiniteQuery } from '#web/lib/query/use-infinite-query.ts';
import type { AuditEntry, AuditPage } from '#contract/operators.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export interface AuditFilters {
  operator: string;
  action: string;
  from: string;
  to: string;
}

const NO_FILTERS: AuditFilters = { operator: '', action: '', from: '', to: '' };

/** GET /api/admin/audit: one page of the activity log the filters select, continuing after `cursor`. */
export function getAuditPage(filters: AuditFilters, limit: number, cursor?: number) {
  const query = new URLSearchParams({ limit: String(limit) });
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  if (cursor !== undefined) query.set('cursor', String(cursor));
  return apiRequest<AuditPage>(`/api/admin/audit?${query.toString()}`);
}

/** Without filters, the key is also the prefix of every filtered log's: refreshing it refreshes them all. */
export const auditLogQueryOptions = (filters?: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: filters ? (['/api/admin/audit', filters] as const) : (['/api/admin/audit'] as const),
    queryFn: ({ pageParam }) => getAuditPage(filters ?? NO_FILTERS, 50, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery(auditLogQueryOptions(filters));
}

/** Every entry the filters select, for the CSV (at most 20,000). */
export async function readWholeLog(filters: AuditFilters): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  let cursor: number | undefined;
  do {
    const page = await getAuditPage(filters, 1000, cursor);
    entries.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined && entries.length < 20_000);
  return entries;
}
