import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  alertReply,
  alertSubscribeBody,
  episodeAlertSeries,
  errorReply,
  pushKeyReply,
  userIdParams,
  userSeriesParams,
} from '#contract/index.ts';
import { viewerRoute } from '../../plugins/guards.ts';
import { notifyOfSeries, seriesNotifiedOf, stopNotifyingOfSeries } from './alerts.service.ts';

export const alertsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/push/key',
    {
      config: viewerRoute,
      schema: {
        summary: "The server's VAPID public key, for the browser's push subscription",
        operationId: 'getPushKey',
        tags: ['Alerts'],
        response: { 200: pushKeyReply },
      },
    },
    async (_request, reply) =>
      reply.header('Cache-Control', 'private, max-age=3600').send({ publicKey: app.alerts.publicKey() }),
  );

  app.get(
    '/api/user/:userId/alerts',
    {
      config: viewerRoute,
      schema: {
        summary: 'The series whose new episodes the viewer is notified of',
        operationId: 'listEpisodeAlerts',
        tags: ['Alerts'],
        params: userIdParams,
        response: { 200: z.array(episodeAlertSeries) },
      },
    },
    async (request, reply) =>
      reply.header('Cache-Control', 'private, no-store').send(await seriesNotifiedOf(app.db, request.params.userId)),
  );

  app.put(
    '/api/user/:userId/alerts/:seriesId',
    {
      config: viewerRoute,
      schema: {
        summary: "Notify me: this browser's push subscription is told of the series' new episodes (a saved series)",
        operationId: 'notifyOfSeries',
        tags: ['Alerts'],
        params: userSeriesParams,
        body: alertSubscribeBody,
        response: { 200: alertReply, 400: errorReply, 404: errorReply },
      },
    },
    (request) =>
      notifyOfSeries(
        app.db,
        request.params.userId,
        request.params.seriesId,
        request.body.subscription,
        request.body.language ?? 'en',
        app.config.push.allowPrivateEndpoints,
      ),
  );

  app.delete(
    '/api/user/:userId/alerts/:seriesId',
    {
      config: viewerRoute,
      schema: {
        summary: "Stops the series' new-episode alerts on all of the viewer's browsers",
        operationId: 'stopNotifyingOfSeries',
        tags: ['Alerts'],
        params: userSeriesParams,
        response: { 200: alertReply, 400: errorReply, 404: errorReply },
      },
    },
    (request) => stopNotifyingOfSeries(app.db, request.params.userId, request.params.seriesId),
  );
};
