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
  type CarouselItem,
  type TrendingItem,
} from '#contract/index.ts';
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
import { operatorRoute } from '../../plugins/guards.ts';

const errors = { 400: errorReply, 404: errorReply, 409: errorReply };
const deleted = { 204: z.null(), 404: errorReply };

const curated = (type: string, item: CarouselItem | TrendingItem) => ({ type, id: item.id, label: item.series.title });
const carouselFields = (item: CarouselItem) => ({ seriesId: item.seriesId, displayOrder: item.displayOrder });
const trendingFields = (item: TrendingItem) => ({
  seriesId: item.seriesId,
  rank: item.rank,
  matchPercentage: item.matchPercentage,
});
function titlesInOrder<Item extends CarouselItem | TrendingItem>(items: Item[], place: (item: Item) => number) {
  return [...items]
    .sort((a, b) => place(a) - place(b))
    .map((item) => item.series.title)
    .join(', ');
}

export const curationRoutes: FastifyPluginAsyncZod = async (app) => {
  // GET /api/carousel and /api/trending are served from memory: catalogue-snapshot.routes.ts.
  app.post(
    '/api/carousel',
    {
      config: operatorRoute('owner', 'editor'),
      schema: {
        summary: 'Add a series to the carousel',
        operationId: 'addCarouselItem',
        tags: ['Curation'],
        body: addCarouselItemBody,
        response: { 201: carouselItem, ...errors },
      },
    },
    async (request, reply) => {
      const added = await addToCarousel(app.db, request.body);
      await app.audit(request, {
        action: 'carousel.add',
        object: curated('carousel', added),
        after: carouselFields(added),
      });
      return reply.status(201).send(added);
    },
  );

  app.put(
    '/api/carousel/reorder',
    {
      config: operatorRoute('owner', 'editor'),
      schema: {
        summary: 'Reorder the carousel',
        operationId: 'reorderCarousel',
        tags: ['Curation'],
        body: reorderCarouselBody,
        response: { 200: z.array(carouselItem), ...errors },
      },
    },
    async (request) => {
      const before = await listCarousel(app.db);
      const after = await reorderCarousel(app.db, request.body.items);
      await app.audit(request, {
        action: 'carousel.reorder',
        object: { type: 'carousel' },
        before: { order: titlesInOrder(before, (item) => item.displayOrder) },
        after: { order: titlesInOrder(after, (item) => item.displayOrder) },
      });
      return after;
    },
  );

  app.delete(
    '/api/carousel/:id',
    {
      config: operatorRoute('owner', 'editor'),
      schema: {
        summary: 'Remove an item from the carousel',
        operationId: 'removeCarouselItem',
        tags: ['Curation'],
        params: idParams,
        response: deleted,
      },
    },
    async (request, reply) => {
      const item = (await listCarousel(app.db)).find((entry) => entry.id === request.params.id);
      await removeFromCarousel(app.db, request.params.id);
      await app.audit(request, {
        action: 'carousel.remove',
        object: item ? curated('carousel', item) : { type: 'carousel', id: request.params.id },
        before: item ? carouselFields(item) : null,
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/trending',
    {
      config: operatorRoute('owner', 'editor'),
      schema: {
        summary: 'Add a series to the trending row',
        operationId: 'addTrendingItem',
        tags: ['Curation'],
        body: addTrendingItemBody,
        response: { 201: trendingItem, ...errors },
      },
    },
    async (request, reply) => {
      const added = await addToTrending(app.db, request.body);
      await app.audit(request, {
        action: 'trending.add',
        object: curated('trending', added),
        after: trendingFields(added),
      });
      return reply.status(201).send(added);
    },
  );

  app.put(
    '/api/trending/reorder',
    {
      config: operatorRoute('owner', 'editor'),
      schema: {
        summary: 'Reorder the trending row',
        operationId: 'reorderTrending',
        tags: ['Curation'],
        body: reorderTrendingBody,
        response: { 200: z.array(trendingItem), ...errors },
      },
    },
    async (request) => {
      const before = await listTrending(app.db);
      const after = await reorderTrending(app.db, request.body.items);
      await app.audit(request, {
        action: 'trending.reorder',
        object: { type: 'trending' },
        before: { order: titlesInOrder(before, (item) => item.rank) },
        after: { order: titlesInOrder(after, (item) => item.rank) },
      });
      return after;
    },
  );

  app.put(
    '/api/trending/:id',
    {
      config: operatorRoute('owner', 'editor'),
      schema: {
        summary: "Set a trending item's match percentage",
        operationId: 'updateTrendingItem',
        tags: ['Curation'],
        params: idParams,
        body: updateTrendingItemBody,
        response: { 200: trendingItem, ...errors },
      },
    },
    async (request) => {
      const before = (await listTrending(app.db)).find((entry) => entry.id === request.params.id);
      const after = await setTrendingMatch(app.db, request.params.id, request.body.matchPercentage);
      await app.audit(request, {
        action: 'trending.update',
        object: curated('trending', after),
        before: before ? trendingFields(before) : null,
        after: trendingFields(after),
      });
      return after;
    },
  );

  app.delete(
    '/api/trending/:id',
    {
      config: operatorRoute('owner', 'editor'),
      schema: {
        summary: 'Remove an item from the trending row',
        operationId: 'removeTrendingItem',
        tags: ['Curation'],
        params: idParams,
        response: deleted,
      },
    },
    async (request, reply) => {
      const item = (await listTrending(app.db)).find((entry) => entry.id === request.params.id);
      await removeFromTrending(app.db, request.params.id);
      await app.audit(request, {
        action: 'trending.remove',
        object: item ? curated('trending', item) : { type: 'trending', id: request.params.id },
        before: item ? trendingFields(item) : null,
      });
      return reply.status(204).send(null);
    },
  );
};
