import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { episodes, subtitleTracks } from '../../db/schema.ts';

export type SubtitleTrackRow = typeof subtitleTracks.$inferSelect;
type TrackValues = Pick<SubtitleTrackRow, 'episodeId' | 'language' | 'kind' | 'label' | 'folderKey' | 'cueCount'>;

export function tracksOfEpisodes(db: Executor, episodeIds: readonly number[]): Promise<SubtitleTrackRow[]> {
  if (episodeIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(subtitleTracks)
    .where(inArray(subtitleTracks.episodeId, [...episodeIds]))
    .orderBy(asc(subtitleTracks.episodeId), asc(subtitleTracks.language));
}

export async function findTrack(db: Executor, episodeId: number, language: string) {
  const [row] = await db
    .select()
    .from(subtitleTracks)
    .where(and(eq(subtitleTracks.episodeId, episodeId), eq(subtitleTracks.language, language)))
    .limit(1);
  return row;
}

export async function findEpisodeMedia(db: Executor, episodeId: number) {
  const [row] = await db
    .select({ id: episodes.id, videoUrl: episodes.videoUrl })
    .from(episodes)
    .where(eq(episodes.id, episodeId))
    .limit(1);
  return row;
}

/** Serialises track changes of one episode (each rewrites its master playlist from all its tracks). */
export async function lockEpisode(db: Executor, episodeId: number) {
  const [row] = await db
    .select({ id: episodes.id, videoUrl: episodes.videoUrl })
    .from(episodes)
    .where(eq(episodes.id, episodeId))
    .for('update');
  return row;
}

export async function episodesOfSeries(db: Executor, seriesId: number) {
  return db
    .select({ id: episodes.id, episodeNumber: episodes.episodeNumber, videoUrl: episodes.videoUrl })
    .from(episodes)
    .where(eq(episodes.seriesId, seriesId));
}

/** Adds the track, or replaces the one in its language. */
export async function saveTrack(db: Executor, values: TrackValues): Promise<SubtitleTrackRow> {
  const [row] = await db
    .insert(subtitleTracks)
    .values(values)
    .onConflictDoUpdate({
      target: [subtitleTracks.episodeId, subtitleTracks.language],
      set: {
        kind: values.kind,
        label: values.label,
        folderKey: values.folderKey,
        cueCount: values.cueCount,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

export async function deleteTrack(db: Executor, episodeId: number, language: string) {
  const [row] = await db
    .delete(subtitleTracks)
    .where(and(eq(subtitleTracks.episodeId, episodeId), eq(subtitleTracks.language, language)))
    .returning();
  return row;
}

export async function setTrackFolder(db: Executor, trackId: number, folderKey: string) {
  await db
    .update(subtitleTracks)
    .set({ folderKey, updatedAt: sql`now()` })
    .where(eq(subtitleTracks.id, trackId));
}

/** Adds tracks; a language an episode already has keeps its track. */
export async function insertTracks(db: Executor, tracks: TrackValues[]) {
  if (tracks.length > 0) await db.insert(subtitleTracks).values(tracks).onConflictDoNothing();
}
