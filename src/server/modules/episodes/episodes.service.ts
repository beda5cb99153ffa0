import {
  EPISODE_NUMBER_MAX,
  FREE_EPISODES,
  isEpisodeFree,
  type AdminEpisode,
  type Episode,
  type EpisodePlayback,
  type EpisodeSubtitle,
  type UploadEpisodeFields,
  type VideoProcessingStatus,
} from '#contract/index.ts';
import type { Database, Executor } from '../../db/client.ts';
import { subtitlesOfEpisode, subtitlesOfEpisodes } from '../subtitles/subtitles.service.ts';
import { DomainError, conflict, invalid, notFound, unavailable } from '../../errors.ts';
import { tokenMediaUrl, type MediaTokenKey } from '../../media/media-token.ts';
import { localMediaKeyOf } from '../../media/storage.ts';
import { mediaAddresses, type MediaAddresses } from '../../media/media-addresses.ts';
import { ffmpegCapabilities } from '../../media/ffmpeg-capabilities.ts';
import { NotAVideoError, probeVideo, type VideoProbe } from '../../media/hls-pipeline.ts';
import {
  abandonTranscodes,
  episodeMediaFolder,
  keepOriginal,
  latestTranscodes,
  queueTranscode,
  removeOriginal,
  requeueFailedTranscode,
  transcodesHoldingUploads,
  type MediaPipeline,
  type Transcode,
} from '../transcode/transcode.service.ts';
import {
  deleteEpisode,
  episodesInOrder,
  episodesOfSeries,
  episodesOwningMedia,
  episodesWithVideoAt,
  findEpisode,
  findSeriesAccess,
  insertEpisode,
  insertEpisodes,
  insertGeneratedEpisodes,
  isEpisodeNumberTaken,
  lastEpisodeNumber,
  lockEpisode,
  lockSeries,
  moveVideos,
  syncTotalEpisodes,
  updateEpisode,
  type EpisodeRow,
} from './episodes.repository.ts';

export interface EpisodesContext {
  db: Database;
  media: MediaPipeline;
}

const seriesNotFound = () => notFound('Series not found.');
const episodeNotFound = () => notFound('Episode not found.');
const numberTaken = (n: number) => conflict(`Episode ${n} already exists in this series.`, 'episodeNumber');

export async function requireSeries(db: Database, seriesId: number): Promise<void> {
  if (!(await findSeriesAccess(db, seriesId))) throw seriesNotFound();
}

/** An episode as viewers get it. */
function toEpisode(row: EpisodeRow, subtitles: EpisodeSubtitle[]): Episode {
  return {
    id: row.id,
    seriesId: row.seriesId,
    episodeNumber: row.episodeNumber,
    title: row.title,
    videoUrl: row.videoUrl,
    thumbnailUrl: row.thumbnailUrl,
    duration: row.duration,
    subtitles,
  };
}

/**
 * The episodes viewers can play, in order; 404 for an unknown series. A free episode's video and subtitles are
 * public, so they are given at the browser's media address (a CDN's when one is set); an episode that can be locked
 * keeps its plain addresses: its video is opened through the playback call, its subtitles with the viewer's cookie.
 */
export async function listEpisodes(
  db: Database,
  seriesId: number,
  addresses: MediaAddresses = mediaAddresses(undefined),
): Promise<Episode[]> {
  const found = await findSeriesAccess(db, seriesId);
  if (!found) throw seriesNotFound();
  const rows = await episodesInOrder(db, seriesId);
  const subtitles = await subtitlesOfEpisodes(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const episode = toEpisode(row, subtitles.get(row.id) ?? []);
    if (!isEpisodeFree(row.episodeNumber, found)) return episode;
    return {
      ...episode,
      videoUrl: addresses.forBrowser(episode.videoUrl),
      subtitles: episode.subtitles.map((track) => ({ ...track, fileUrl: addresses.forBrowser(track.fileUrl) })),
    };
  });
}

export async function getEpisode(db: Database, episodeId: number): Promise<Episode> {
  const row = await requireEpisode(db, episodeId);
  return toEpisode(row, await subtitlesOfEpisode(db, row.id));
}

export async function requireEpisode(db: Database, episodeId: number): Promise<EpisodeRow> {
  const episode = await findEpisode(db, episodeId);
  if (!episode) throw episodeNotFound();
  return episode;
}

/** Whether uploads can become episodes here: the probed ffmpeg, in the dashboard's words. */
export async function videoProcessingStatus(): Promise<VideoProcessingStatus> {
  const c = await ffmpegCapabilities();
  return {
    available: c.usable,
    ...(c.problem ? { problem: c.problem } : {}),
    ...(c.version ? { ffmpegVersion: c.version } : {}),
    lacks: c.lacks,
  };
}

