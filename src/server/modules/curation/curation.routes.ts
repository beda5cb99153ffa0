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
    {
      config: operatorRoute,
      schema: {
        summary: 'Add a series to the carousel',
        operationId: 'addCarouselItem',
        tags: ['Curation'],
        body: addCarouselItemBody,
        response: { 201: carouselItem, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await addToCarousel(app.db, request.body)),
  );

  app.put(
    '/api/carousel/reorder',
    {
      config: operatorRoute,
      schema: {
        summary: 'Reorder the carousel',
        operationId: 'reorderCarousel',
        tags: ['Curation'],
        body: reorderCarouselBody,
        response: { 200: z.array(carouselItem), ...errors },
      },
    },
    (request) => reorderCarousel(app.db, request.body.items),
  );

  app.delete(
    '/api/carousel/:id',
    {
      config: operatorRoute,
      schema: {
        summary: 'Remove an item from the carousel',
        operationId: 'removeCarouselItem',
        tags: ['Curation'],
        params: idParams,
        response: deleted,
      },
    },
    async (request, reply) => {
      await removeFromCarousel(app.db, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/trending',
    {
      config: operatorRoute,
      schema: {
        summary: 'Add a series to the trending row',
        operationId: 'addTrendingItem',
        tags: ['Curation'],
        body: addTrendingItemBody,
        response: { 201: trendingItem, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await addToTrending(app.db, request.body)),
  );

  app.put(
    '/api/trending/reorder',
    {
      config: operatorRoute,
      schema: {
        summary: 'Reorder the trending row',
        operationId: 'reorderTrending',
        tags: ['Curation'],
        body: reorderTrendingBody,
        response: { 200: z.array(trendingItem), ...errors },
      },
    },
    (request) => reorderTrending(app.db, request.body.items),
  );

  app.put(
    '/api/trending/:id',
    {
      config: operatorRoute,
      schema: {
        summary: "Set a trending item's match percentage",
        operationId: 'updateTrendingItem',
        tags: ['Curation'],
        params: idParams,
        body: updateTrendingItemBody,
        response: { 200: trendingItem, ...errors },
      },
    },
    (request) => setTrendingMatch(app.db, request.params.id, request.body.matchPercentage),
  );

  app.delete(
    '/api/trending/:id',
    {
      config: operatorRoute,
      schema: {
        summary: 'Remove an item from the trending row',
        operationId: 'removeTrendingItem',
        tags: ['Curation'],
        params: idParams,
        response: deleted,
      },
    },
    async (request, reply) => {
      await removeFromTrending(app.db, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
