import type { FastifyReply, FastifyRequest } from 'fastify';
import { VIEWER_USER_ID } from '../../../contract/index.ts';
import type { Database } from '../../db/client.ts';
import { canPlayEpisodeMedia } from './episodes.service.ts';

export const LOCKED_MEDIA_MESSAGE = 'Unlock this episode to watch it.';

/**
 * onRequest hook for the /media scope: 403 for the playlists, init files and segments of an episode
 * that is locked for the viewer; everything else passes through untouched.
 */
export function refuseLockedEpisodeMedia(db: Database) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (await canPlayEpisodeMedia(db, VIEWER_USER_ID, request.url)) return;
    return reply.status(403).header('Cache-Control', 'no-store').send({
      statusCode: 403,
      error: 'Forbidden',
      message: LOCKED_MEDIA_MESSAGE,
    });
  };
}
