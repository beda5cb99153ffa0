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
  listCarousel,
  listTrending,
  removeFromCarousel,
  removeFromTrending,
  reorderCarousel,
  reorderTrending,
  setTrendingMatch,
} from './curation.service.ts';

const errors = { 400: errorReply, 404: errorReply, 409: errorReply };
const deleted = { 204: z.null(), 404: errorReply };

export const curationRoutes: FastifyPluginAsyncZod = async (app) => {
  // The admin check runs before the body is parsed, so a caller without a session learns nothing from validation.
  const admin = { onRequest: app.requireAdmin };

  app.get('/api/carousel', { schema: { response: { 200: z.array(carouselItem) } } }, () => listCarousel(app.db));

  app.post(
    '/api/carousel',
    { ...admin, schema: { body: addCarouselItemBody, response: { 201: carouselItem, ...errors } } },
    async (request, reply) => reply.status(201).send(await addToCarousel(app.db, request.body)),
  );

  app.put(
    '/api/carousel/reorder',
    { ...admin, schema: { body: reorderCarouselBody, response: { 200: z.array(carouselItem), ...errors } } },
    (request) => reorderCarousel(app.db, request.body.items),
  );

  app.delete(
    '/api/carousel/:id',
    { ...admin, schema: { params: idParams, response: deleted } },
    async (request, reply) => {
      await removeFromCarousel(app.db, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get('/api/trending', { schema: { response: { 200: z.array(trendingItem) } } }, () => listTrending(app.db));

  app.post(
    '/api/trending',
    { ...admin, schema: { body: addTrendingItemBody, response: { 201: trendingItem, ...errors } } },
    async (request, reply) => reply.status(201).send(await addToTrending(app.db, request.body)),
  );

  app.put(
    '/api/trending/reorder',
    { ...admin, schema: { body: reorderTrendingBody, response: { 200: z.array(trendingItem), ...errors } } },
    (request) => reorderTrending(app.db, request.body.items),
  );

  app.put(
    '/api/trending/:id',
    {
      ...admin,
      schema: { params: idParams, body: updateTrendingItemBody, response: { 200: trendingItem, ...errors } },
    },
    (request) => setTrendingMatch(app.db, request.params.id, request.body.matchPercentage),
  );

  app.delete(
    '/api/trending/:id',
    { ...admin, schema: { params: idParams, response: deleted } },
    async (request, reply) => {
      await removeFromTrending(app.db, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
