import { z } from 'zod';
import { removeSeriesMedia } from '../transcode/transcode.service.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createSeriesBody,
  episode,
  episodeIdParams,
  errorReply,
  series,
  seriesIdParams,
  updateSeriesBody,
} from '../../../contract/index.ts';
import {
  createSeries,
  editSeries,
  getEpisode,
  getSeries,
  listEpisodes,
  listNewSeries,
  listPopularSeries,
  listSeries,
  listTrendingSeries,
  removeSeries,
} from './catalogue.service.ts';
import { operatorRoute, viewerRoute } from '../../plugins/guards.ts';

const seriesList = { response: { 200: z.array(series) } };

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/series', { config: viewerRoute, schema: seriesList }, () => listSeries(app.db));
  app.get('/api/series/new', { config: viewerRoute, schema: seriesList }, () => listNewSeries(app.db));
  app.get('/api/series/popular', { config: viewerRoute, schema: seriesList }, () => listPopularSeries(app.db));
  app.get('/api/series/trending', { config: viewerRoute, schema: seriesList }, () => listTrendingSeries(app.db));

  app.get(
    '/api/series/:id',
    { config: viewerRoute, schema: { params: seriesIdParams, response: { 200: series, 404: errorReply } } },
    (request) => getSeries(app.db, request.params.id),
  );

  app.get(
    '/api/series/:id/episodes',
    { config: viewerRoute, schema: { params: seriesIdParams, response: { 200: z.array(episode), 404: errorReply } } },
    (request) => listEpisodes(app.db, request.params.id),
  );

  app.get(
    '/api/episodes/:episodeId',
    { config: viewerRoute, schema: { params: episodeIdParams, response: { 200: episode, 404: errorReply } } },
    (request) => getEpisode(app.db, request.params.episodeId),
  );

  app.post(
    '/api/series',
    { config: operatorRoute, schema: { body: createSeriesBody, response: { 201: series } } },
    async (request, reply) => reply.status(201).send(await createSeries(app.db, request.body)),
  );

  app.put(
    '/api/series/:id',
    {
      config: operatorRoute,
      schema: { params: seriesIdParams, body: updateSeriesBody, response: { 200: series, 404: errorReply } },
    },
    (request) => editSeries(app.db, request.params.id, request.body),
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
