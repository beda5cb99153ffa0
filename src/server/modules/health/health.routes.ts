import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { healthReply } from '../../../contract/index.ts';
import { publicRoute } from '../../plugins/guards.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { config: publicRoute, schema: { response: { 200: healthReply } } }, async () => {
    await app.db.execute(sql`select 1`);
    return { status: 'ok' as const };
  });
};
