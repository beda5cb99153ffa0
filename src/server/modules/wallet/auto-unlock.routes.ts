import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { autoUnlockSetting, errorReply, undoUnlockBody, undoUnlockReply, userIdParams } from '#contract/index.ts';
import { viewerRoute } from '../../plugins/guards.ts';
import { autoUnlockOf, setAutoUnlockOf, undoAutoUnlock } from './auto-unlock.service.ts';

export const autoUnlockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/:userId/auto-unlock',
    {
      config: viewerRoute,
      schema: {
        summary: 'Whether the player unlocks the next episode by itself (off until the viewer turns it on)',
        operationId: 'getAutoUnlock',
        tags: ['Wallet'],
        params: userIdParams,
        response: { 200: autoUnlockSetting, 404: errorReply },
      },
    },
    (request) => autoUnlockOf(app.db, request.params.userId),
  );

  app.put(
    '/api/user/:userId/auto-unlock',
    {
      config: viewerRoute,
      schema: {
        summary: 'Turn automatic unlocking of the next episode on or off',
        operationId: 'setAutoUnlock',
        tags: ['Wallet'],
        params: userIdParams,
        body: autoUnlockSetting,
        response: { 200: autoUnlockSetting, 400: errorReply, 404: errorReply },
      },
    },
    (request) => setAutoUnlockOf(app.db, request.params.userId, request.body.enabled, app.viewers.start),
  );

  app.post(
    '/api/user/:userId/unlock-episode/undo',
    {
      config: viewerRoute,
      schema: {
        summary: 'Undo an automatic unlock: every coin back within 10 s, if under 5 s was watched',
        operationId: 'undoAutoUnlock',
        tags: ['Wallet'],
        params: userIdParams,
        body: undoUnlockBody,
        response: { 200: undoUnlockReply, 400: errorReply, 404: errorReply, 409: errorReply },
      },
    },
    (request) =>
      undoAutoUnlock(app.db, request.params.userId, {
        seriesId: request.body.seriesId,
        episodeNumber: request.body.episodeNumber,
      }),
  );
};
