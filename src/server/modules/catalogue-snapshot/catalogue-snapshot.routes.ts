import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  carouselItem,
  catalogueLanguageQuery,
  episode,
  errorReply,
  series,
  seriesByIdQuery,
  seriesIdParams,
  seriesListParams,
  seriesListQuery,
  seriesPage,
  seriesSearchQuery,
  trendingItem,
} from '#contract/index.ts';
import { notFound } from '../../errors.ts';
import { viewerRoute } from '../../plugins/guards.ts';
import { searchSeries } from '../catalogue/catalogue.service.ts';
import { inViewerLanguage } from '../translations/translations.service.ts';
import {
  createCatalogueSnapshot,
  parseCatalogueChange,
  LIST_URLS,
  type CatalogueChange,
  type CatalogueSnapshot,
} from './catalogue-snapshot.service.ts';
import { sendPrepared, type PreparedReply } from './prepared-reply.ts';

declare module 'fastify' {
  interface FastifyInstance {
    catalogueSnapshot: CatalogueSnapshot;
  }
}

const seriesList = z.array(series);
// The reply schemas describe the routes (OpenAPI); prepared bytes are sent as a Buffer, which no serialiser touches.
const LISTS: Record<keyof typeof LIST_URLS, { reply: z.ZodType; doc: FastifySchema }> = {
  '/api/series': {
    reply: seriesList,
    doc: { summary: 'Every series', operationId: 'listSeries', tags: ['Catalogue'] },
  },
  '/api/series/new': {
    reply: seriesList,
    doc: { summary: 'The new series', operationId: 'listNewSeries', tags: ['Catalogue'] },
  },
  '/api/series/popular': {
    reply: seriesList,
    doc: { summary: 'The popular series', operationId: 'listPopularSeries', tags: ['Catalogue'] },
  },
  '/api/series/trending': {
    reply: seriesList,
    doc: { summary: 'The series on the trending row', operationId: 'listTrendingSeries', tags: ['Catalogue'] },
  },
  '/api/carousel': {
    reply: z.array(carouselItem),
    doc: { summary: "The home page's carousel", operationId: 'listCarousel', tags: ['Curation'] },
  },
  '/api/trending': {
    reply: z.array(trendingItem),
    doc: { summary: 'The trending row', operationId: 'listTrending', tags: ['Curation'] },
  },
};

/**
 * Routes whose successful writes change what viewers read. The database announces every such change to all
 * instances on commit, but that notice may reach this instance a moment after the writer's reply, so a write
 * made here also marks the snapshot stale before its reply goes out: the writer's very next read sees it.
 */
function localChange(method: string, route: string | undefined): CatalogueChange | undefined {
  if (method === 'GET' || method === 'HEAD' || !route) return undefined;
  if (route === '/api/user/:userId/like/:seriesId') return { lists: true };
  if (route.startsWith('/api/carousel') || route.startsWith('/api/trending')) return { lists: true };
  if (route.startsWith('/api/series') || route.startsWith('/api/episodes')) return 'everything';
  return undefined;
}

/** One series' reply; none is a 404 and an error goes to the error handler (Fastify sends an Error as one). */
function sendSeries(request: FastifyRequest, reply: FastifyReply, prepared: PreparedReply | null | Error) {
  if (prepared instanceof Error) return reply.send(prepared);
  if (!prepared) return reply.send(notFound('Series not found.'));
  return sendPrepared(request, reply, prepared);
}

