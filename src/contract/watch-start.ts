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

// The reads the page's answers are keyed by, the same URLs the app's requests use.
export {
  episodePlaybackUrl,
  episodeProgressUrl,
  episodesUrl,
  episodeUrl,
  seriesUnlocksUrl,
  seriesUrl,
} from './read-urls.ts';

/**
 * Where an episode left part-way starts again: the saved second, unless it is at the very start (nothing to
 * skip) or in the last 3 seconds (the episode was finished: it starts over).
 */
export function resumePoint(savedSeconds: number | undefined, durationSeconds: number): number | undefined {
  if (savedSeconds === undefined || savedSeconds <= 1) return undefined;
  if (durationSeconds > 0 && savedSeconds >= durationSeconds - 3) return undefined;
  return savedSeconds;
}
