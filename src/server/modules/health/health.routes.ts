import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { healthReply } from '../../../contract/index.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { schema: { response: { 200: healthReply } } }, async () => {
    await app.db.execute(sql`select 1`);
    return { status: 'ok' as const };
  });
};
