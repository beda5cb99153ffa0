import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookmarkReply,
  episodeProgress,
  errorReply,
  likeReply,
  recordProgressBody,
  seriesProgress,
  seriesProgressParams,
  userEpisodeParams,
  userIdParams,
  userSeriesParams,
} from '#contract/index.ts';
import {
  bookmarkedSeriesIds,
  getEpisodeProgress,
  getSeriesProgress,
  likedSeriesIds,
  listSeriesProgress,
  openLikes,
  openProgressRecorder,
  toggleBookmark,
} from './library.service.ts';
import { viewerRoute } from '../../plugins/guards.ts';

const seriesIds = { 200: z.array(z.number().int()), 404: errorReply };

export const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  const progress = openProgressRecorder(app.db, app.viewers.start);
  const likes = openLikes(app.db, app.viewers.start);
  app.post(
    '/api/user/:userId/like/:seriesId',
    {
      config: viewerRoute,
      schema: {
        summary: 'Like or unlike a series',
        operationId: 'toggleLike',
        tags: ['Library'],
        params: userSeriesParams,
        response: { 200: likeReply, 400: errorReply, 404: errorReply },
      },
    },
    (request) => likes.toggle(request.params.userId, request.params.seriesId),
  );

  app.post(
    '/api/user/:userId/bookmark/:seriesId',
    {
      config: viewerRoute,
      schema: {
        summary: 'Bookmark a series or remove its bookmark',
        operationId: 'toggleBookmark',
        tags: ['Library'],
        params: userSeriesParams,
        response: { 200: bookmarkReply, 400: errorReply, 404: errorReply },
      },
    },
    (request) => toggleBookmark(app.db, request.params.userId, request.params.seriesId, app.viewers.start),
  );

  app.get(
    '/api/user/:userId/liked',
    {
      config: viewerRoute,
      schema: {
        summary: 'The ids of the series a user liked',
        operationId: 'listLikedSeries',
        tags: ['Library'],
        params: userIdParams,
        response: seriesIds,
      },
    },
    (request) => likedSeriesIds(app.db, request.params.userId),
  );

  app.get(
    '/api/user/:userId/bookmarked',
    {
      config: viewerRoute,
      schema: {
        summary: 'The ids of the series a user bookmarked',
        operationId: 'listBookmarkedSeries',
        tags: ['Library'],
        params: userIdParams,
        response: seriesIds,
      },
    },
    (request) => bookmarkedSeriesIds(app.db, request.params.userId),
  );

  app.post(
    '/api/progress',
    {
      config: viewerRoute,
      schema: {
        summary: 'Record how far the viewer watched an episode',
        operationId: 'recordProgress',
        tags: ['Library'],
        body: recordProgressBody,
        response: { 204: z.null(), 400: errorReply, 404: errorReply },
      },
    },
    async (request, reply) => {
      await progress.record(request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/user/:userId/progress',
    {
      config: viewerRoute,
      schema: {
        summary: "A user's progress in each series they watched",
        operationId: 'listSeriesProgress',
        tags: ['Library'],
        params: userIdParams,
        response: { 200: z.array(seriesProgress), 404: errorReply },
      },
    },
    (request) => listSeriesProgress(app.db, request.params.userId),
  );

  app.get(
    '/api/user/:userId/series/:id/progress',
    {
      config: viewerRoute,
      schema: {
        summary: "A user's progress in a series",
        operationId: 'getSeriesProgress',
        tags: ['Library'],
        params: seriesProgressParams,
        response: { 200: seriesProgress, 400: errorReply, 404: errorReply },
      },
    },
    (request) => getSeriesProgress(app.db, request.params.userId, request.params.id),
  );

  app.get(
    '/api/user/:userId/episodes/:episodeId/progress',
    {
      config: viewerRoute,
      schema: {
        summary: "A user's progress in an episode",
        operationId: 'getEpisodeProgress',
        tags: ['Library'],
        params: userEpisodeParams,
        response: { 200: episodeProgress, 400: errorReply, 404: errorReply },
      },
    },
    (request) => getEpisodeProgress(app.db, request.params.userId, request.params.episodeId),
  );
};
