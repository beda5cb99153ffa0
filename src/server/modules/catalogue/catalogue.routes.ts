import { z } from 'zod';
import multipart from '@fastify/multipart';
import { removeSeriesMedia } from '../transcode/transcode.service.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ARTWORK_FILE_FIELD,
  artworkUploadReply,
  catalogueFigures,
  createSeriesBody,
  episode,
  episodeIdParams,
  errorReply,
  series,
  seriesIdParams,
  seriesPage,
  seriesSearchQuery,
  updateSeriesBody,
} from '../../../contract/index.ts';
import { createSeries, editSeries, getCatalogueFigures, getEpisode, removeSeries } from './catalogue.service.ts';
import { searchSeries } from './series-search.service.ts';
import { inViewerLanguage } from '../translations/translations.service.ts';
import { sendPrepared } from '../catalogue-snapshot/prepared-reply.ts';
import { operatorRoute, viewerRoute } from '../../plugins/guards.ts';
import type { FastifyRequest } from 'fastify';
import { artworkImporter, DEFAULT_ARTWORK_LIMITS, type OwnOrigin } from '../../media/artwork-import.ts';
import { adoptExternalArtwork, storeUploadedArtwork } from './series-artwork.ts';
import { receiveArtwork } from './artwork.upload.ts';

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const artwork = artworkImporter(app.mediaPipeline.storage, {
    ...DEFAULT_ARTWORK_LIMITS,
    allowedEndpoints: app.config.artworkAllowedEndpoints,
  });
  const ours = (request: FastifyRequest): OwnOrigin => ({
    requestHost: request.host,
    publicOrigin: app.config.publicOrigin,
  });
  app.addHook('onReady', () => {
    // In the background: a slow or dead external host must not hold up the start.
    adoptExternalArtwork(app.db, artwork, app.config.mediaDir, app.log).catch((error: unknown) =>
      app.log.warn({ message: error instanceof Error ? error.message : String(error) }, 'thumbnail adoption stopped'),
    );
  });

  // The viewer reads of series and episode lists are served from memory: catalogue-snapshot.routes.ts.
  app.get(
    '/api/series/search',
    { config: viewerRoute, schema: { querystring: seriesSearchQuery, response: { 200: seriesPage, 400: errorReply } } },
    async (request, reply) => {
      const { q, genre, limit, cursor, notIn, lang } = request.query;
      // Until the catalogue changes, the same search is the same answer: popular searches and pages read again
      // come from memory (decision 024).
      const key = JSON.stringify(['search', q ?? '', genre ?? '', limit, cursor ?? '', notIn ?? '', lang ?? '']);
      const prepared = await app.catalogueSnapshot.derived(key, async () => {
        const page = await searchSeries(app.db, request.query);
        return { ...page, items: await inViewerLanguage(app.db, page.items, lang) };
      });
      return sendPrepared(request, reply, prepared);
    },
  );

  app.get(
    '/api/admin/catalogue-figures',
    { config: operatorRoute, schema: { response: { 200: catalogueFigures } } },
    () => getCatalogueFigures(app.db),
  );

  app.get(
    '/api/episodes/:episodeId',
    { config: viewerRoute, schema: { params: episodeIdParams, response: { 200: episode, 404: errorReply } } },
    (request) => getEpisode(app.db, request.params.episodeId),
  );

  app.post(
    '/api/series',
    { config: operatorRoute, schema: { body: createSeriesBody, response: { 201: series } } },
    async (request, reply) => reply.status(201).send(await createSeries(app.db, artwork, request.body, ours(request))),
  );

  await app.register(async (uploads) => {
    // Only this scope parses multipart bodies.
    await uploads.register(multipart);
    uploads.post(
      '/api/series/artwork',
      { config: operatorRoute, schema: { response: { 201: artworkUploadReply } } },
      async (request, reply) => {
        const bytes = await receiveArtwork(request, DEFAULT_ARTWORK_LIMITS.maxBytes);
        return reply.status(201).send({ url: await storeUploadedArtwork(artwork, bytes, ARTWORK_FILE_FIELD) });
      },
    );
  });

  app.put(
    '/api/series/:id',
    {
      config: operatorRoute,
      schema: { params: seriesIdParams, body: updateSeriesBody, response: { 200: series, 404: errorReply } },
    },
    (request) => editSeries(app.db, artwork, request.params.id, request.body, ours(request)),
  );

  app.delete(
    '/api/series/:id',
    { config: operatorRoute, schema: { params: seriesIdParams, response: { 204: z.null(), 404: errorReply } } },
    async (request, reply) => {
      await removeSeries(app.db, request.params.id);
      await removeSeriesMedia(app.mediaPipeline, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
