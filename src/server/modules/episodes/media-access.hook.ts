import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { mediaVerdict } from './episodes.service.ts';

export const LOCKED_MEDIA_MESSAGE = 'Unlock this episode to watch it.';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for media of an episode that can be locked: no shared cache may keep it. */
    mediaIsPrivate?: boolean;
  }
}

/**
 * onRequest hook for the /media scope: 403 for the playlists, init files and segments of an episode that is locked
 * for the viewer, 404 for paths longer or deeper than any we make; everything else passes through, and unlocked
 * media of a lockable episode is marked private for the Cache-Control header.
 */
export function refuseLockedEpisodeMedia(db: Database, viewerOf: (request: FastifyRequest) => string | null) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // Nobody has unlocked anything for a visitor without a viewer: the empty id owns no unlock.
    const verdict = await mediaVerdict(db, viewerOf(request) ?? '', request.url);
    if (verdict === 'unlocked') request.mediaIsPrivate = true;
    if (verdict === 'no-such-path') {
      return reply.status(404).header('Cache-Control', 'no-store').send({
        statusCode: 404,
        error: 'Not Found',
        message: 'No such media file.',
      });
    }
    if (verdict !== 'locked') return;
    return reply.status(403).header('Cache-Control', 'no-store').send({
      statusCode: 403,
      error: 'Forbidden',
      message: LOCKED_MEDIA_MESSAGE,
    });
  };
}
