import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import { createMemoryCounter } from './rate-limits.ts';

export const securityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    // Cross-origin isolation buys nothing here (no SharedArrayBuffer); everything the pages embed is our own.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Set below, and only for requests that came over TLS.
    strictTransportSecurity: false,
  });

  app.decorate('rateCounter', createMemoryCounter());
  app.addHook('onClose', async () => app.rateCounter.stop());

  // Browsers only send Strict-Transport-Security's promise over TLS; behind a trusted proxy, protocol comes from it.
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (STATE_CHANGING.has(request.method) && request.headers.cookie && !isSameOrigin(request)) {
      return reply.status(403).header('Cache-Control', 'no-store').send({
        statusCode: 403,
        error: 'Forbidden',
        message: 'This request came from another site and was refused.',
      });
    }
  });

  // Bodies are JSON (and multipart for uploads): a cross-site form can send text/plain, so no parser takes it.
  app.removeContentTypeParser('text/plain');
});

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cookies ride along on cross-site requests that SameSite lets through (top-level POSTs from a sibling site, old
 * browsers), so a request that changes something must say it came from our own pages. Browsers send
 * Sec-Fetch-Site, or at least Origin, on such requests; a client that sends neither is not a browser.
 */
export function isSameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === new URL(`${request.protocol}://${request.host}`).host;
  } catch {
    return false;
  }
}
