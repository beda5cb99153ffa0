import { VIEWER_USER_ID } from './constants.ts';
import { inLanguage } from './languages.ts';

/**
 * GET URLs that more than one side builds: the app's requests, the answers the server puts into a page
 * (src/contract/page-data.ts, watch-start.ts) and the player's early reads, which must name a read exactly alike
 * to be taken for it.
 */
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
