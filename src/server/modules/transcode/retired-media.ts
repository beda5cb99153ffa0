import type { Database } from '../../db/client.ts';
import type { MediaStorage } from '../../media/storage.ts';
import { episodeMediaFolder } from './media-folders.ts';
import { episodesWithReplacedVideo } from './transcode.repository.ts';

/** Beyond the longest a token handed out before a replacement lives (1.5 times its lifetime): a player's renewal. */
const RETIRED_MEDIA_MARGIN_MS = 10 * 60_000;
/** Replaced folders are looked for this long after the replacement; later ones are left to an operator. */
const LOOK_BACK_MS = 7 * 24 * 3600_000;

/**
 * How long a replaced video's folder stays after the episode switched to its new one: every token handed out for
 * it runs out first, so a viewer in the middle of it plays on (and renews to the new video when it asks again).
 */
export const retiredMediaGraceMs = (tokenLifetimeMs: number) =>
  Math.ceil(tokenLifetimeMs * 1.5) + RETIRED_MEDIA_MARGIN_MS;

/**
 * Removes the folders of videos an episode no longer plays, once `graceMs` has passed since it switched. A folder
 * is `<job id>-<attempt>-<random>`; only those of jobs older than the one now playing go, so a folder being
 * written by a newer transcode is never taken for a retired one. Any instance may run it (removal is idempotent).
 */
export async function sweepRetiredMediaFolders(
  db: Database,
  storage: MediaStorage,
  graceMs: number,
  now: Date,
): Promise<number> {
  const switchedBefore = new Date(now.getTime() - graceMs);
  const switchedAfter = new Date(switchedBefore.getTime() - LOOK_BACK_MS);
  let removed = 0;
  for (const episode of await episodesWithReplacedVideo(db, switchedAfter, switchedBefore)) {
    const root = episodeMediaFolder(episode.seriesId, episode.episodeId);
    const playing = storage.keyOf(episode.videoUrl);
    const folders = new Set(
      (await storage.list(root)).map((file) => file.key.slice(root.length + 1).split('/', 1)[0]!),
    );
    for (const folder of folders) {
      const jobId = Number(/^(\d+)-\d+-[0-9a-f]+$/.exec(folder)?.[1]);
      if (!Number.isFinite(jobId) || jobId >= episode.playingJobId) continue;
      if (playing?.startsWith(`${root}/${folder}/`)) continue;
      await storage.remove(`${root}/${folder}`);
      removed++;
    }
  }
  return removed;
}
