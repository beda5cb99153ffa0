import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PageData } from '#contract/page-data.ts';
import type { ApiAnswer, PageRenderer, RenderedPage } from '#contract/page-render.ts';
import { answerAsViewer } from './viewer-answers.ts';

/** `vite build` writes the web app's server build next to the client's (vite.config.ts). */
export const defaultSsrEntry = (clientDir: string) => path.join(path.dirname(clientDir), 'ssr', 'entry-server.js');

/** The web app's page renderer, or null without one (a build without it: pages carry their data only). */
export async function loadPageRenderer(app: FastifyInstance, entry: string): Promise<PageRenderer | null> {
  if (!fs.existsSync(entry)) return null;
  const module = (await import(pathToFileURL(entry).href)) as Partial<PageRenderer>;
  if (typeof module.renderPage !== 'function') throw new Error(`${entry} exports no renderPage`);
  app.log.debug({ entry }, 'viewer pages are rendered on the server');
  return { renderPage: module.renderPage };
}

/**
 * The page rendered for this visitor. Its reads are answered from the answers gathered for the page, and
 * anything else from the API's own routes with the visitor's cookies; `reads` names every URL the render read,
 * so the caller can tell whether the page may hold this visitor's own data. `forEveryone`: the viewer's own
 * reads are left to the browser. `page` is null when it could not be rendered (a read failed, or the renderer
 * did): the page then goes out with its data only, and the browser renders it.
 */
export async function renderForViewer(
  app: FastifyInstance,
  request: FastifyRequest,
  renderer: PageRenderer,
  gathered: PageData['answers'],
  language: string,
  forEveryone = false,
): Promise<{ page: RenderedPage | null; reads: string[] }> {
  const reads: string[] = [];
  const readApi = async (url: string): Promise<ApiAnswer> => {
    reads.push(url);
    if (url in gathered) return { status: 200, body: gathered[url] };
    const reply = await answerAsViewer(app, request, url);
    return reply.status === 200 ? { status: 200, body: reply.body } : { status: reply.status, text: reply.text };
  };
  try {
    const page = await renderer.renderPage({ url: request.url, language, readApi, forEveryone });
    return { page, reads };
  } catch (error) {
    request.log.error({ err: error }, 'rendering a viewer page failed; it goes out with its data only');
    return { page: null, reads };
  }
}
