import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_DATA_ELEMENT_ID, VIEWER_PAGE_QUERIES } from '../../../contract/page-data.ts';
import { publicRoute } from '../../plugins/guards.ts';
import { gatherPageData, largestImageOf } from './page-data.ts';
import { isCatalogueListUrl } from '../catalogue-snapshot/catalogue-snapshot.routes.ts';
import { createCataloguePages } from './catalogue-pages.ts';
import { attribute, scriptJson, sendPage } from './page-reply.ts';
import { viewerLanguageOf } from './viewer-language.ts';

const ID = /^\d{1,9}$/;

/**
 * The viewer pages' HTML (index.html) with the API answers they read first and, at the top of <head>, a
 * high-priority fetch of their largest image. For a visitor without access: index.html as it is.
 */
export function registerViewerPages(app: FastifyInstance, clientDir: string) {
  const cataloguePages = createCataloguePages(app);
  for (const page of VIEWER_PAGE_QUERIES) {
    const sameForEveryViewer = page.queries({}, 'en').every(isCatalogueListUrl);
    const makePage = async (
      request: FastifyRequest<{ Params: Record<string, string> }>,
      reply: FastifyReply,
      language: string,
    ) => {
      const version = cataloguePages.version();
      const { id } = request.params;
      const queries = page.queries(request.params, language);
      const data = id === undefined || ID.test(id) ? await gatherPageData(app, request, queries) : null;
      if (!data) return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
      const image = largestImageOf(data.answers, id === undefined ? undefined : queries[0]);
      const head =
        (image ? `<link rel="preload" as="image" fetchpriority="high" href="${attribute(image)}">` : '') +
        `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${scriptJson(data)}</script>`;
      const index = await fs.readFile(path.join(clientDir, 'index.html'), 'utf8');
      const html = index.replace(/<head>/i, (tag) => `${tag}${head}`);
      return sendPage(
        request,
        reply,
        sameForEveryViewer ? cataloguePages.keep(page.path, language, version, html) : html,
      );
    };
    // Open like any page (it holds the gate for visitors without access); its answers come from guarded routes.
    app.get<{ Params: Record<string, string> }>(page.path, { config: publicRoute }, (request, reply) => {
      const language = viewerLanguageOf(request);
      const prepared = sameForEveryViewer ? cataloguePages.forVisitor(page.path, language, request) : undefined;
      return prepared ? sendPage(request, reply, prepared) : makePage(request, reply, language);
    });
  }
}
