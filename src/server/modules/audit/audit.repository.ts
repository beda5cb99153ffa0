import { and, desc, eq, gte, like, lt, lte, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { operatorAudit } from '../../db/schema.ts';

export type AuditRow = typeof operatorAudit.$inferSelect;
export type NewAuditRow = Omit<typeof operatorAudit.$inferInsert, 'id' | 'at'>;

export async function appendEntry(db: Executor, entry: NewAuditRow) {
  await db.insert(operatorAudit).values(entry);
}

export interface AuditFilter {
  operatorId?: number;
  /** An action (`series.update`) or a family of them (`series`). */
  action?: string;
  from?: Date;
  to?: Date;
  /** Entries older than this id (the previous page's last). */
  before?: number;
  limit: number;
}

/** Newest first. */
export function findEntries(db: Executor, filter: AuditFilter): Promise<AuditRow[]> {
  const conditions: SQL[] = [];
  if (filter.operatorId !== undefined) conditions.push(eq(operatorAudit.operatorId, filter.operatorId));
  if (filter.action) {
    const family = `${filter.action.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`;
    conditions.push(or(eq(operatorAudit.action, filter.action), like(operatorAudit.action, family))!);
  }
  if (filter.from) conditions.push(gte(operatorAudit.at, filter.from));
  if (filter.to) conditions.push(lte(operatorAudit.at, filter.to));
  if (filter.before !== undefined) conditions.push(lt(operatorAudit.id, filter.before));
  return db
    .select()
    .from(operatorAudit)
    .where(and(...conditions))
    .orderBy(desc(operatorAudit.id))
    .limit(filter.limit);
}

export async function deleteEntriesBefore(db: Executor, before: Date): Promise<number> {
  const rows = await db.delete(operatorAudit).where(lt(operatorAudit.at, before)).returning({ id: operatorAudit.id });
  return rows.length;
}
