import type { AuditEntry, AuditPage, OperatorRole } from '#contract/index.ts';
import type { Executor } from '../../db/client.ts';
import { invalid } from '../../errors.ts';
import * as repo from './audit.repository.ts';

/** Who did it, as the log keeps it: copied, so the entry outlives a removal or a change of role. */
export interface Actor {
  id: number | null;
  name: string;
  role: OperatorRole | null;
}

/** One operator action: what, on which object, and the fields it changed. */
export interface AuditRecord {
  action: string;
  object?: { type: string; id?: string | number | null; label?: string | null };
  /** The object's fields before and after; only those that differ are kept. */
  before?: object | null;
  after?: object | null;
  reason?: string | null;
}

const SHORT = 120;

/** A value as the log keeps it: long texts and lists cut short, so an entry stays a line, not a copy. */
function short(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value.length > SHORT ? `${value.slice(0, SHORT - 1)}…` : value;
  if (Array.isArray(value) || (value !== null && typeof value === 'object')) {
    const text = JSON.stringify(value);
    return text.length > SHORT ? `${text.slice(0, SHORT - 1)}…` : value;
  }
  return value ?? null;
}

/** The fields whose value differs, each as before → after. */
export function changesBetween(
  before: object | null | undefined,
  after: object | null | undefined,
): Record<string, { before: unknown; after: unknown }> | null {
  const was = (before ?? {}) as Record<string, unknown>;
  const is = (after ?? {}) as Record<string, unknown>;
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const field of new Set([...Object.keys(was), ...Object.keys(is)])) {
    const [b, a] = [short(was[field]), short(is[field])];
    if (JSON.stringify(b) !== JSON.stringify(a)) changes[field] = { before: b, after: a };
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

export async function recordAction(db: Executor, actor: Actor, address: string | null, record: AuditRecord) {
  await repo.appendEntry(db, {
    operatorId: actor.id,
    operatorName: actor.name,
    operatorRole: actor.role,
    action: record.action,
    objectType: record.object?.type ?? null,
    objectId: record.object?.id === undefined || record.object.id === null ? null : String(record.object.id),
    objectLabel: record.object?.label ?? null,
    changes:
      record.before === undefined && record.after === undefined ? null : changesBetween(record.before, record.after),
    reason: record.reason ?? null,
    address,
  });
}

function toEntry(row: repo.AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    operator: { id: row.operatorId, name: row.operatorName, role: row.operatorRole as OperatorRole | null },
    action: row.action,
    objectType: row.objectType,
    objectId: row.objectId,
    objectLabel: row.objectLabel,
    changes: row.changes ?? null,
    reason: row.reason,
    address: row.address,
  };
}

export async function readLog(
  db: Executor,
  query: { operator?: number; action?: string; from?: string; to?: string; limit: number; cursor?: number },
): Promise<AuditPage> {
  const from = query.from ? new Date(query.from) : undefined;
  // A bare day as `to` means the whole of that day.
  const to = query.to ? endOf(query.to) : undefined;
  if (from && to && from > to) throw invalid('"from" must not be after "to"', 'from');
  const rows = await repo.findEntries(db, {
    operatorId: query.operator,
    action: query.action?.trim() || undefined,
    from,
    to,
    before: query.cursor,
    limit: query.limit + 1,
  });
  const items = rows.slice(0, query.limit).map(toEntry);
  return { items, nextCursor: rows.length > query.limit ? items[items.length - 1]!.id : null };
}

function endOf(value: string): Date {
  const date = new Date(value);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(date.getTime() + 86_400_000 - 1) : date;
}

export function sweepOldEntries(db: Executor, retentionDays: number, now = new Date()) {
  return repo.deleteEntriesBefore(db, new Date(now.getTime() - retentionDays * 86_400_000));
}
