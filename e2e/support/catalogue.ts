import { expect, type Page } from '@playwright/test';

/** The first API's lists that hold the whole catalogue: kept for compatible clients, never read by the viewer app. */
const WHOLE_CATALOGUE = new Set(['/api/series', '/api/series/new', '/api/series/popular']);
const MAX_REPLY_BYTES = 100 * 1024;

/**
 * Records the page's API replies from now on, to check that the viewer app reads pages of the catalogue only:
 * none of the whole-catalogue lists, and no API reply or page over 100 kB as sent (compressed).
 */
export function watchCatalogueReplies(page: Page) {
  const seen: { path: string; bytes: Promise<number> }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    // Pages too: their HTML carries the API answers the page reads first.
    if (!url.pathname.startsWith('/api/') && response.request().resourceType() !== 'document') return;
    seen.push({
      path: url.pathname,
      bytes: response
        .request()
        .sizes()
        .then((sizes) => sizes.responseBodySize)
        .catch(() => 0),
    });
  });
  return {
    async expectNoCatalogueDownload() {
      expect(seen.map((reply) => reply.path).filter((path) => WHOLE_CATALOGUE.has(path))).toEqual([]);
      for (const reply of seen) expect(await reply.bytes, reply.path).toBeLessThan(MAX_REPLY_BYTES);
    },
  };
}
