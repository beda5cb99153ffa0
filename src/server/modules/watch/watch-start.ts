import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isEpisodeFree } from '#contract/constants.ts';
import type { Episode, Series } from '#contract/series.ts';
import { episodeUrl, episodesUrl, seriesUrl, type WatchStart } from '#contract/watch-start.ts';
import { answerAsViewer, viewerLanguageOf } from '../pages/pages.service.ts';
import { POSTER_FILE } from '../../media/hls-pipeline.ts';

export interface GatheredWatchStart {
  start: WatchStart;
  /** The first media files the player will ask for, in order: master and first variant playlist, init, segment. */
  media: string[];
  /** What the page shows until the first frame: that frame when the pipeline saved it, else the thumbnail. */
  poster: string;
}

/**
 * Gathers what the player of /watch/{episodeId} reads first and is the same for every viewer: the episode,
 * its series in the viewer's language and the series' episodes, from the API's own routes (asked in process with the
 * request's cookies, so the access gate and the replies' shapes are exactly the API's). The media of a free
 * episode come with it; a later one's never do, even for a viewer who unlocked it, and neither does where this
 * viewer stopped: the page is sent to everyone, and the player reads the viewer's own answers itself. Null
 * when the episode cannot be read (no access, no such episode): the page then asks for itself and shows why.
 */
export async function gatherWatchStart(
  app: FastifyInstance,
  request: FastifyRequest,
  episodeId: string,
): Promise<GatheredWatchStart | null> {
  const get = <T>(url: string) => answerAsViewer<T>(app, request, url);
  const answers: Record<string, unknown> = {};
  const answer = async <T>(url: string): Promise<T | undefined> => {
    const reply = await get<T>(url);
    if (reply.status !== 200 || reply.body === null) return undefined;
    answers[url] = reply.body;
    return reply.body;
  };

  const episode = await answer<Episode>(episodeUrl(episodeId));
  if (!episode) return null;
  const [series, , layout] = await Promise.all([
    answer<Series>(seriesUrl(episode.seriesId, viewerLanguageOf(request))),
    answer<Episode[]>(episodesUrl(episode.seriesId)),
    // Read alongside: used only if the episode is free to everyone.
    hlsLayout(episode.videoUrl, {
      read: async (url) => {
        const reply = await get(url);
        return reply.status === 200 ? reply.text : null;
      },
      exists: async (url) => (await answerAsViewer(app, request, url, 'HEAD')).status === 200,
    }),
  ]);
  const media = series && isEpisodeFree(episode.episodeNumber, series) && layout ? firstMediaFiles(layout, 0) : [];
  return { start: { answers }, media, poster: (media.length > 0 && layout?.poster) || episode.thumbnailUrl };
}

/** What a player reads of an HLS episode before its first frame: its first (smallest) variant. */
export interface HlsLayout {
  master: string;
  variant: string;
  init: string;
  /** Each segment with the second it ends at. */
  segments: { url: string; end: number }[];
  /** The episode's first frame (hls-pipeline.ts), a picture as large as the screen; null when there is none. */
  poster: string | null;
}

/** How hlsLayout reads the episode's folder. */
export interface MediaReader {
  read: (url: string) => Promise<string | null>;
  exists: (url: string) => Promise<boolean>;
}

/**
 * Published media never changes under its URL (every upload gets a new folder, see media.routes.ts), so
 * layouts are kept; a few hundred bytes each, the oldest dropped past this many.
 */
const LAYOUTS_KEPT = 2000;
const layouts = new Map<string, HlsLayout>();

/** The layout of the HLS episode at `masterUrl`, or null for anything else (an MP4, a missing file). */
export async function hlsLayout(masterUrl: string, { read, exists }: MediaReader): Promise<HlsLayout | null> {
  if (!/^\/media\/[^?#]+\.m3u8$/.test(masterUrl)) return null;
  const kept = layouts.get(masterUrl);
  if (kept) return kept;
  const master = await read(masterUrl);
  const variant = master && playlistEntries(master).find((entry) => entry.tag.startsWith('#EXT-X-STREAM-INF'));
  if (!variant) return null;
  const variantUrl = resolve(masterUrl, variant.uri);
  const playlist = await read(variantUrl);
  const map = playlist && /^#EXT-X-MAP:.*URI="([^"]+)"/m.exec(playlist)?.[1];
  if (!playlist || !map) return null;
  let end = 0;
  const segments = playlistEntries(playlist).map((entry) => {
    end += Number(/^#EXTINF:([\d.]+)/.exec(entry.tag)?.[1] ?? 0);
    return { url: resolve(variantUrl, entry.uri), end };
  });
  if (segments.length === 0) return null;
  const posterUrl = resolve(masterUrl, POSTER_FILE);
  const poster = (await exists(posterUrl)) ? posterUrl : null;
  const layout = { master: masterUrl, variant: variantUrl, init: resolve(variantUrl, map), segments, poster };
  if (layouts.size >= LAYOUTS_KEPT) layouts.delete(layouts.keys().next().value!);
  layouts.set(masterUrl, layout);
  return layout;
}

/**
 * The files an HLS player fetches before its first frame when it starts at `startAt`: the master playlist,
 * the first variant, its init file and the segment holding that second (none past the end).
 */
export function firstMediaFiles(layout: HlsLayout, startAt: number): string[] {
  const segment = layout.segments.find((s) => startAt < s.end);
  return segment ? [layout.master, layout.variant, layout.init, segment.url] : [];
}

/** Each URI line of a playlist with the tag line just above it. */
function playlistEntries(playlist: string): { tag: string; uri: string }[] {
  const lines = playlist.split(/\r?\n/).map((line) => line.trim());
  const entries: { tag: string; uri: string }[] = [];
  lines.forEach((line, index) => {
    if (line && !line.startsWith('#') && index > 0) entries.push({ tag: lines[index - 1]!, uri: line });
  });
  return entries;
}

function resolve(base: string, relative: string): string {
  return new URL(relative, `http://x${base}`).pathname;
}
