import type { UndoUnlockReply } from '#contract/index.ts';
import type { Database } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import { secondsWatched } from '../library/library.service.ts';
import { ensureViewers, type ViewerStart } from '../viewers/viewers.service.ts';
import * as repo from './auto-unlock.repository.ts';
import { insertLedgerEntry, lockUsers, creditUser, type EpisodeRef } from './wallet.repository.ts';
import { toUser } from './wallet.service.ts';

/** An automatic unlock can be undone this long after it was made... */
export const UNDO_SECONDS = 10;
/** ...while less than this much of the episode was watched. */
export const UNDO_WATCHED_SECONDS = 5;

/** Off for every viewer until they turn it on; a viewer without a row has never turned it on. */
export async function autoUnlockOf(db: Database, userId: string) {
  return { enabled: userId !== '' && (await repo.autoUnlockSettingOf(db, userId)) };
}

/** The viewer's first write may be this one: their row is made with it. */
export async function setAutoUnlockOf(db: Database, userId: string, enabled: boolean, start: ViewerStart) {
  return db.transaction(async (tx) => {
    await ensureViewers(tx, [userId], start);
    if (!(await repo.setAutoUnlock(tx, userId, enabled))) throw notFound('No such user');
    return { enabled };
  });
}

/**
 * Undo of an automatic unlock: every coin and bonus it took comes back (an `undo` ledger row) and the episode locks
 * again, if it is asked within 10 seconds of the unlock and the viewer's progress reports put them less than
 * 5 seconds into the episode. Both are judged from the server's own records (the unlock's time by the database's
 * clock, the last progress report), never from what the client says. Undone once: a second undo is refused.
 */
export async function undoAutoUnlock(db: Database, userId: string, episode: EpisodeRef): Promise<UndoUnlockReply> {
  return db.transaction(async (tx) => {
    const [user] = await lockUsers(tx, [userId]);
    if (!user) throw notFound('No such user');
    const made = await repo.latestAutoUnlock(tx, userId, episode);
    if (!made)
      throw notFound(`Episode ${episode.episodeNumber} was not unlocked automatically: there is nothing to undo.`);
    if (made.undoneAt) throw conflict('This unlock was already undone.');
    if (made.ageSeconds > UNDO_SECONDS) {
      throw conflict(`Too late to undo: an automatic unlock can be undone for ${UNDO_SECONDS} seconds.`);
    }
    if ((await secondsWatched(tx, userId, episode)) >= UNDO_WATCHED_SECONDS) {
      throw conflict(`You watched ${UNDO_WATCHED_SECONDS} seconds or more of this episode: the unlock stays.`);
    }
    if (!(await repo.markUndone(tx, made.id))) throw conflict('This unlock was already undone.');
    await repo.deleteUnlock(tx, userId, episode);
    const after = await creditUser(tx, userId, { coins: made.coins, bonuses: made.bonuses });
    await insertLedgerEntry(tx, {
      userId,
      kind: 'undo',
      coinsDelta: made.coins,
      bonusesDelta: made.bonuses,
      seriesId: episode.seriesId,
      episodeNumber: episode.episodeNumber,
    });
    return { ...episode, refunded: made.coins + made.bonuses, user: toUser(after!) };
  });
}
