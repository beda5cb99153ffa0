import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { announceChange } from '../../db/change-feed.ts';
import { DomainError } from '../../errors.ts';
import { matchesAny, type Secrets } from '../../secrets.ts';
import { accessCodeId, newSessionId, readAccessCookie, writeAccessCookie, type AccessPass } from './access-cookie.ts';
import * as repo from './access.repository.ts';
import { rememberGenuine } from '../../auth-kit/genuine-cookies.ts';

export const ACCESS_SESSION_SECONDS = 180 * 24 * 3600;
/** Access cookies remembered as genuine, per generation: the browsers of the last moment (decision 044). */
const VERIFIED_COOKIES = 250;

export function normaliseAccessCode(code: string) {
  return code.trim().toUpperCase();
}

/**
 * Every instance keeps the gate's state in memory and checks access cookies against it without touching the
 * database; a change anywhere (codes, revocations) is announced on `access_changed` and each instance reloads.
 */
export interface AccessGate {
  /** False with ACCESS_GATE=off: every route that needs access is open to all, and no code is asked for. */
  readonly required: boolean;
  /** Whether a visitor with this cookie is let in: always, with the gate off; else with a pass. */
  admits(cookie: string | undefined): boolean;
  /** The pass a cookie carries when it is genuine, unexpired and not revoked; else null. */
  passOf(cookie: string | undefined): AccessPass | null;
  reload(): Promise<void>;
  /** The key cookies are signed with (shared by every instance through the database). */
  readonly signingKey: string;
  readonly generation: number;
  hasCode(codeId: string): boolean;
}

export async function openAccessGate(
  db: Database,
  knownCodes: string[] | undefined,
  required = true,
): Promise<AccessGate> {
  let gate = await repo.ensureAccessGate(db, randomBytes(32).toString('base64url'));
  if (knownCodes) await putCodesInForce(db, gate, knownCodes.map(normaliseAccessCode));

  let codeIds = new Set<string>();
  let revoked = new Set<string>();
  const verified = rememberGenuine((cookie) => readAccessCookie(gate.signingKey, cookie), VERIFIED_COOKIES);
  const reload = async () => {
    gate = await repo.readAccessGate(db);
    verified.forget();
    codeIds = new Set(gate.codeIds);
    revoked = new Set(await repo.revokedSessionIds(db, gate));
  };
  await reload();

  const passOf = (cookie: string | undefined): AccessPass | null => {
    const pass = verified.read(cookie);
    if (!pass) return null;
    const live =
      pass.expiresAt * 1000 > Date.now() &&
      pass.generation === gate.generation &&
      codeIds.has(pass.codeId) &&
      !revoked.has(pass.sessionId);
    return live ? pass : null;
  };

  return {
    required,
    admits: (cookie) => !required || passOf(cookie) !== null,
    passOf,
    reload,
    get signingKey() {
      return gate.signingKey;
    },
    get generation() {
      return gate.generation;
    },
    hasCode: (codeId) => codeIds.has(codeId),
  };
}

/** The configured codes become the ones in force; sessions opened with any other code end, on every instance. */
async function putCodesInForce(db: Database, gate: repo.AccessGateRow, codes: string[]) {
  const ids = [...new Set(codes.map((code) => accessCodeId(gate.signingKey, code)))].sort();
  if (ids.join() === [...gate.codeIds].sort().join()) return;
  await db.transaction(async (tx) => {
    await repo.setCodeIds(tx, ids);
    await repo.revokeAccessSessions(tx, { codeIdsNotIn: ids });
    await announceChange(tx, 'access_changed', 'codes');
  });
}

/** A signed access cookie for a valid code, or a 401 for any other. */
export async function grantAccess(db: Database, secrets: Secrets, gate: AccessGate, code: string): Promise<string> {
  const normalised = normaliseAccessCode(code);
  if (!normalised || !(await matchesAny(normalised, secrets.accessCodeHashes))) {
    throw new DomainError('unauthenticated', 'Invalid access code. Please enter a valid access code.');
  }
  const codeId = accessCodeId(gate.signingKey, normalised);
  if (!gate.hasCode(codeId)) {
    // Another instance put other codes in force since this one started.
    if (secrets.knownAccessCodes) {
      throw new DomainError('unauthenticated', 'Invalid access code. Please enter a valid access code.');
    }
    // A code generated at an earlier start, before codes had ids: it matched the stored hash, so it is in force.
    await db.transaction(async (tx) => {
      await repo.addCodeId(tx, codeId);
      await announceChange(tx, 'access_changed', 'codes');
    });
    await gate.reload();
  }
  const pass: AccessPass = {
    sessionId: newSessionId(),
    codeId,
    generation: gate.generation,
    expiresAt: Math.floor(Date.now() / 1000) + ACCESS_SESSION_SECONDS,
  };
  await repo.insertAccessSession(db, {
    id: pass.sessionId,
    codeId: pass.codeId,
    generation: pass.generation,
    expiresAt: new Date(pass.expiresAt * 1000),
  });
  return writeAccessCookie(gate.signingKey, pass);
}

/** Leave the preview: this cookie's session ends everywhere. A cookie that no longer passes needs nothing. */
export async function leavePreview(db: Database, gate: AccessGate, cookie: string | undefined) {
  const pass = gate.passOf(cookie);
  if (!pass) return;
  await db.transaction(async (tx) => {
    await repo.revokeAccessSessions(tx, { sessionId: pass.sessionId });
    await announceChange(tx, 'access_changed', 'session');
  });
  await gate.reload();
}

/** An operator ends every viewer's access at once; viewers enter a code again. Returns the sessions ended. */
export async function revokeAllAccess(db: Database, gate: AccessGate): Promise<number> {
  const ended = await db.transaction(async (tx) => {
    await repo.raiseGeneration(tx);
    const count = await repo.revokeAccessSessions(tx, 'all');
    await announceChange(tx, 'access_changed', 'all');
    return count;
  });
  await gate.reload();
  return ended;
}

export function sweepExpiredAccessSessions(db: Database): Promise<void> {
  return repo.deleteExpiredAccessSessions(db);
}
