import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorRoute, viewingEventsRoute } from '../../plugins/guards.ts';
import {
  errorReply,
  eventBatchBody,
  eventBatchReply,
  insightsRangeQuery,
  insightsSummary,
  seriesInsights,
  seriesInsightsParams,
} from '#contract/index.ts';
import {
  insightsSummary as summarise,
  openEventRecorder,
  seriesInsights as seriesFigures,
  dropExpiredEvents,
} from './insights.service.ts';

export const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const events = openEventRecorder(app.db);
  app.housekeeping.add('insightEvents', (now) => dropExpiredEvents(app.db, app.config.insightEventsRetentionDays, now));
  app.post(
    '/api/events',
    {
      config: viewingEventsRoute,
      schema: {
        summary: "Record a batch of the player's viewing events",
        operationId: 'recordViewingEvents',
        tags: ['Insights'],
        body: eventBatchBody,
        response: { 200: eventBatchReply, 400: errorReply, 404: errorReply },
      },
    },
    (request) => events.record(request.body),
  );

  app.get(
    '/api/admin/insights/summary',
    {
      config: operatorRoute('owner', 'analyst'),
      schema: {
        summary: 'Viewing and sales figures over a date range',
        operationId: 'getInsightsSummary',
        tags: ['Insights'],
        querystring: insightsRangeQuery,
        response: { 200: insightsSummary, 400: errorReply },
      },
    },
    (request) => summarise(app.db, request.query),
  );

  app.get(
    '/api/admin/insights/series/:id',
    {
      config: operatorRoute('owner', 'analyst'),
      schema: {
        summary: "A series' figures over a date range",
        operationId: 'getSeriesInsights',
        tags: ['Insights'],
        params: seriesInsightsParams,
        querystring: insightsRangeQuery,
        response: { 200: seriesInsights, 400: errorReply, 404: errorReply },
      },
    },
    (request) => seriesFigures(app.db, request.params.id, request.query),
  );
};