/** Refuses an upload before a byte is stored when this server has no usable ffmpeg, with the reason. */
export async function requireVideoProcessing(): Promise<void> {
  const c = await ffmpegCapabilities();
  if (!c.usable) throw unavailable(c.problem ?? 'Videos cannot be processed on this server.');
}

/** The upload must really be a video; the reason is ffprobe's (or ffmpeg's) own. */
export async function probeUpload(file: string): Promise<VideoProbe> {
  try {
    return await probeVideo(file);
  } catch (error) {
    if (error instanceof NotAVideoError) throw invalid(`The file is not a playable video: ${error.reason}`, 'video');
    throw error;
  }
}

/**
 * A new episode from an uploaded file: the row (not yet playable), the series' new totalEpisodes and the
 * transcode job, in one transaction. Nothing is written when the file is not a video or the number is taken.
 */
export async function addUploadedEpisode(
  ctx: EpisodesContext,
  seriesId: number,
  fields: UploadEpisodeFields,
  receivedFile: string,
): Promise<AdminEpisode> {
  const probe = await probeUpload(receivedFile);
  const sourcePath = await keepOriginal(ctx.media.storage, seriesId, receivedFile);
  const { episode, job } = await inTransactionKeeping(ctx, sourcePath, async (tx) => {
    if (!(await lockSeries(tx, seriesId))) throw seriesNotFound();
    const episodeNumber = fields.episodeNumber ?? (await lastEpisodeNumber(tx, seriesId)) + 1;
    if (episodeNumber > EPISODE_NUMBER_MAX) throw invalid('Episode number is too large', 'episodeNumber');
    if (await isEpisodeNumberTaken(tx, seriesId, episodeNumber)) throw numberTaken(episodeNumber);
    const episode = await insertEpisode(tx, {
      seriesId,
      episodeNumber,
      title: fields.title ?? `Episode ${episodeNumber}`,
      videoUrl: '',
      thumbnailUrl: '',
      duration: Math.max(1, Math.round(probe.durationSeconds)),
    });
    await syncTotalEpisodes(tx, seriesId);
    const { job } = await queueTranscode(tx, episode.id, sourcePath);
    return { episode, job };
  });
  ctx.media.worker.wake();
  return toAdminEpisode(episode, job, await subtitlesOfEpisode(ctx.db, episode.id));
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Runs `work` (which queues a job for `sourcePath`); if it fails, the kept original goes: no job will need it. */
async function inTransactionKeeping<T>(
  ctx: EpisodesContext,
  sourcePath: string,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  try {
    return await ctx.db.transaction(work);
  } catch (error) {
    await removeOriginal(ctx.media.storage, sourcePath);
    throw error;
  }
}

/** A new video for an existing episode: the old one keeps playing until the new one is published. */
export async function replaceEpisodeVideo(
  ctx: EpisodesContext,
  episodeId: number,
  receivedFile: string,
): Promise<AdminEpisode> {
  await probeUpload(receivedFile);
  const found = await requireEpisode(ctx.db, episodeId);
  const sourcePath = await keepOriginal(ctx.media.storage, found.seriesId, receivedFile);
  const { episode, job, superseded } = await inTransactionKeeping(ctx, sourcePath, async (tx) => {
    const episode = await lockEpisode(tx, episodeId);
    if (!episode) throw episodeNotFound();
    return { episode, ...(await queueTranscode(tx, episodeId, sourcePath)) };
  });
  await abandonTranscodes(ctx.media, superseded);
  ctx.media.worker.wake();
  return toAdminEpisode(episode, job, await subtitlesOfEpisode(ctx.db, episode.id));
}

/**
 * Runs the episode's failed transcode again from the upload it kept (a job failed by restarts, not by its
 * video); 409 when there is nothing to retry.
 */
export async function retryTranscode(ctx: EpisodesContext, episodeId: number): Promise<AdminEpisode> {
  const { episode, job } = await ctx.db.transaction(async (tx) => {
    const episode = await lockEpisode(tx, episodeId);
    if (!episode) throw episodeNotFound();
    const job = await requeueFailedTranscode(tx, episodeId);
    return { episode, job };
  });
  ctx.media.worker.wake();
  return toAdminEpisode(episode, job, await subtitlesOfEpisode(ctx.db, episode.id));
}

export async function editEpisode(
  db: Database,
  episodeId: number,
  patch: { title?: string; episodeNumber?: number },
): Promise<AdminEpisode> {
  return db.transaction(async (tx) => {
    const current = await lockEpisode(tx, episodeId);
    if (!current) throw episodeNotFound();
    if (patch.episodeNumber !== undefined && patch.episodeNumber !== current.episodeNumber) {
      if (await isEpisodeNumberTaken(tx, current.seriesId, patch.episodeNumber, episodeId)) {
        throw numberTaken(patch.episodeNumber);
      }
    }
    const episode =
      patch.title === undefined && patch.episodeNumber === undefined
        ? current
        : await updateEpisode(tx, episodeId, patch);
    // The episode row is locked, so a transcode cannot publish into it before this read.
    const job = (await latestTranscodes(tx, [episodeId])).get(episodeId);
    return toAdminEpisode(episode, job, await subtitlesOfEpisode(tx, episodeId));
  });
}

/** Removes the episode, its jobs and its media; the series' totalEpisodes follows. */
export async function removeEpisode(ctx: EpisodesContext, episodeId: number): Promise<void> {
  const found = await requireEpisode(ctx.db, episodeId);
  const { removed, jobs } = await ctx.db.transaction(async (tx) => {
    await lockSeries(tx, found.seriesId);
    const jobs = await transcodesHoldingUploads(tx, episodeId);
    const removed = await deleteEpisode(tx, episodeId);
    if (!removed) throw episodeNotFound();
    await syncTotalEpisodes(tx, removed.seriesId);
    return { removed, jobs };
  });
  await abandonTranscodes(ctx.media, jobs);
  await ctx.media.storage.remove(episodeMediaFolder(removed.seriesId, removed.id));
}

/** Episodes and jobs read from one snapshot: a transcode publishing in between cannot show 'ready' without its video. */
const oneSnapshot = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

export function listEpisodesForOperator(db: Database, seriesId: number): Promise<AdminEpisode[]> {
  return db.transaction(async (tx) => {
    if (!(await findSeriesAccess(tx, seriesId))) throw seriesNotFound();
    const rows = await episodesOfSeries(tx, seriesId);
    const jobs = await latestTranscodes(
      tx,
      rows.map((r) => r.id),
    );
    const subtitles = await subtitlesOfEpisodes(
      tx,
      rows.map((r) => r.id),
    );
    return rows.map((row) => toAdminEpisode(row, jobs.get(row.id), subtitles.get(row.id) ?? []));
  }, oneSnapshot);
}

export function getEpisodeForOperator(db: Database, episodeId: number): Promise<AdminEpisode> {
  return db.transaction(async (tx) => {
    const episode = await findEpisode(tx, episodeId);
    if (!episode) throw episodeNotFound();
    const job = (await latestTranscodes(tx, [episodeId])).get(episodeId);
    return toAdminEpisode(episode, job, await subtitlesOfEpisode(tx, episodeId));
  }, oneSnapshot);
}

function toAdminEpisode(row: EpisodeRow, job: Transcode | undefined, subtitles: EpisodeSubtitle[]): AdminEpisode {
  const playable = row.videoUrl !== '';
  return {
    ...toEpisode(row, subtitles),
    media: job
      ? {
          status: job.status,
          percent: job.percent,
          error: job.status === 'failed' ? job.error : null,
          retryable: job.status === 'failed' && job.retryable,
          playable,
          updatedAt: job.updatedAt.toISOString(),
        }
      : {
          // Episodes made before the pipeline (the demo seed) have a video and no job.
          status: playable ? 'ready' : 'failed',
          percent: playable ? 100 : 0,
          error: playable ? null : 'No video has been uploaded for this episode.',
          retryable: false,
          playable,
          updatedAt: null,
        },
  };
}

export interface PlaybackContext {
  db: Database;
  tokens: MediaTokenKey;
  /** Where browsers fetch /media files: MEDIA_PUBLIC_URL (a CDN), else this server's own /media. */
  addresses: MediaAddresses;
}

export const LOCKED_EPISODE_MESSAGE = 'Unlock this episode to watch it.';

/**
 * The address the player fetches an episode from, decided by one lock check when the episode is opened rather than
 * one per segment: an episode that can be locked gets a token for its own folder (its media only, for minutes),
 * a free one its plain, public address. A locked episode gets nothing, except for an operator's preview.
 */
export async function episodePlayback(
  ctx: PlaybackContext,
  userId: string,
  episodeId: number,
  isOperator: () => Promise<boolean>,
): Promise<EpisodePlayback> {
  const episode = await requireEpisode(ctx.db, episodeId);
  if (!episode.videoUrl) throw conflict('This episode has no video yet.');
  const key = localMediaKeyOf(episode.videoUrl);
  // A video kept elsewhere (an address given when the catalogue was made) is not ours to sign.
  if (!key) return { videoUrl: episode.videoUrl, expiresAt: null };
  const verdict = await mediaVerdict(ctx.db, userId, episode.videoUrl);
  if (verdict === 'locked' && !(await isOperator())) throw new DomainError('forbidden', LOCKED_EPISODE_MESSAGE);
  if (verdict === 'free' || verdict === 'open') {
    return { videoUrl: ctx.addresses.forBrowser(episode.videoUrl), expiresAt: null };
  }
  // An HLS episode's folder is its own (its renditions below it); an MP4 may share its folder, so it is opened alone.
  const scope = key.endsWith('.m3u8') ? key.slice(0, key.lastIndexOf('/')) : key;
  const { url, expiresAt } = tokenMediaUrl(ctx.tokens, scope, key);
  return { videoUrl: ctx.addresses.forBrowser(url), expiresAt: new Date(expiresAt * 1000).toISOString() };
}

const PICTURE = /\.(jpe?g|png|webp|avif|gif|svg)$/i;

/** The longest media path we serve, decoded, and its most folders: anything longer names no file of ours. */
export const MEDIA_PATH_MAX_LENGTH = 300;
export const MEDIA_PATH_MAX_SEGMENTS = 10;

/**
 * What a viewer may do with a /media path:
 * - `open`: pictures, and media no episode owns, for anyone past the gate;
 * - `free`: media of episodes nobody has to unlock, cacheable by anyone;
 * - `unlocked`: media of an episode that can be locked and is unlocked for this viewer: only the viewer's own cache;
 * - `locked`: refused;
 * - `no-such-path`: longer or deeper than any path we make: a 404 without a query.
 */
export type MediaVerdict = 'open' | 'free' | 'unlocked' | 'locked' | 'no-such-path';

/**
 * An episode's media lives in its folder (its video_url's folder) or one level below it (a rendition's playlist
 * and segments), so the owning episode is found by one indexed lookup of the file's two nearest folders, whatever
 * the path's length. Media shared by several episodes (the demo clips) is playable when any of them is.
 */
export async function mediaVerdict(db: Database, userId: string, mediaPath: string): Promise<MediaVerdict> {
  const raw = mediaPath.split(/[?#]/, 1)[0]!;
  if (raw.length > MEDIA_PATH_MAX_LENGTH * 3) return 'no-such-path';
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return 'no-such-path';
  }
  const parts = path.split('/');
  if (path.length > MEDIA_PATH_MAX_LENGTH || parts.length > MEDIA_PATH_MAX_SEGMENTS + 1) return 'no-such-path';
  if (!path.startsWith('/media/') || PICTURE.test(path)) return 'open';
  const folders: string[] = [];
  for (let end = parts.length - 1; end >= Math.max(3, parts.length - 2); end--) {
    folders.push(`${parts.slice(0, end).join('/')}/`);
  }
  if (folders.length === 0) return 'open';
  const owners = await episodesOwningMedia(db, userId, path, folders, FREE_EPISODES);
  if (owners.length === 0) return 'open';
  if (!owners.some((o) => o.playable)) return 'locked';
  return owners.some((o) => o.lockable) ? 'unlocked' : 'free';
}

/** An episode brought in whole from a catalogue made elsewhere (the demo's), its video already published. */
export interface ImportedEpisode {
  seriesId: number;
  episodeNumber: number;
  title: string;
  videoUrl: string;
  thumbnailUrl: string;
  duration: number;
}

/** Adds the episodes in the given order, inside the caller's transaction (their series claim them in totalEpisodes). */
export function importEpisodes(db: Executor, list: ImportedEpisode[]): Promise<void> {
  return insertEpisodes(db, list);
}

/** Gives each series without episodes `perSeries` generated ones, for scale tests and benchmarks. */
export function addGeneratedEpisodes(db: Executor, perSeries: number): Promise<void> {
  return insertGeneratedEpisodes(db, perSeries);
}

/**
 * The episodes playing a video at one of `urls` or at an address matching one of `patterns` (regular
 * expressions); first episodes of every series first.
 */
export function episodesPlaying(
  db: Executor,
  videos: { urls: string[]; patterns: RegExp[] },
): Promise<{ id: number; seriesId: number; videoUrl: string }[]> {
  return episodesWithVideoAt(
    db,
    videos.urls,
    videos.patterns.map((pattern) => pattern.source),
  );
}

/** Whether any episode plays a video at one of `urls`. */
export async function isAnyEpisodePlaying(db: Executor, urls: string[]): Promise<boolean> {
  return (await episodesWithVideoAt(db, urls, [], 1)).length > 0;
}

/** The address of the episode's video; none for an episode that is gone. */
export async function videoAddressOf(db: Executor, episodeId: number): Promise<string | undefined> {
  return (await findEpisode(db, episodeId))?.videoUrl;
}

/**
 * Moves episodes' videos to new addresses in one statement; an episode whose video is no longer at `from`
 * (an operator replaced it meanwhile) keeps its own. Answers the episodes moved.
 */
export function moveEpisodeVideos(db: Executor, moves: { id: number; from: string; to: string }[]): Promise<number[]> {
  return moveVideos(db, moves);
}
