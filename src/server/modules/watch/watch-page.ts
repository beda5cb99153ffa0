import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  WATCH_START_ELEMENT_ID,
  WATCH_START_STAGE_ID,
  WATCH_START_VIDEO_ID,
  WATCH_PAGE_FILE,
} from '#contract/watch-start.ts';
import type { Episode, Series } from '#contract/series.ts';
import {
  attribute,
  episodePreview,
  episodePreviewOf,
  originOf,
  pageAddress,
  previewTagsFor,
  sendLinkPreviewPage,
  withPreviewTags,
  pageCaching,
  readPage,
  scriptJson,
  sendPage,
  viewerLanguageOf,
  type MadePage,
  type PreparedPages,
} from '../pages/pages.service.ts';
import { episodeUrl, seriesUrl } from '#contract/watch-start.ts';
import { gatherWatchStart, type GatheredWatchStart } from './watch-start.ts';
import { ACCESS_COOKIE, isLinkPreviewFetch, linkPreviewPageRoute } from '../../plugins/guards.ts';
import { positiveId } from '#contract/common.ts';

/**
 * The app's index.html for /watch/{id}. At the top of <head>: preload links for the poster, the start of
 * the video and the player's first answers, so the browser fetches them before the app's code. At the top of
 * <body>: the episode's <video> over the whole screen, which native HLS players (Safari, Chrome) start
 * loading while the page parses; the player's boot script plays it (from where the viewer stopped, which it
 * reads itself) and the feed takes it over.
 */
export function watchPageHtml(indexHtml: string, gathered: GatheredWatchStart): string {
  const preloads = gathered.media
    .map((url) => `<link rel="preload" as="fetch" crossorigin href="${attribute(url)}">`)
    .join('');
  const answers = `<script type="application/json" id="${WATCH_START_ELEMENT_ID}">${scriptJson(gathered.start)}</script>`;
  const master = gathered.media[0];
  // The largest picture of the first screen until the first frame (its LCP): asked for ahead of everything, in
  // the same CORS mode as the <video crossorigin> whose poster it is, or the browser fetches it a second time.
  const posterPreload =
    master && gathered.poster
      ? `<link rel="preload" as="image" crossorigin fetchpriority="high" href="${attribute(gathered.poster)}">`
      : '';
  const html = indexHtml.replace(/<head>/i, (head) => `${head}${posterPreload}${preloads}${answers}`);
  if (!master) return html;
  const poster = gathered.poster ? ` poster="${attribute(gathered.poster)}"` : '';
  const stage =
    `<div id="${WATCH_START_STAGE_ID}" style="position:fixed;inset:0;z-index:45;background:#000">` +
    `<video id="${WATCH_START_VIDEO_ID}" data-active="true" playsinline webkit-playsinline preload="auto" crossorigin="anonymous"${poster}` +
    ` style="position:absolute;inset:0;width:100%;height:100%;object-fit:contain">` +
    `<source src="${attribute(master)}" type="application/vnd.apple.mpegurl"></video></div>`;
  return html.replace(/<body>/i, (body) => `${body}${stage}`);
}

/** The answers a complete watch page holds: the episode, its series and the series' episodes. */
const WATCH_START_ANSWERS = 3;

/**
 * GET /watch/{id}: the watch page's HTML, the same for every visitor with access who reads its language, so it is
 * made once per episode, language and catalogue stamp and then sent as prepared bytes (the page a campaign
 * sends everyone to); the plain index.html when there is nothing to add.
 */
export function registerWatchPage(app: FastifyInstance, clientDir: string, preparedPages: PreparedPages) {
  const makePage = async (request: FastifyRequest, episodeId: string, language: string): Promise<MadePage> => {
    const gathered = await gatherWatchStart(app, request, episodeId);
    if (!gathered) return { html: null, sameForEveryone: false };
    // With the episode's video in it, the page leaves the app's code to the player's boot script (watch.html).
    const template = gathered.media.length > 0 ? await readPage(clientDir, WATCH_PAGE_FILE) : null;
    const plain = watchPageHtml(template ?? (await fs.readFile(path.join(clientDir, 'index.html'), 'utf8')), gathered);
    // The link preview, from the answers the page already holds.
    const { answers } = gathered.start;
    const episode = answers[episodeUrl(episodeId)] as Episode | undefined;
    const series = episode && (answers[seriesUrl(episode.seriesId, language)] as Series | undefined);
    const preview = episode && series && episodePreview(series, episode);
    const html = preview ? withPreviewTags(plain, preview, previewTagsFor(app, request, preview, language)) : plain;
    return { html, sameForEveryone: Object.keys(gathered.start.answers).length === WATCH_START_ANSWERS };
  };
  // Open like any page (it holds the gate for visitors without access); its answers come from guarded routes.
  // A link-preview bot the gate would stop gets the page's link preview alone.
  const config = linkPreviewPageRoute;
  app.get<{ Params: { episodeId: string } }>('/watch/:episodeId', { config }, async (request, reply) => {
    // No viewer comes with the page: the player's first write (or its read of /api/user) gives this browser one,
    // and its other writes wait for that answer (asViewer, src/web/lib/api-client.ts).
    const { episodeId } = request.params;
    if (!positiveId.safeParse(episodeId).success) return sendIndex(reply);
    const language = viewerLanguageOf(request);
    if (isLinkPreviewFetch(request) && !app.accessGate.admits(request.cookies[ACCESS_COOKIE])) {
      const preview = await episodePreviewOf(app, Number(episodeId), language);
      return sendLinkPreviewPage(app, request, reply, preview, language);
    }
    // The page holds nothing of the address's query but its language: one page per episode and language.
    const address = pageAddress(`/watch/${Number(episodeId)}`, language, originOf(app, request));
    const page =
      preparedPages.forVisitor(address, request) ??
      (await preparedPages.made(address, request, () => makePage(request, episodeId, language)));
    return page === null ? sendIndex(reply) : sendPage(request, reply, page, false);
  });
}

const sendIndex = (reply: FastifyReply) =>
  reply.header('Cache-Control', pageCaching(false)).type('text/html').sendFile('index.html');
