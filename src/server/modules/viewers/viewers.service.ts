import { createHash } from 'node:crypto';
import type { Database, Executor } from '../../db/client.ts';
import { announceChange } from '../../db/change-feed.ts';
import * as repo from './viewers.repository.ts';

/** What a new viewer starts with (NEW_VIEWER_COINS, NEW_VIEWER_BONUSES). */
export interface ViewerStart {
  coins: number;
  bonuses: number;
}

/** Marks the reads a page makes while it is rendered: they never give a visitor a viewer. */
export const PAGE_RENDER_HEADER = 'x-cliffhanger-page-render';

/** The name every viewer has until accounts exist. */
export const VIEWER_NAME = 'Viewer';

/** A viewer who has written nothing yet, as reads show them: no row, the starting balance. */
export function freshViewer(viewerId: string, start: ViewerStart) {
  return { id: viewerId, username: VIEWER_NAME, email: '', coins: start.coins, bonuses: start.bonuses };
}

/**
 * Writes the rows of the viewers who have none yet, with the starting balance and (when it is not nothing) the
 * ledger entry that gives it, so every viewer's ledger sums to their balance. Returns the viewers written.
 */
export function ensureViewers(db: Executor, viewerIds: string[], start: ViewerStart): Promise<string[]> {
  // In id order, so two writers creating the same viewers cannot deadlock.
  return repo.insertViewers(db, [...new Set(viewerIds)].sort(), VIEWER_NAME, start);
}

/**
 * A viewer's row is written by their first accepted write, in that write's own transaction (decision 049): the
 * rows of these viewers who have none yet are made at once, so that the write can lock and reference them, and
 * `keepFor` removes again, before the transaction commits, those of viewers none of whose requests was accepted.
 * A refused request leaves nothing behind; a write that always succeeds need not call `keepFor`.
 */
export async function viewersOfWrite(tx: Executor, viewerIds: string[], start: ViewerStart) {
  const made = await ensureViewers(tx, viewerIds, start);
  return {
    async keepFor(accepted: Iterable<string>): Promise<void> {
      const kept = new Set(accepted);
      const refused = made.filter((id) => !kept.has(id));
      if (refused.length > 0) await repo.deleteViewers(tx, refused);
    },
  };
}

/** The same for one viewer. */
export function ensureViewer(db: Database, viewerId: string, start: ViewerStart): Promise<string[]> {
  return ensureViewers(db, [viewerId], start);
}

export { newViewerId } from './viewer-cookie.ts';

export type LockedViewer = repo.LockedViewer;

/** Locks these viewers' rows for the caller's transaction, in id order as every writer of a balance does. */
export function lockViewers(tx: Executor, viewerIds: string[]): Promise<LockedViewer[]> {
  return repo.lockViewers(tx, viewerIds);
}

/** A guest brought into an account is closed for good, naming the account it went into. */
export function closeGuestInto(tx: Executor, guestId: string, accountId: string): Promise<void> {
  return repo.closeViewer(tx, guestId, accountId);
}

/** The name and e-mail an account shows (its sign-in provider's). */
export function nameViewer(db: Executor, viewerId: string, name: string, email: string): Promise<void> {
  return repo.renameViewer(db, viewerId, name, email);
}

/** A signed-in browser, as its account's Devices list shows it. */
export interface ViewerSession {
  id: number;
  method: string;
  userAgent: string;
  createdAt: Date;
  lastSeenAt: Date;
  current: boolean;
}

export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function openSession(
  db: Executor,
  viewerId: string,
  token: string,
  method: string,
  userAgent: string,
): Promise<void> {
  await repo.insertSession(db, {
    tokenHash: hashSessionToken(token),
    viewerId,
    method,
    userAgent: userAgent.slice(0, 400),
  });
}

export const touchSession = (db: Executor, token: string) => repo.touchSession(db, hashSessionToken(token));

export async function sessionsOf(db: Executor, viewerId: string, currentToken?: string): Promise<ViewerSession[]> {
  const current = currentToken === undefined ? undefined : hashSessionToken(currentToken);
  const rows = await repo.sessionsOf(db, viewerId);
  return rows.map(({ tokenHash, ...row }) => ({ ...row, current: tokenHash === current }));
}

/** Ends sessions of a viewer (these, the one of this token, or all) and tells every instance; returns how many. */
export async function endSessions(
  db: Executor,
  viewerId: string,
  which: { ids?: number[]; token?: string } = {},
): Promise<number> {
  const ended = await repo.deleteSessions(db, viewerId, {
    ids: which.ids,
    tokenHash: which.token === undefined ? undefined : hashSessionToken(which.token),
  });
  if (ended > 0) await announceChange(db, 'viewer_sessions_changed', viewerId);
  return ended;
}

/** A deleted account's row keeps only what its ledger needs: no name or e-mail, closed for good. */
export async function forgetViewer(db: Executor, viewerId: string): Promise<void> {
  await repo.renameViewer(db, viewerId, VIEWER_NAME, '');
  await repo.closeViewer(db, viewerId, null);
}