/** The catalogue's public reads (lists, one series, its episodes), answered from the in-memory snapshot as prepared bytes. */
export const catalogueSnapshotRoutes = fp(async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const snapshot = createCatalogueSnapshot(app.db, app.mediaAddresses);
  app.decorate('catalogueSnapshot', snapshot);

  app.changes.subscribe('catalogue_changed', {
    onChange: (payload) => snapshot.changed(parseCatalogueChange(payload)),
    onResync: () => snapshot.changed('everything'),
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const change = reply.statusCode < 400 && localChange(request.method, request.routeOptions.url);
    if (change) snapshot.changed(change);
    done(null, payload);
  });

  for (const [url, { reply: shape, doc }] of Object.entries(LISTS)) {
    const name = LIST_URLS[url as keyof typeof LIST_URLS];
    app.get(
      url,
      {
        config: viewerRoute,
        schema: { ...doc, querystring: catalogueLanguageQuery, response: { 200: shape, 400: errorReply } },
      },
      (request, reply) => {
        // Without a change since the last build the reply is at hand: sent without waiting for a promise.
        const ready = snapshot.readyList(name, request.query.lang);
        if (ready) return sendPrepared(request, reply, ready);
        return snapshot.list(name, request.query.lang).then((prepared) => sendPrepared(request, reply, prepared));
      },
    );
  }

  app.get(
    '/api/series/lists/:list',
    {
      config: viewerRoute,
      schema: {
        summary: 'A page of a series list, optionally of one genre',
        operationId: 'getSeriesListPage',
        tags: ['Catalogue'],
        params: seriesListParams,
        querystring: seriesListQuery,
        response: { 200: seriesPage, 400: errorReply },
      },
    },
    async (request, reply) =>
      sendPrepared(request, reply, await snapshot.seriesPage(request.params.list, request.query, request.query.lang)),
  );
  app.get(
    '/api/series/by-id',
    {
      config: viewerRoute,
      schema: {
        summary: 'Series by their ids',
        operationId: 'listSeriesByIds',
        tags: ['Catalogue'],
        querystring: seriesByIdQuery,
        response: { 200: seriesList, 400: errorReply },
      },
    },
    async (request, reply) =>
      sendPrepared(request, reply, await snapshot.seriesById(request.query.ids, request.query.lang)),
  );
  app.get(
    '/api/series/search',
    {
      config: viewerRoute,
      schema: {
        summary: 'Search series by title, description and tags',
        operationId: 'searchSeries',
        tags: ['Catalogue'],
        querystring: seriesSearchQuery,
        response: { 200: seriesPage, 400: errorReply },
      },
    },
    async (request, reply) => {
      const { q, genre, limit, cursor, notIn, lang } = request.query;
      // Until the catalogue changes, the same search is the same answer: popular searches and pages read again
      // come from memory (decision 024).
      const key = JSON.stringify(['search', q ?? '', genre ?? '', limit, cursor ?? '', notIn ?? '', lang ?? '']);
      const prepared = await snapshot.derived(key, async () => {
        const page = await searchSeries(app.db, request.query);
        return { ...page, items: await inViewerLanguage(app.db, page.items, lang) };
      });
      return sendPrepared(request, reply, prepared);
    },
  );

  app.get(
    '/api/series/:id',
    {
      config: viewerRoute,
      schema: {
        summary: 'One series',
        operationId: 'getSeries',
        tags: ['Catalogue'],
        params: seriesIdParams,
        querystring: catalogueLanguageQuery,
        response: { 200: series, 400: errorReply, 404: errorReply },
      },
    },
    (request, reply) => {
      // Without a change since the last build the reply is at hand: sent without waiting for a promise.
      const { id } = request.params;
      const ready = snapshot.readySeries(id, request.query.lang);
      if (ready !== undefined) return void sendSeries(request, reply, ready);
      snapshot.series(id, request.query.lang).then(
        (prepared) => sendSeries(request, reply, prepared ?? null),
        (error: Error) => sendSeries(request, reply, error),
      );
    },
  );

  app.get(
    '/api/series/:id/episodes',
    {
      config: viewerRoute,
      schema: {
        summary: 'The episodes of a series',
        operationId: 'listSeriesEpisodes',
        tags: ['Catalogue'],
        params: seriesIdParams,
        response: { 200: z.array(episode), 404: errorReply },
      },
    },
    async (request, reply) => {
      const prepared = await snapshot.episodes(request.params.id);
      if (!prepared) throw notFound('Series not found.');
      return sendPrepared(request, reply, prepared);
    },
  );
});
