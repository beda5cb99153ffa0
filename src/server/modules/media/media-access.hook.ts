import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { mediaVerdict } from '../episodes/episodes.service.ts';

export const LOCKED_MEDIA_MESSAGE = 'Unlock this episode to watch it.';

/** Who may see how a /media reply is cached: anyone's cache (public), the viewer's own (private), or none. */
export type MediaCaching = 'private' | 'no-store';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for media of an episode that can be locked: no shared cache may keep it. */
    mediaCaching?: MediaCaching;
  }
}

/**
 * onRequest hook for the /media scope: 403 for the playlists, init files and segments of an episode that is locked
 * for the viewer, 404 for paths longer or deeper than any we make; everything else passes through, and unlocked
 * media of a lockable episode is marked private for the Cache-Control header.
 *
 * An operator session opens locked media too (to check an upload before viewers see it). Such a reply must not be
 * kept by any cache, the operator's browser included: a viewer using the same browser later must meet the lock.
 * The session is looked up only for locked media, so viewers' requests cost nothing more.
 */
export function refuseLockedEpisodeMedia(
  db: Database,
  viewerOf: (request: FastifyRequest) => string | null,
  isOperator: (request: FastifyRequest) => Promise<boolean>,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // Nobody has unlocked anything for a visitor without a viewer: the empty id owns no unlock.
    const verdict = await mediaVerdict(db, viewerOf(request) ?? '', request.url);
    if (verdict === 'unlocked') request.mediaCaching = 'private';
    if (verdict === 'no-such-path') {
      return reply.status(404).header('Cache-Control', 'no-store').send({
        statusCode: 404,
        error: 'Not Found',
        message: 'No such media file.',
      });
    }
    if (verdict !== 'locked') return;
    if (await isOperator(request)) {
      request.mediaCaching = 'no-store';
      return;
    }
    return reply.status(403).header('Cache-Control', 'no-store').send({
      statusCode: 403,
      error: 'Forbidden',
      message: LOCKED_MEDIA_MESSAGE,
    });
  };
}
