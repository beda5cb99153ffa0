import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { operators } from '../../db/schema.ts';

export type OperatorRow = typeof operators.$inferSelect;
export type NewOperatorRow = Omit<typeof operators.$inferInsert, 'id' | 'createdAt'>;

export function listOperators(db: Executor): Promise<OperatorRow[]> {
  return db.select().from(operators).orderBy(asc(operators.id));
}

export async function findOperator(db: Executor, id: number): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id)).limit(1);
  return row;
}

export async function findOwner(db: Executor): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.role, 'owner')).limit(1);
  return row;
}

export async function findOperatorByName(db: Executor, name: string): Promise<OperatorRow | undefined> {
  const [row] = await db
    .select()
    .from(operators)
    .where(sql`lower(${operators.name}) = lower(${name})`)
    .limit(1);
  return row;
}

/** Undefined when the name is taken (names are unique whatever their case). */
export async function insertOperator(db: Executor, row: NewOperatorRow): Promise<OperatorRow | undefined> {
  const [inserted] = await db.insert(operators).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function updateOperator(
  db: Executor,
  id: number,
  changes: Partial<NewOperatorRow>,
): Promise<OperatorRow | undefined> {
  const [row] = await db.update(operators).set(changes).where(eq(operators.id, id)).returning();
  return row;
}

export async function deleteOperator(db: Executor, id: number): Promise<OperatorRow | undefined> {
  const [row] = await db.delete(operators).where(eq(operators.id, id)).returning();
  return row;
}

/** The operator an unexpired, unused invite belongs to. */
export async function findByInvite(db: Executor, tokenHash: string): Promise<OperatorRow | undefined> {
  const [row] = await db
    .select()
    .from(operators)
    .where(
      and(
        eq(operators.inviteTokenHash, tokenHash),
        gt(operators.inviteExpiresAt, new Date()),
        isNull(operators.passwordHash),
        isNull(operators.disabledAt),
      ),
    )
    .limit(1);
  return row;
}

/** Sets the password and spends the invite in one statement: of two accepts at once, one wins. */
export async function acceptInvite(
  db: Executor,
  tokenHash: string,
  passwordHash: string,
): Promise<OperatorRow | undefined> {
  const [row] = await db
    .update(operators)
    .set({ passwordHash, inviteTokenHash: null, inviteExpiresAt: null })
    .where(
      and(
        eq(operators.inviteTokenHash, tokenHash),
        gt(operators.inviteExpiresAt, new Date()),
        isNull(operators.passwordHash),
        isNull(operators.disabledAt),
      ),
    )
    .returning();
  return row;
}
