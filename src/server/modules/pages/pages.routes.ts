import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_DATA_ELEMENT_ID, VIEWER_PAGE_QUERIES, type PageData } from '../../../contract/page-data.ts';
import type { PageRenderer, RenderedPage } from '../../../contract/page-render.ts';
import { ACCESS_COOKIE, publicRoute } from '../../plugins/guards.ts';
import { isCatalogueListUrl } from '../catalogue-snapshot/catalogue-snapshot.routes.ts';
import { createCataloguePages } from './catalogue-pages.ts';
import { gatherPageData, largestImageOf } from './page-data.ts';
import { renderForViewer } from './page-renderer.ts';
import { attribute, scriptJson, sendPage } from './page-reply.ts';
import { viewerLanguageOf } from './viewer-language.ts';

const ID = /^\d{1,9}$/;

/**
 * The viewer pages' HTML: index.html with, at the top of <head>, a high-priority fetch of their largest
 * image and, with a renderer, the page rendered in the visitor's language with the query cache it was
 * rendered from (else the API answers it reads first). For a visitor without access: index.html as it is.
 * Pages that read only catalogue lists (home, discover) are made once per catalogue version and language.
 */
export function registerViewerPages(app: FastifyInstance, clientDir: string, renderer: PageRenderer | null) {
  const cataloguePages = createCataloguePages(app);
  for (const page of VIEWER_PAGE_QUERIES) {
    const readsOnlyLists = page.queries({}, 'en').every(isCatalogueListUrl);
    const makePage = async (
      request: FastifyRequest<{ Params: Record<string, string> }>,
      reply: FastifyReply,
      language: string,
    ) => {
      const version = cataloguePages.version();
      const { id } = request.params;
      const queries = page.queries(request.params, language);
      // A page that shows the visitor's account is their first read of it: they get their viewer with the page.
      if (queries.includes('/api/user') && app.accessGate.admits(request.cookies[ACCESS_COOKIE])) {
        app.viewers.giveTo(request, reply);
      }
      const data = id === undefined || ID.test(id) ? await gatherPageData(app, request, queries) : null;
      if (!data) return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
      const image = largestImageOf(data.answers, id === undefined ? undefined : queries[0]);
      const render = renderer ? await renderForViewer(app, request, renderer, data.answers, language) : null;
      const index = await fs.readFile(path.join(clientDir, 'index.html'), 'utf8');
      const html = viewerPageHtml(index, render?.page ?? data, image);
      // A page whose rendering read anything but the lists may hold this visitor's own data: never shared.
      const shared = readsOnlyLists && !render?.readBeyondGathered;
      return sendPage(request, reply, shared ? cataloguePages.keep(page.path, language, version, html) : html);
    };
    // Open like any page (it holds the gate for visitors without access); its answers come from guarded routes.
    app.get<{ Params: Record<string, string> }>(page.path, { config: publicRoute }, (request, reply) => {
      const language = viewerLanguageOf(request);
      const prepared = readsOnlyLists ? cataloguePages.forVisitor(page.path, language, request) : undefined;
      return prepared ? sendPage(request, reply, prepared) : makePage(request, reply, language);
    });
  }
}

/** index.html with the page's markup and data (or its data only), its language and its largest image. */
export function viewerPageHtml(indexHtml: string, page: RenderedPage | PageData, image: string | undefined): string {
  const preload = image ? `<link rel="preload" as="image" fetchpriority="high" href="${attribute(image)}">` : '';
  const rendered = 'html' in page ? page : null;
  const data = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${scriptJson(rendered ? rendered.data : page)}</script>`;
  let html = indexHtml.replace(/<head>/i, (tag) => `${tag}${preload}`);
  if (rendered) html = html.replace(/<html[^>]*>/i, `<html lang="${attribute(rendered.lang)}" dir="${rendered.dir}">`);
  return html.replace(/<div id="root"><\/div>/, () => `<div id="root">${rendered?.html ?? ''}</div>${data}`);
}
