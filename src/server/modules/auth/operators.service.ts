import {
  INVITE_HOURS,
  type CreateOperatorBody,
  type InviteReply,
  type OperatorSummary,
  type UpdateOperatorBody,
} from '#contract/index.ts';
import type { Database, Executor } from '../../db/client.ts';
import { conflict, invalid, notFound } from '../../errors.ts';
import { hashSecret, hashToken, newToken } from '../../secrets.ts';
import * as repo from './operators.repository.ts';
import { deleteSessionsOf } from './sessions.repository.ts';

const INVITE_REFUSED = 'This invite link is not valid any more: it was used, it expired, or it was withdrawn.';

export function toSummary(row: repo.OperatorRow): OperatorSummary {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    status: row.disabledAt ? 'disabled' : row.role === 'owner' || row.passwordHash ? 'active' : 'invited',
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    inviteExpiresAt: row.inviteExpiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of an operator. */
export function auditedFields(row: repo.OperatorRow) {
  return { name: row.name, role: row.role, status: toSummary(row).status };
}

export async function listTeam(db: Database): Promise<OperatorSummary[]> {
  return (await repo.listOperators(db)).map(toSummary);
}

/** A new operator and their invite token (shown once; only its hash is kept), valid for 72 hours. */
export async function inviteOperator(db: Database, body: CreateOperatorBody, now = new Date()) {
  const token = newToken();
  const row = await repo.insertOperator(db, {
    name: body.name,
    role: body.role,
    inviteTokenHash: hashToken(token),
    inviteExpiresAt: new Date(now.getTime() + INVITE_HOURS * 3600_000),
  });
  if (!row) throw conflict(`There is already an operator named ${body.name}.`, 'name');
  return { row, token };
}

export async function readInvite(db: Database, token: string): Promise<InviteReply> {
  const row = await repo.findByInvite(db, hashToken(token));
  if (!row) throw notFound(INVITE_REFUSED);
  return { name: row.name, role: row.role };
}

export async function acceptInvite(db: Database, token: string, password: string): Promise<repo.OperatorRow> {
  const tokenHash = hashToken(token);
  if (!(await repo.findByInvite(db, tokenHash))) throw notFound(INVITE_REFUSED);
  const row = await repo.acceptInvite(db, tokenHash, await hashSecret(password));
  if (!row) throw notFound(INVITE_REFUSED);
  return row;
}

async function teamMember(db: Executor, id: number): Promise<repo.OperatorRow> {
  const row = await repo.findOperator(db, id);
  if (!row) throw notFound('No such operator.');
  if (row.role === 'owner') {
    throw invalid('The owner cannot be changed, disabled or removed: the owner is whoever holds ADMIN_PASSWORD.');
  }
  return row;
}

/**
 * A new role, or disabled / enabled again. Disabling ends the operator's sessions at once: they are deleted, and
 * every instance reads the session with its operator on each request, so none admits it afterwards.
 */
export async function changeOperator(db: Database, id: number, body: UpdateOperatorBody) {
  return db.transaction(async (tx) => {
    const before = await teamMember(tx, id);
    const after = await repo.updateOperator(tx, id, {
      ...(body.role ? { role: body.role } : {}),
      ...(body.disabled === undefined ? {} : { disabledAt: body.disabled ? (before.disabledAt ?? new Date()) : null }),
    });
    if (body.disabled) await deleteSessionsOf(tx, id);
    return { before, after: after! };
  });
}

/** Removes an operator: their sessions and any unused invite go with them; the audit log keeps their name. */
export async function removeOperator(db: Database, id: number): Promise<repo.OperatorRow> {
  await teamMember(db, id);
  const row = await repo.deleteOperator(db, id);
  if (!row) throw notFound('No such operator.');
  return row;
}
