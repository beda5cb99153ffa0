import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refuseLockedEpisodeMedia } from './media-access.hook.ts';
import { guardRoutesOfScope, isOperator, mediaFileRoute } from '../../plugins/guards.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m4s': 'video/iso.segment',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.svg': 'image/svg+xml',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.vtt': 'text/vtt; charset=utf-8',
};

const FOREVER = 'public, max-age=31536000, immutable';
const ONE_DAY = 'public, max-age=86400';

/** A name carrying a content hash (art/x-poster.1a2b3c4d5e.svg)... */
const VERSIONED_NAME = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;
/** ...or anything in a published folder with a random suffix (…/7-a1b2c3/master.m3u8): such keys are never reused. */
const VERSIONED_FOLDER = /(^|\/)[^/]*-[0-9a-f]{6,}\//i;

/** Locked media an operator opens: nobody's cache keeps it. */
const OPERATOR_ONLY = 'private, no-store';

/** A master playlist gains and loses subtitle renditions in place: browsers check it each time (ETag). */
const REVALIDATE = 'public, no-cache';

/**
 * Versioned files are cached for a year; the rest (the demo clips, which keep their names) for a day; master
 * playlists are revalidated.
 */
export function cacheControlFor(relativePath: string): string {
  const normalized = relativePath.split(path.sep).join('/');
  if (normalized.endsWith('/master.m3u8')) return REVALIDATE;
  return VERSIONED_NAME.test(normalized) || VERSIONED_FOLDER.test(normalized) ? FOREVER : ONE_DAY;
}

function notFound(reply: FastifyReply, urlPath: string) {
  return reply
    .status(404)
    .header('Cache-Control', 'no-store')
    .send({
      statusCode: 404,
      error: 'Not Found',
      message: `No such media file: ${urlPath}`,
    });
}

/**
 * Files under DATA_DIR/media at /media/...: byte ranges (206), long cache lifetimes, no directory
 * listings, no hidden files, nothing outside the folder. Past the access gate, with a rate limit of their own
 * (guards.ts); playlists and segments of an episode locked for the viewer answer 403 (pictures stay open) except
 * to an operator, and those of an episode that can be locked are cached privately.
 */
export interface MediaRoutesOptions {
  /** Whether a missing file is one still being made (a demo clip while the demo data is prepared): a 503, not a 404. */
  isBeingMade?: (urlPath: string) => boolean;
}

export const mediaRoutes: FastifyPluginAsyncZod<MediaRoutesOptions> = async (app, { isBeingMade }) => {
  const mediaDir = app.config.mediaDir;
  fs.mkdirSync(mediaDir, { recursive: true });

  await app.register(
    async (media) => {
      guardRoutesOfScope(media, mediaFileRoute);
      media.addHook(
        'onRequest',
        refuseLockedEpisodeMedia(app.db, app.viewers.idOf, (request) => isOperator(app, request)),
      );
      media.addHook('onSend', async (request, reply) => {
        // A shared cache (CDN, office proxy) must never hand an unlocked episode to someone else, and no cache
        // at all may keep a locked one an operator opened.
        const cacheControl = reply.getHeader('Cache-Control');
        if (request.mediaCaching === 'no-store') {
          reply.header('Cache-Control', OPERATOR_ONLY);
        } else if (request.mediaCaching === 'private' && typeof cacheControl === 'string') {
          reply.header('Cache-Control', cacheControl.replace(/^public\b/, 'private'));
        }
      });

      media.setNotFoundHandler((request, reply) => {
        const urlPath = request.url.split('?', 1)[0]!;
        if (isBeingMade?.(urlPath)) {
          return reply.status(503).header('Retry-After', '30').header('Cache-Control', 'no-store').send({
            statusCode: 503,
            error: 'Service Unavailable',
            message: 'This video is still being prepared. Please try again in a minute.',
          });
        }
        return notFound(reply, urlPath);
      });

      // A folder is never a file: 404 like any other missing file (send would answer 403).
      media.addHook('preHandler', async (request, reply) => {
        if (request.url.split('?', 1)[0]!.endsWith('/')) return notFound(reply, request.url.split('?', 1)[0]!);
      });

      await media.register(fastifyStatic, {
        root: mediaDir,
        prefix: '/',
        decorateReply: false,
        index: false,
        list: false,
        redirect: false,
        dotfiles: 'ignore',
        // Cache-Control comes from setHeaders, per file.
        cacheControl: false,
        setHeaders: (reply, filePath) => {
          const type = CONTENT_TYPES[path.extname(filePath).toLowerCase()];
          if (type) reply.header('Content-Type', type);
          reply.header('Cache-Control', cacheControlFor(path.relative(mediaDir, filePath)));
        },
      });
    },
    { prefix: '/media' },
  );
};
