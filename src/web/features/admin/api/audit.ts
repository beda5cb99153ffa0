import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEntry, AuditPage } from '../../../../contract/operators.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { auditQueryKey } from './team.ts';

export interface AuditFilters {
  operator: string;
  action: string;
  from: string;
  to: string;
}

function auditUrl(filters: AuditFilters, limit: number, cursor?: number) {
  const query = new URLSearchParams({ limit: String(limit) });
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  if (cursor !== undefined) query.set('cursor', String(cursor));
  return `/api/admin/audit?${query.toString()}`;
}

export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: [...auditQueryKey, filters],
    queryFn: ({ pageParam }) => apiRequest<AuditPage>(auditUrl(filters, 50, pageParam)),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** Every entry the filters select, for the CSV (at most 20,000). */
export async function readWholeLog(filters: AuditFilters): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  let cursor: number | undefined;
  do {
    const page = await apiRequest<AuditPage>(auditUrl(filters, 1000, cursor));
    entries.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined && entries.length < 20_000);
  return entries;
}
