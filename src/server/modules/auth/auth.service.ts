import type { Database } from '../../db/client.ts';
import { accessSessions, adminSessions } from '../../db/schema.ts';
import { DomainError } from '../../errors.ts';
import { hashToken, matchesAny, newToken, verifySecret, type Secrets } from '../../secrets.ts';
import { deleteExpiredSessions, deleteSession, insertSession, isSessionLive } from './sessions.repository.ts';

const ACCESS_SESSION_MS = 180 * 24 * 3600_000;

export function normaliseAccessCode(code: string) {
  return code.trim().toUpperCase();
}

/** Returns a new access session token, or throws when the code is not one of the configured ones. */
export async function grantAccess(db: Database, secrets: Secrets, code: string): Promise<string> {
  const normalised = normaliseAccessCode(code);
  if (!normalised || !(await matchesAny(normalised, secrets.accessCodeHashes))) {
    throw new DomainError('unauthenticated', 'Invalid access code. Please enter a valid access code.');
  }
  const token = newToken();
  await insertSession(db, accessSessions, hashToken(token), new Date(Date.now() + ACCESS_SESSION_MS));
  return token;
}

export function hasAccess(db: Database, token: string | undefined) {
  return token ? isSessionLive(db, accessSessions, hashToken(token)) : Promise.resolve(false);
}

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
