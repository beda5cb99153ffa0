import { FREE_EPISODES, VIEWER_USER_ID, isEpisodeFree } from '../../../../contract/constants.ts';
import type { EpisodeProgress } from '../../../../contract/library.ts';
import type { Episode, Series } from '../../../../contract/series.ts';
import type { UnlockedEpisode } from '../../../../contract/wallet.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { storageKeys } from '../../../lib/storage-keys.ts';
import { attachMedia } from '../hls/media-attachment.ts';
import { resumePoint } from './resume.ts';
import { createPooledVideoElement, offerEarlyVideo, showEarlyVideo } from './video-pool.ts';

/**
 * Opening /watch/{id} directly (a shared link, a reload) is a cold start: the app's code, then the episode,
 * then its series, then the video, one after the other. Run from the boot script (../boot.ts), this starts
 * the calls the player will make and the video itself while the app is still downloading: the video shows
 * (and plays) over the loading screen until the feed takes the element over, and the page's queries take
 * these answers instead of asking again.
 */
const WATCH_PATH = /^\/watch\/(\d+)\/?$/;
const started = new Map<string, { request: Promise<unknown>; at: number }>();
/** An answer older than this is not used: the page came later than any cold start would. */
const EARLY_ANSWER_MS = 15_000;

export const episodeUrl = (episodeId: number | string) => `/api/episodes/${episodeId}`;
export const seriesUrl = (seriesId: number | string) => `/api/series/${seriesId}`;
export const episodesUrl = (seriesId: number | string) => `/api/series/${seriesId}/episodes`;
export const episodeProgressUrl = (episodeId: number | string) =>
  `/api/user/${VIEWER_USER_ID}/episodes/${episodeId}/progress`;
export const seriesUnlocksUrl = (seriesId: number | string) =>
  `/api/user/${VIEWER_USER_ID}/unlocked-episodes?seriesId=${seriesId}`;

/** GET through the early start when it already asked, else now. Each early answer is used once. */
export function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const early = started.get(url);
  started.delete(url);
  if (early && Date.now() - early.at < EARLY_ANSWER_MS) return early.request as Promise<T>;
  return apiRequest<T>(url, { signal });
}

/** An episode nobody has watched yet answers 404: that is "no saved position", not an error. */
export async function getEpisodeProgress(episodeId: number | string, signal?: AbortSignal): Promise<EpisodeProgress | null> {
  try {
    return await getJson<EpisodeProgress>(episodeProgressUrl(episodeId), signal);
  } catch (error) {
    if (error instanceof Error && 'status' in error && error.status === 404) return null;
    throw error;
  }
}

function start<T>(url: string): Promise<T> {
  const request = apiRequest<T>(url);
  // Kept for the page (which sees any error); never an unhandled rejection here.
  request.catch(() => undefined);
  started.set(url, { request, at: Date.now() });
  return request;
}

function hasAccess() {
  try {
    return localStorage.getItem(storageKeys.access.key) === storageKeys.access.granted;
  } catch {
    return false;
  }
}

export function startWatchEarly(pathname: string) {
  const match = WATCH_PATH.exec(pathname);
  if (!match || !hasAccess()) return;
  const episodeId = match[1]!;
  const episode = start<Episode>(episodeUrl(episodeId));
  const progress = start<EpisodeProgress>(episodeProgressUrl(episodeId)).catch(() => null);
  void episode
    .then(async (found) => {
      const series = start<Series>(seriesUrl(found.seriesId));
      start<Episode[]>(episodesUrl(found.seriesId));
      // Episodes 1-10 are free whatever the series: their video starts now. Later ones wait for the
      // series and the unlocks, so a locked episode's video is never asked for.
      if (found.episodeNumber > FREE_EPISODES) {
        const knownSeries = await series;
        if (!isEpisodeFree(found.episodeNumber, knownSeries)) {
          const unlocks = await start<UnlockedEpisode[]>(seriesUnlocksUrl(found.seriesId));
          if (!unlocks.some((unlock) => unlock.episodeNumber === found.episodeNumber)) return;
        }
      }
      if (!found.videoUrl) return;
      const saved = await progress;
      const video = createPooledVideoElement();
      const attachment = attachMedia(video, found.videoUrl, {
        startAt: resumePoint(saved?.positionSeconds, found.duration),
        current: true,
      });
      offerEarlyVideo(found.id, video, attachment);
      showEarlyVideo();
    })
    .catch(() => undefined);
}
