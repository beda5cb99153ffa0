import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { healthDownReply, healthReply } from '#contract/index.ts';
import { publicRoute } from '../../plugins/guards.ts';
import { RETRY_AFTER_SECONDS, isDatabaseUnavailable, unavailableReason } from '../../db/availability.ts';

/** A store slower than this to answer is reported down: media requests would be waiting on it as well. */
const STORE_PROBE_MS = 3000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Why the database is down, or null when it answers. */
  async function databaseProblem(): Promise<string | null> {
    const availability = app.databaseAvailability;
    if (availability.down) return availability.reason;
    try {
      await app.db.execute(sql`select 1`);
      return null;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const reason = unavailableReason(error);
      availability.markDown(reason);
      return reason;
    }
  }

  /** Why the object store holding the media is down, or null when it answers (or media is on this disk). */
  async function mediaStoreProblem(): Promise<string | null> {
    const storage = app.mediaPipeline.storage;
    if (storage.kind !== 'remote') return null;
    let timer: NodeJS.Timeout | undefined;
    const slow = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(`no answer within ${STORE_PROBE_MS / 1000} s`), STORE_PROBE_MS);
    });
    try {
      return await Promise.race([
        storage.ping().then(
          () => null,
          (error: unknown) => (error instanceof Error ? error.message : String(error)),
        ),
        slow,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  app.get(
    '/api/health',
    {
      config: publicRoute,
      schema: {
        summary: 'Whether the server, its database and its media store are up',
        operationId: 'getHealth',
        tags: ['Service'],
        response: { 200: healthReply, 503: healthDownReply },
      },
    },
    async (_, reply) => {
      const [database, mediaStore] = await Promise.all([databaseProblem(), mediaStoreProblem()]);
      if (database === null && mediaStore === null) return { status: 'ok' as const };
      const down = [
        ...(database === null ? [] : ['database' as const]),
        ...(mediaStore === null ? [] : ['media-store' as const]),
      ];
      const message = [
        database === null ? '' : `database: ${database}`,
        mediaStore === null ? '' : `media store: ${mediaStore}`,
      ]
        .filter(Boolean)
        .join('; ');
      return reply
        .status(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable' as const, down, message });
    },
  );
};
