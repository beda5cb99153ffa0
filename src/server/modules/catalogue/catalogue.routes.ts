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
  updateSeriesBody,
  type Series,
} from '#contract/index.ts';
import { createSeries, editSeries, getCatalogueFigures, getSeries, removeSeries } from './catalogue.service.ts';
import { operatorRoute, viewerRoute } from '../../plugins/guards.ts';
import type { FastifyRequest } from 'fastify';
import { artworkImporter, DEFAULT_ARTWORK_LIMITS, type OwnOrigin } from '../../media/artwork-import.ts';
import { getEpisode } from '../episodes/episodes.service.ts';
import { adoptExternalArtwork, storeUploadedArtwork } from './series-artwork.ts';
import { receiveArtwork } from './artwork.upload.ts';

const seriesObject = (s: Series) => ({ type: 'series', id: s.id, label: s.title });
/** What the audit log compares of a series: what operators edit, not its counters. */
const auditedSeries = ({ id: _id, likes: _likes, createdAt: _createdAt, ...edited }: Series) => edited;

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const artwork = artworkImporter(app.mediaPipeline.storage, {
    ...DEFAULT_ARTWORK_LIMITS,
    allowedEndpoints: app.config.artworkAllowedEndpoints,
  });
  const ours = (request: FastifyRequest): OwnOrigin => ({
    requestHost: request.host,
    publicOrigin: app.config.publicOrigin,
    storedPathOf: app.mediaAddresses.storedPathOf,
  });
  app.addHook('onReady', () => {
    // In the background: a slow or dead external host must not hold up the start.
    adoptExternalArtwork(app.db, artwork, app.config.mediaDir, app.log).catch((error: unknown) =>
      app.log.warn({ message: error instanceof Error ? error.message : String(error) }, 'thumbnail adoption stopped'),
    );
  });

  // The viewer reads of series and episode lists, and search, are served from memory: catalogue-snapshot.routes.ts.
  app.get(
    '/api/admin/catalogue-figures',
    {
      config: operatorRoute('owner', 'editor', 'analyst'),
      schema: {
        summary: "The catalogue's figures for the dashboard",
        operationId: 'getCatalogueFigures',
        tags: ['Catalogue'],
        response: { 200: catalogueFigures },
      },
    },
    () => getCatalogueFigures(app.db),
  );

  app.get(
    '/api/episodes/:episodeId',
    {
      config: viewerRoute,
      schema: {
        summary: 'One episode',
        operationId: 'getEpisode',
        tags: ['Catalogue'],
        params: episodeIdParams,
        response: { 200: episode, 404: errorReply },
      },
    },
    (request) => getEpisode(app.db, request.params.episodeId),
  );

  app.post(
    '/api/series',
    {
      config: operatorRoute('owner', 'editor'),
      schema: {
        summary: 'Create a series',
        operationId: 'createSeries',
        tags: ['Catalogue'],
        body: createSeriesBody,
        response: { 201: series },
      },
    },
    async (request, reply) => {
      const created = await createSeries(app.db, artwork, request.body, ours(request));
      await app.audit(request, {
        action: 'series.create',
        object: seriesObject(created),
        after: auditedSeries(created),
      });
      return reply.status(201).send(created);
    },
  );

  await app.register(async (uploads) => {
    // Only this scope parses multipart bodies.
    await uploads.register(multipart);
    uploads.post(
      '/api/series/artwork',
      {
        config: operatorRoute('owner', 'editor'),
        schema: {
          summary: 'Upload a series picture',
          operationId: 'uploadSeriesArtwork',
          tags: ['Catalogue'],
          consumes: ['multipart/form-data'],
          response: { 201: artworkUploadReply },
        },
      },
      async (request, reply) => {
        const bytes = await receiveArtwork(request, DEFAULT_ARTWORK_LIMITS.maxBytes);
        return reply.status(201).send({ url: await storeUploadedArtwork(artwork, bytes, ARTWORK_FILE_FIELD) });
      },
    );
  });

  app.put(
    '/api/series/:id',
    {
      config: operatorRoute('owner', 'editor'),
      schema: {
        summary: 'Edit a series',
        operationId: 'updateSeries',
        tags: ['Catalogue'],
        params: seriesIdParams,
        body: updateSeriesBody,
        response: { 200: series, 404: errorReply },
      },
    },
    async (request) => {
      const before = await getSeries(app.db, request.params.id);
      const after = await editSeries(app.db, artwork, request.params.id, request.body, ours(request));
      await app.audit(request, {
        action: 'series.update',
        object: seriesObject(after),
        before: auditedSeries(before),
        after: auditedSeries(after),
      });
      return after;
    },
  );

  app.delete(
    '/api/series/:id',
    {
      config: operatorRoute('owner', 'editor'),
      schema: {
        summary: 'Delete a series and its episodes',
        operationId: 'deleteSeries',
        tags: ['Catalogue'],
        params: seriesIdParams,
        response: { 204: z.null(), 404: errorReply },
      },
    },
    async (request, reply) => {
      const before = await getSeries(app.db, request.params.id);
      await removeSeries(app.db, request.params.id);
      await app.audit(request, {
        action: 'series.delete',
        object: seriesObject(before),
        before: auditedSeries(before),
      });
      await removeSeriesMedia(app.mediaPipeline, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
