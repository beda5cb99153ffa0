import type { SignedInOperator } from '#contract/index.ts';
import type { Database, Executor } from '../../db/client.ts';
import { adminSessions } from '../../db/schema.ts';
import { DomainError } from '../../errors.ts';
import { hashSecret, hashToken, newToken, verifySecret, type Secrets } from '../../secrets.ts';
import { deletePasskeysOf } from './operator-passkeys.repository.ts';
import * as operatorsRepo from './operators.repository.ts';
import {
  deleteExpiredSessions,
  deleteSession,
  deleteSessionsOf,
  insertSession,
  operatorOfLiveSession,
} from './sessions.repository.ts';

export interface Credentials {
  /** Absent or empty: the owner, whose password is ADMIN_PASSWORD. */
  name?: string;
  password: string;
}

/** Checked against when a name is unknown, so a wrong name takes as long as a wrong password. */
let decoyHash: Promise<string> | undefined;

/**
 * The operator these credentials name, or a DomainError. The owner's password is ADMIN_PASSWORD whether or not
 * they type their name; everyone else's is the one they set when accepting their invite.
 */
export async function checkCredentials(
  db: Database,
  secrets: Secrets,
  credentials: Credentials,
): Promise<SignedInOperator> {
  const name = credentials.name?.trim();
  if (!name) {
    const owner = await operatorsRepo.findOwner(db);
    if (!owner || !(await verifySecret(credentials.password, secrets.adminPasswordHash))) {
      throw new DomainError('unauthenticated', 'Invalid password. Please try again.', 'password');
    }
    return { id: owner.id, name: owner.name, role: owner.role };
  }
  const row = await operatorsRepo.findOperatorByName(db, name);
  const hash = row?.role === 'owner' ? secrets.adminPasswordHash : row?.passwordHash;
  const matches = await verifySecret(credentials.password, hash ?? (await (decoyHash ??= hashSecret(newToken()))));
  if (!row || !hash || !matches || row.disabledAt) {
    throw new DomainError('unauthenticated', 'Invalid name or password. Please try again.', 'password');
  }
  return { id: row.id, name: row.name, role: row.role };
}

/**
 * Whoever holds ADMIN_PASSWORD is the owner, so a new password ends what the old one opened: the owner's sessions
 * and passkeys go, and a password that leaked and was replaced leaves no way back in. The owner's row keeps a hash
 * of the password in force to tell (the password itself is never stored). True when the password changed.
 */
export async function endOwnerAccessOnNewPassword(
  db: Database,
  secrets: Secrets,
  adminPassword: string | undefined,
): Promise<boolean> {
  const owner = await operatorsRepo.findOwner(db);
  if (!owner) return false;
  const known = owner.passwordHash;
  const record = (db: Executor) =>
    operatorsRepo.updateOperator(db, owner.id, { passwordHash: secrets.adminPasswordHash });
  // The first start that keeps the hash has nothing older to compare with.
  if (known === null) return record(db).then(() => false);
  if (adminPassword ? await verifySecret(adminPassword, known) : known === secrets.adminPasswordHash) return false;
  await db.transaction(async (tx) => {
    await deleteSessionsOf(tx, owner.id);
    await deletePasskeysOf(tx, owner.id);
    await record(tx);
  });
  return true;
}

/** A fresh session id on every login (never reuse one the browser brought). */
export async function startAdminSession(
  db: Database,
  operator: SignedInOperator,
  sessionMs: number,
  previousToken: string | undefined,
): Promise<string> {
  if (previousToken) await deleteSession(db, adminSessions, hashToken(previousToken));
  await deleteExpiredSessions(db, adminSessions);
  const token = newToken();
  await insertSession(db, adminSessions, hashToken(token), operator.id, new Date(Date.now() + sessionMs));
  await operatorsRepo.updateOperator(db, operator.id, { lastSignInAt: new Date() });
  return token;
}

/** Who holds this admin session, if it is live and its operator is not disabled. */
export async function operatorOfSession(
  db: Database,
  token: string | undefined,
): Promise<SignedInOperator | undefined> {
  return token ? operatorOfLiveSession(db, hashToken(token)) : undefined;
}

export async function isAdminSession(db: Database, token: string | undefined) {
  return (await operatorOfSession(db, token)) !== undefined;
}

export async function endAdminSession(db: Database, token: string | undefined) {
  if (token) await deleteSession(db, adminSessions, hashToken(token));
}

export function sweepExpiredAdminSessions(db: Database): Promise<void> {
  return deleteExpiredSessions(db, adminSessions);
}
