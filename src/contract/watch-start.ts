import { VIEWER_USER_ID } from './constants.ts';
import { inLanguage } from './languages.ts';

/**
 * Opening /watch/{id} directly (a shared link, a reload) starts cold: without help, the app's code, then
 * the episode, then its series, then the video, one after the other. The server puts what the player
 * reads first into that page's HTML instead: the API's own answers, keyed by their URLs, and preload links
 * for the start of the video (see docs/decisions/008-player-start-up.md).
 */
export const WATCH_START_ELEMENT_ID = 'watch-start';
/** The episode's <video>, in the page's HTML so that the browser starts loading it while it parses. */
export const WATCH_START_VIDEO_ID = 'watch-start-video';
export const WATCH_START_STAGE_ID = 'watch-start-stage';
/**
 * The watch page's HTML (watch.html, made from index.html at build time) names the app's entry in this
 * <meta> instead of loading it: the player's boot script loads it once the video shows its first frame.
 */
export const WATCH_APP_ENTRY_META = 'watch-app-entry';
export const WATCH_PAGE_FILE = 'watch.html';

export interface WatchStart {
  /** GET URL → the API's JSON answer (null: 404, e.g. an episode never watched has no progress). */
  answers: Record<string, unknown>;
}

export const episodeUrl = (episodeId: number | string) => `/api/episodes/${episodeId}`;
/** The series in the viewer's UI language `lang` (src/contract/languages.ts). */
export const seriesUrl = (seriesId: number | string, lang: string) => inLanguage(`/api/series/${seriesId}`, lang);
export const episodesUrl = (seriesId: number | string) => `/api/series/${seriesId}/episodes`;
export const episodeProgressUrl = (episodeId: number | string) =>
  `/api/user/${VIEWER_USER_ID}/episodes/${episodeId}/progress`;
/** Where the player fetches an episode that can be locked: its address with a short-lived token (contract/episodes.ts). */
export const episodePlaybackUrl = (episodeId: number | string) => `/api/episodes/${episodeId}/playback`;
export const seriesUnlocksUrl = (seriesId: number | string) =>
  `/api/user/${VIEWER_USER_ID}/unlocked-episodes?seriesId=${seriesId}`;

/**
 * Where an episode left part-way starts again: the saved second, unless it is at the very start (nothing to
 * skip) or in the last 3 seconds (the episode was finished: it starts over).
 */
export function resumePoint(savedSeconds: number | undefined, durationSeconds: number): number | undefined {
  if (savedSeconds === undefined || savedSeconds <= 1) return undefined;
  if (durationSeconds > 0 && savedSeconds >= durationSeconds - 3) return undefined;
  return savedSeconds;
}
