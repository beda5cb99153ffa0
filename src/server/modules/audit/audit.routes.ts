import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPage, auditQuery, errorReply } from '#contract/index.ts';
import { operatorRoute } from '../../plugins/guards.ts';
import { readLog } from './audit.service.ts';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/audit',
    {
      config: operatorRoute('owner', 'analyst'),
      schema: {
        summary: "The operators' activity log, newest first, filtered",
        operationId: 'readActivityLog',
        tags: ['Activity'],
        querystring: auditQuery,
        response: { 200: auditPage, 400: errorReply },
      },
    },
    (request) => readLog(app.db, request.query),
  );
};
