import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addCarouselItemBody,
  addTrendingItemBody,
  carouselItem,
  errorReply,
  idParams,
  reorderCarouselBody,
  reorderTrendingBody,
  trendingItem,
  updateTrendingItemBody,
} from '../../../contract/index.ts';
import {
  addToCarousel,
  addToTrending,
  removeFromCarousel,
  removeFromTrending,
  reorderCarousel,
  reorderTrending,
  setTrendingMatch,
} from './curation.service.ts';
import { operatorRoute } from '../../plugins/guards.ts';

const errors = { 400: errorReply, 404: errorReply, 409: errorReply };
const deleted = { 204: z.null(), 404: errorReply };

export const curationRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET /api/carousel and /api/trending are served from memory: catalogue-snapshot.routes.ts.
  app.post(
    '/api/carousel',
    { config: operatorRoute, schema: { body: addCarouselItemBody, response: { 201: carouselItem, ...errors } } },
    async (request, reply) => reply.status(201).send(await addToCarousel(app.db, request.body)),
  );

  app.put(
    '/api/carousel/reorder',
    {
      config: operatorRoute,
      schema: { body: reorderCarouselBody, response: { 200: z.array(carouselItem), ...errors } },
    },
    (request) => reorderCarousel(app.db, request.body.items),
  );

  app.delete(
    '/api/carousel/:id',
    { config: operatorRoute, schema: { params: idParams, response: deleted } },
    async (request, reply) => {
      await removeFromCarousel(app.db, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/trending',
    { config: operatorRoute, schema: { body: addTrendingItemBody, response: { 201: trendingItem, ...errors } } },
    async (request, reply) => reply.status(201).send(await addToTrending(app.db, request.body)),
  );

  app.put(
    '/api/trending/reorder',
    {
      config: operatorRoute,
      schema: { body: reorderTrendingBody, response: { 200: z.array(trendingItem), ...errors } },
    },
    (request) => reorderTrending(app.db, request.body.items),
  );

  app.put(
    '/api/trending/:id',
    {
      config: operatorRoute,
      schema: { params: idParams, body: updateTrendingItemBody, response: { 200: trendingItem, ...errors } },
    },
    (request) => setTrendingMatch(app.db, request.params.id, request.body.matchPercentage),
  );

  app.delete(
    '/api/trending/:id',
    { config: operatorRoute, schema: { params: idParams, response: deleted } },
    async (request, reply) => {
      await removeFromTrending(app.db, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
