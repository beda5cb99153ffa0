import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../errors.ts';
import { mediaContentType } from '../../media/content-types.ts';
import { checkMediaToken, mediaTokenSecret } from '../../media/media-token.ts';
import { MEDIA_STORE_UNAVAILABLE, ORIGINALS_FOLDER, isServedKey, type MediaStorage } from '../../media/storage.ts';
import { refuseLockedEpisodeMedia } from './media-access.hook.ts';
import { guardRoutesOfScope, isOperator, mediaFileRoute, mediaTokenRoute } from '../../plugins/guards.ts';

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

/** A token's media may sit in any cache until the token expires, and no longer: after that, only a new token opens it. */
function cacheControlUntil(relativePath: string, expiresAt: number): string {
  if (relativePath.endsWith('/master.m3u8')) return REVALIDATE;
  const seconds = Math.max(0, Math.min(31536000, expiresAt - Math.floor(Date.now() / 1000)));
  return `public, max-age=${seconds}`;
}

const TOKEN_MESSAGES = {
  invalid: 'This media link does not open this file. Open the episode again.',
  expired: 'This media link has expired. Open the episode again.',
} as const;

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

function stillBeingPrepared(reply: FastifyReply) {
  return reply.status(503).header('Retry-After', '30').header('Cache-Control', 'no-store').send({
    statusCode: 503,
    error: 'Service Unavailable',
    message: 'This video is still being prepared. Please try again in a minute.',
  });
}

function storeUnavailable(reply: FastifyReply) {
  return reply.status(503).header('Retry-After', '30').header('Cache-Control', 'no-store').send({
    statusCode: 503,
    error: 'Service Unavailable',
    message: MEDIA_STORE_UNAVAILABLE,
  });
}

/**
 * One stored file as the reply: byte ranges (206), ETag revalidation (304), the file's type and `cacheControl`.
 * A store that cannot be reached answers 503, never 500.
 */
async function sendStored(
  storage: MediaStorage,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  cacheControl: string,
) {
  let found;
  try {
    found = await storage.read(key, {
      range: request.headers.range,
      ifNoneMatch: request.headers['if-none-match'],
    });
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'unavailable') return storeUnavailable(reply);
    throw error;
  }
  if (found === null) return reply.callNotFound();
  reply.header('Cache-Control', cacheControl);
  if (found === 'not-modified') return reply.status(304).send();
  if (found === 'unsatisfiable') {
    return reply.status(416).header('Cache-Control', 'no-store').send({
      statusCode: 416,
      error: 'Range Not Satisfiable',
      message: 'The requested range is past the end of this file.',
    });
  }
  reply.header('Content-Type', mediaContentType(key) ?? 'application/octet-stream').header('Accept-Ranges', 'bytes');
  if (found.etag) reply.header('ETag', found.etag);
  if (found.lastModified) reply.header('Last-Modified', found.lastModified.toUTCString());
  if (found.length !== undefined) reply.header('Content-Length', String(found.length));
  if (found.contentRange) reply.status(206).header('Content-Range', found.contentRange);
  // HEAD too: Fastify's HEAD route drains the body and keeps the headers.
  return reply.send(found.body);
}

/**
 * Files under DATA_DIR/media at /media/...: byte ranges (206), long cache lifetimes, no directory
 * listings, no hidden files, nothing outside the folder. Past the access gate, with a rate limit of their own
 * (guards.ts); playlists and segments of an episode locked for the viewer answer 403 (pictures stay open) except
 * to an operator, and those of an episode that can be locked are cached privately.
 */
export interface MediaRoutesOptions {
  /**
   * Whether a missing file is one still being made (a demo clip while the demo data is prepared, a demo episode's
   * file on its way to the bucket): a 503, not a 404.
   */
  isBeingMade?: (urlPath: string) => boolean;
}

export const mediaRoutes: FastifyPluginAsyncZod<MediaRoutesOptions> = async (app, { isBeingMade }) => {
  const mediaDir = app.config.mediaDir;
  const storage = app.mediaPipeline.storage;
  const servedThroughCdn = Boolean(app.config.mediaPublicUrl);
  fs.mkdirSync(mediaDir, { recursive: true });

  // Media opened by a token (/media/~t/<token>/<key>): the token is the pass, checked without the database, so a
  // CDN without the viewer's cookies can fetch it too.
  await app.register(
    async (tokened) => {
      guardRoutesOfScope(tokened, mediaTokenRoute);
      tokened.setNotFoundHandler((request, reply) => {
        const urlPath = request.url.split('?', 1)[0]!;
        const mediaPath = urlPath.replace(/^\/media\/~t\/[^/]+\//, '/media/');
        return isBeingMade?.(mediaPath) ? stillBeingPrepared(reply) : notFound(reply, urlPath);
      });
      tokened.get('/:token/*', { exposeHeadRoute: true }, async (request, reply) => {
        const { token, '*': key } = request.params as { token: string; '*': string };
        if (!isServedKey(key)) return notFound(reply, request.url.split('?', 1)[0]!);
        const check = checkMediaToken(mediaTokenSecret(app.accessGate.signingKey), token, key);
        if (!check.ok) {
          return reply.status(403).header('Cache-Control', 'no-store').send({
            statusCode: 403,
            error: 'Forbidden',
            message: TOKEN_MESSAGES[check.reason],
          });
        }
        // The token is the only credential (no cookie), so any origin may read it: the app's pages from a CDN's host.
        reply.header('Access-Control-Allow-Origin', '*').header('Cross-Origin-Resource-Policy', 'cross-origin');
        return sendStored(storage, key, request, reply, cacheControlUntil(key, check.expiresAt));
      });
    },
    { prefix: '/media/~t' },
  );

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
        } else if (servedThroughCdn && reply.statusCode < 400) {
          // Public media a CDN delivers is read by the app's pages from the CDN's origin (hls.js, subtitles).
          reply.header('Access-Control-Allow-Origin', '*').header('Cross-Origin-Resource-Policy', 'cross-origin');
        }
      });

      media.setNotFoundHandler((request, reply) => {
        const urlPath = request.url.split('?', 1)[0]!;
        return isBeingMade?.(urlPath) ? stillBeingPrepared(reply) : notFound(reply, urlPath);
      });

      // A folder is never a file: 404 like any other missing file (send would answer 403); nor is an uploaded original.
      media.addHook('preHandler', async (request, reply) => {
        const urlPath = request.url.split('?', 1)[0]!;
        if (urlPath.endsWith('/') || urlPath.startsWith(`/media/${ORIGINALS_FOLDER}/`)) return notFound(reply, urlPath);
      });

      if (storage.kind === 'remote') {
        media.get('/*', { exposeHeadRoute: true }, async (request, reply) => {
          const key = (request.params as { '*': string })['*'];
          if (!isServedKey(key)) return notFound(reply, request.url.split('?', 1)[0]!);
          return sendStored(storage, key, request, reply, cacheControlFor(key));
        });
        return;
      }

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
          const type = mediaContentType(filePath);
          if (type) reply.header('Content-Type', type);
          reply.header('Cache-Control', cacheControlFor(path.relative(mediaDir, filePath)));
        },
      });
    },
    { prefix: '/media' },
  );
};
