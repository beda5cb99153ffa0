import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PAGE_DATA_ELEMENT_ID, VIEWER_PAGE_QUERIES, type PageData } from '#contract/page-data.ts';
import type { PageRenderer, RenderedPage } from '#contract/page-render.ts';
import type { Series } from '#contract/series.ts';
import { ACCESS_COOKIE, isLinkPreviewFetch, linkPreviewPageRoute, publicRoute } from '../../plugins/guards.ts';
import { isCatalogueReadUrl } from '../catalogue-snapshot/catalogue-snapshot.service.ts';
import { sendLinkPreviewPage } from './link-preview-page.ts';
import { originOf, previewTagsFor, seriesPreview, seriesPreviewOf, withPreviewTags } from './link-preview.ts';
import { gatherPageData, largestImageOf } from './page-data.ts';
import { defaultSsrEntry, loadPageRenderer, renderForViewer } from './page-renderer.ts';
import { attribute, pageCaching, scriptJson, sendPage, type PreparedPage } from './page-reply.ts';
import { createPreparedPages, pageAddress, type MadePage, type PreparedPages } from './prepared-pages.ts';
import { viewerLanguageOf } from './viewer-language.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The pages made for everyone, kept in a bounded memory; the watch page keeps its own there too. */
    preparedPages: PreparedPages;
  }
}

/** The viewer pages rendered on the server; none without a built client (`clientDir` unset). */
export const pagesRoutes = fp(
  async (app: FastifyInstance, options: { clientDir?: string; ssrEntry?: string }) => {
    const { clientDir } = options;
    if (!clientDir) return;
    const preparedPages = createPreparedPages(app);
    app.decorate('preparedPages', preparedPages);
    const renderer = await loadPageRenderer(app, options.ssrEntry ?? defaultSsrEntry(clientDir));
    registerViewerPages(app, clientDir, renderer, preparedPages);
  },
  { name: 'pages' },
);

const ID = /^\d{1,9}$/;

/**
 * The viewer pages' HTML: index.html with, at the top of <head>, a high-priority fetch of their largest
 * image and, with a renderer, the page rendered in the visitor's language with the query cache it was
 * rendered from (else the API answers it reads first). For a visitor without access: index.html as it is.
 * Pages the same for everyone (home, discover, a series) are made once per address, language and catalogue
 * stamp, the query included: `/discover?genre=Comedy` is a page of its own.
 */
export function registerViewerPages(
  app: FastifyInstance,
  clientDir: string,
  renderer: PageRenderer | null,
  preparedPages: PreparedPages,
) {
  for (const page of VIEWER_PAGE_QUERIES) {
    const forEveryone = page.sameForEveryone === true;
    const showsAccount = page.queries({}, 'en').includes('/api/user');
    // A series page is where shared links land: it carries a link preview, and link-preview bots get that alone.
    const previewed = page.path === '/series/:id';
    const makePage = async (
      request: FastifyRequest<{ Params: Record<string, string> }>,
      language: string,
    ): Promise<MadePage> => {
      const { id } = request.params;
      const queries = page.queries(request.params, language);
      const data = id === undefined || ID.test(id) ? await gatherPageData(app, request, queries) : null;
      if (!data) return { html: null, sameForEveryone: false };
      const image = largestImageOf(data.answers, id === undefined ? undefined : queries[0]);
      const render = renderer
        ? await renderForViewer(app, request, renderer, data.answers, language, forEveryone)
        : null;
      const index = await fs.readFile(path.join(clientDir, 'index.html'), 'utf8');
      const series = previewed ? (data.answers[queries[0]!] as Series | undefined) : undefined;
      const preview = series && seriesPreview(series);
      const plain = viewerPageHtml(index, render?.page ?? data, image);
      const html = preview ? withPreviewTags(plain, preview, previewTagsFor(app, request, preview, language)) : plain;
      // Shared only when complete (rendered, or every answer at hand without a renderer) and made from nothing
      // but the catalogue: any other read may be one viewer's own, or change without the catalogue's stamp.
      const complete = render ? render.page !== null : Object.keys(data.answers).length === queries.length;
      const reads = render ? render.reads : queries;
      return { html, sameForEveryone: forEveryone && complete && reads.every(isCatalogueReadUrl) };
    };
    const send = (
      request: FastifyRequest,
      reply: FastifyReply,
      page: PreparedPage | string | null,
      personal: boolean,
    ) =>
      page === null
        ? reply.header('Cache-Control', pageCaching(personal)).type('text/html').sendFile('index.html')
        : sendPage(request, reply, page, personal);
    // Open like any page (it holds the gate for visitors without access); its answers come from guarded routes.
    const config = previewed ? linkPreviewPageRoute : publicRoute;
    app.get<{ Params: Record<string, string> }>(page.path, { config }, async (request, reply) => {
      const language = viewerLanguageOf(request);
      const { id } = request.params;
      if (previewed && id && ID.test(id) && isLinkPreviewFetch(request) && !hasAccess(app, request)) {
        return sendLinkPreviewPage(app, request, reply, await seriesPreviewOf(app, Number(id), language), language);
      }
      // A page that shows the visitor's account is their first read of it: they get their viewer with the page.
      const given = showsAccount && hasAccess(app, request) && app.viewers.giveTo(request, reply);
      // Made for this visitor alone (it may hold their account), so it is theirs to keep, nobody else's.
      if (!forEveryone) return send(request, reply, (await makePage(request, language)).html, true);
      const address = pageAddress(request.url, language, originOf(app, request));
      const prepared = preparedPages.forVisitor(address, request);
      if (prepared) return sendPage(request, reply, prepared, given);
      const made = await preparedPages.made(address, request, () => makePage(request, language));
      return send(request, reply, made, given);
    });
  }
}

const hasAccess = (app: FastifyInstance, request: FastifyRequest) =>
  app.accessGate.admits(request.cookies[ACCESS_COOKIE]);

/** index.html with the page's markup and data (or its data only), its language and its largest image. */
export function viewerPageHtml(indexHtml: string, page: RenderedPage | PageData, image: string | undefined): string {
  const preload = image ? `<link rel="preload" as="image" fetchpriority="high" href="${attribute(image)}">` : '';
  const rendered = 'html' in page ? page : null;
  const data = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${scriptJson(rendered ? rendered.data : page)}</script>`;
  let html = indexHtml.replace(/<head>/i, (tag) => `${tag}${preload}`);
  if (rendered) html = html.replace(/<html[^>]*>/i, `<html lang="${attribute(rendered.lang)}" dir="${rendered.dir}">`);
  return html.replace(/<div id="root"><\/div>/, () => `<div id="root">${rendered?.html ?? ''}</div>${data}`);
}
