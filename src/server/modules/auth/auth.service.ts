import type { Database } from '../../db/client.ts';
import { adminSessions } from '../../db/schema.ts';
import { DomainError } from '../../errors.ts';
import { hashToken, newToken, verifySecret, type Secrets } from '../../secrets.ts';
import { deleteExpiredSessions, deleteSession, insertSession, isSessionLive } from './sessions.repository.ts';

/** A fresh session id on every login (never reuse one the browser brought). */
export async function startAdminSession(
  db: Database,
  secrets: Secrets,
  password: string,
  sessionMs: number,
  previousToken: string | undefined,
): Promise<string> {
  if (!(await verifySecret(password, secrets.adminPasswordHash))) {
    throw new DomainError('unauthenticated', 'Invalid password. Please try again.', 'password');
  }
  if (previousToken) await deleteSession(db, adminSessions, hashToken(previousToken));
  await deleteExpiredSessions(db, adminSessions);
  const token = newToken();
  await insertSession(db, adminSessions, hashToken(token), new Date(Date.now() + sessionMs));
  return token;
}

export function isAdminSession(db: Database, token: string | undefined) {
  return token ? isSessionLive(db, adminSessions, hashToken(token)) : Promise.resolve(false);
}

export async function endAdminSession(db: Database, token: string | undefined) {
  if (token) await deleteSession(db, adminSessions, hashToken(token));
}
