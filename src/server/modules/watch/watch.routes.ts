import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerWatchPage } from './watch-page.ts';

/** The watch page of an episode, made like every viewer page; none without a built client (`clientDir` unset). */
export const watchRoutes = fp(
  async (app: FastifyInstance, options: { clientDir?: string }) => {
    if (options.clientDir) registerWatchPage(app, options.clientDir, app.preparedPages);
  },
  { name: 'watch', dependencies: ['pages'] },
);
