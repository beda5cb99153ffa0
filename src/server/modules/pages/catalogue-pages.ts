import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCESS_COOKIE } from '../../plugins/guards.ts';
import { preparePage, type PreparedPage } from './page-reply.ts';

/**
 * Pages that read only catalogue lists (home, discover) are the same for every visitor with access who reads
 * in the same language: each is made once per version of the catalogue snapshot and language, then sent as
 * prepared bytes, with no in-process requests and no compression per visit. Anyone else (no access cookie, an
 * operator's session) gets the page made for them, as before.
 */
export function createCataloguePages(app: FastifyInstance) {
  const made = new Map<string, { version: object; page: PreparedPage }>();
  return {
    /** The version to make a page for: read before gathering its answers, so a page is never newer than its tag. */
    version: (): object | undefined => app.catalogueSnapshot.ready(),

    /** The prepared page for this visitor, when they have access and nothing changed since it was made. */
    forVisitor(path: string, language: string, request: FastifyRequest): PreparedPage | undefined {
      const entry = made.get(`${path}|${language}`);
      if (!entry || entry.version !== app.catalogueSnapshot.ready()) return undefined;
      return app.accessGate.admits(request.cookies[ACCESS_COOKIE]) ? entry.page : undefined;
    },

    keep(path: string, language: string, version: object | undefined, html: string): PreparedPage {
      const page = preparePage(html);
      if (version) made.set(`${path}|${language}`, { version, page });
      return page;
    },
  };
}
