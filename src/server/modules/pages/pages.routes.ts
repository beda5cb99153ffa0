import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PAGE_DATA_ELEMENT_ID, VIEWER_PAGE_QUERIES, type PageData } from '../../../contract/page-data.ts';
import type { PageRenderer, RenderedPage } from '../../../contract/page-render.ts';
import { publicRoute } from '../../plugins/guards.ts';
import { gatherPageData, largestImageOf } from './page-data.ts';
import { renderForViewer } from './page-renderer.ts';
import { attribute, scriptJson, sendPage } from './page-reply.ts';

const ID = /^\d{1,9}$/;

/**
 * The viewer pages' HTML: index.html with, at the top of <head>, a high-priority fetch of their largest
 * image and, with a renderer, the page rendered in the visitor's language with the query cache it was
 * rendered from (else the API answers it reads first). For a visitor without access: index.html as it is.
 */
export function registerViewerPages(app: FastifyInstance, clientDir: string, renderer: PageRenderer | null) {
  for (const page of VIEWER_PAGE_QUERIES) {
    // Open like any page (it holds the gate for visitors without access); its answers come from guarded routes.
    app.get<{ Params: Record<string, string> }>(page.path, { config: publicRoute }, async (request, reply) => {
      const { id } = request.params;
      const data =
        id === undefined || ID.test(id) ? await gatherPageData(app, request, page.queries(request.params)) : null;
      if (!data) return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
      const image = largestImageOf(data.answers, id === undefined ? undefined : page.queries(request.params)[0]);
      const rendered = renderer ? await renderForViewer(app, request, renderer, data.answers) : null;
      const index = await fs.readFile(path.join(clientDir, 'index.html'), 'utf8');
      return sendPage(request, reply, viewerPageHtml(index, rendered ?? data, image));
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
