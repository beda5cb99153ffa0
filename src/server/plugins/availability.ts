import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { RETRY_AFTER_SECONDS, createDatabaseAvailability, type DatabaseAvailability } from '../db/availability.ts';

declare module 'fastify' {
  interface FastifyInstance {
    databaseAvailability: DatabaseAvailability;
  }
}

export const DATABASE_DOWN_MESSAGE = 'The service is briefly unavailable. Please try again in a few seconds.';

export function replyDatabaseDown(reply: FastifyReply) {
  return reply
    .status(503)
    .header('Retry-After', String(RETRY_AFTER_SECONDS))
    .send({ statusCode: 503, error: 'Service Unavailable', message: DATABASE_DOWN_MESSAGE });
}

/**
 * While the database is away, every route that needs it (the API and media, decided by the route matched,
 * health excepted: it says which part is down) answers 503 with Retry-After at once, without touching it.
 */
export const availabilityPlugin = fp(
  async (app: FastifyInstance, options: { pool: pg.Pool; availability?: DatabaseAvailability }) => {
    const availability =
      options.availability ??
      createDatabaseAvailability(options.pool, {
        warn: (m) => app.log.warn(m),
        info: (m) => app.log.info(m),
      });
    app.decorate('databaseAvailability', availability);
    app.addHook('onClose', async () => availability.stop());
    app.addHook('onRequest', (request, reply, done) => {
      if (!availability.down) return done();
      const route = request.routeOptions.url;
      if (route && route !== '/api/health' && (route.startsWith('/api/') || route.startsWith('/media/'))) {
        return void replyDatabaseDown(reply);
      }
      done();
    });
  },
  { name: 'availability' },
);
