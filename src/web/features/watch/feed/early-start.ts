import { FREE_EPISODES, isEpisodeFree } from '#contract/constants.ts';
import type { EpisodePlayback } from '#contract/episodes.ts';
import type { EpisodeProgress } from '#contract/library.ts';
import type { Episode, Series } from '#contract/series.ts';
import type { UnlockedEpisode } from '#contract/wallet.ts';
import { apiRequest, noteEarlyRead } from '#web/lib/api-client.ts';
import { storageKeys } from '#web/lib/storage-keys.ts';
import { initialLanguage } from '#web/lib/initial-language.ts';
import { LANGUAGE_TAGS } from '#contract/languages.ts';
import { attachMedia, type MediaAttachment } from '#web/lib/media/media-attachment.ts';
import {
  WATCH_START_ELEMENT_ID,
  WATCH_START_STAGE_ID,
  WATCH_START_VIDEO_ID,
  episodePlaybackUrl,
  episodeProgressUrl,
  episodeUrl,
  episodesUrl,
  resumePoint,
  seriesUnlocksUrl,
  seriesUrl,
  type WatchStart,
} from '#contract/watch-start.ts';
import {
  createPooledVideoElement,
  failEarlyVideo,
  offerEarlyVideo,
  playOnFirstFrame,
  showEarlyVideo,
} from './video-pool.ts';
import { FIRST_FRAME_MARK } from '../viewing-events/first-frame-mark.ts';

/**
 * Opening /watch/{id} directly (a shared link, a reload) is a cold start: the app's code, then the episode,
 * then its series, then the video, one after the other. Run from the boot script (../boot.ts), this starts
 * the video while the app is still downloading, from the answers the server put into the page (else from
 * the API): the video shows (and plays) over the loading screen until the feed takes the element over,
 * and the page's queries take these answers instead of asking again.
 */
const WATCH_PATH = /^\/watch\/(\d+)\/?$/;
/** The answers the server put into the page (../../../../contract/watch-start.ts), read once. */
let served: WatchStart['answers'] | undefined;
function servedAnswers(): WatchStart['answers'] {
  if (served) return served;
  try {
    const element = document.getElementById(WATCH_START_ELEMENT_ID);
    served = element?.textContent ? (JSON.parse(element.textContent) as WatchStart).answers : {};
    element?.remove();
  } catch {
    served = {};
  }
  return served;
}

function start<T>(url: string): Promise<T> {
  const answers = servedAnswers();
  const request = url in answers ? Promise.resolve(answers[url] as T) : apiRequest<T>(url);
  // Kept for the page (which sees any error); never an unhandled rejection here.
  request.catch(() => undefined);
  noteEarlyRead(url, request);
  return request;
}

function hasAccess() {
  try {
    return localStorage.getItem(storageKeys.access.key) === storageKeys.access.granted;
  } catch {
    return false;
  }
}

/** The episode's <video> the server put into the page, if it did. */
function servedVideo(): HTMLVideoElement | null {
  const video = document.getElementById(WATCH_START_VIDEO_ID);
  return video instanceof HTMLVideoElement ? video : null;
}

/**
 * Starts the episode of a /watch/{id} address early. Resolves once its first frame is on screen, or at
 * once when there is nothing to start (another page, no access, a locked episode, an error).
 */
export async function startWatchEarly(pathname: string): Promise<void> {
  const match = WATCH_PATH.exec(pathname);
  // Without access the app shows the gate, which the served video must not cover.
  const dropServedVideo = () => document.getElementById(WATCH_START_STAGE_ID)?.remove();
  if (!match || !hasAccess()) return dropServedVideo();
  const episodeId = match[1]!;
  const episode = start<Episode>(episodeUrl(episodeId));
  const progress = start<EpisodeProgress>(episodeProgressUrl(episodeId)).catch(() => null);
  try {
    const found = await episode;
    const series = start<Series>(seriesUrl(found.seriesId, LANGUAGE_TAGS[initialLanguage()]));
    start<Episode[]>(episodesUrl(found.seriesId));
    // Episodes 1-10 are free whatever the series: their video starts now. Later ones wait for the
    // series and the unlocks, so a locked episode's video is never asked for.
    let videoUrl = found.videoUrl;
    if (found.episodeNumber > FREE_EPISODES && !isEpisodeFree(found.episodeNumber, await series)) {
      const unlocks = await start<UnlockedEpisode[]>(seriesUnlocksUrl(found.seriesId));
      if (!unlocks.some((unlock) => unlock.episodeNumber === found.episodeNumber)) return dropServedVideo();
      // Its media opens with a token the server gives after its own lock check.
      if (videoUrl) videoUrl = (await start<EpisodePlayback>(episodePlaybackUrl(episodeId))).videoUrl;
    }
    if (!videoUrl) return dropServedVideo();
    const saved = await progress;
    const video = servedVideo() ?? createPooledVideoElement();
    const attachment: MediaAttachment = attachMedia(video, videoUrl, {
      startAt: resumePoint(saved?.positionSeconds, found.duration),
      current: true,
      onFailure: (failure) => failEarlyVideo(attachment, failure),
    });
    offerEarlyVideo(found.id, video, attachment);
    const shown = new Promise<void>((resolve) => {
      playOnFirstFrame(video, resolve);
      video.addEventListener('error', () => resolve(), { once: true });
    });
    showEarlyVideo();
    await shown;
    performance.mark(FIRST_FRAME_MARK);
  } catch {
    dropServedVideo();
  }
}
