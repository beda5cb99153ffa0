import type { Database, Executor } from '../../db/client.ts';
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

/** The same for one viewer. */
export function ensureViewer(db: Database, viewerId: string, start: ViewerStart): Promise<string[]> {
  return ensureViewers(db, [viewerId], start);
}
