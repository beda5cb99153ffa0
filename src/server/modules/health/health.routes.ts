import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { healthDownReply, healthReply } from '../../../contract/index.ts';
import { publicRoute } from '../../plugins/guards.ts';
import { RETRY_AFTER_SECONDS, isDatabaseUnavailable, unavailableReason } from '../../db/availability.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      config: publicRoute,
      schema: {
        summary: 'Whether the server and its database are up',
        operationId: 'getHealth',
        tags: ['Service'],
        response: { 200: healthReply, 503: healthDownReply },
      },
    },
    async (_, reply) => {
      const availability = app.databaseAvailability;
      let reason = availability.reason;
      if (!availability.down) {
        try {
          await app.db.execute(sql`select 1`);
          return { status: 'ok' as const };
        } catch (error) {
          if (!isDatabaseUnavailable(error)) throw error;
          reason = unavailableReason(error);
          availability.markDown(reason);
        }
      }
      return reply
        .status(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable' as const, down: ['database' as const], message: `database: ${reason}` });
    },
  );
};
