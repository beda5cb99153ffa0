import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { escapeXml } from '../media/art.ts';
import { viewerRoute } from './guards.ts';
import { OPENAPI_PATH } from './openapi.ts';

export const API_REFERENCE_PATH = '/api/docs';
export const API_REFERENCE_SCRIPT_PATH = '/api/docs/redoc.standalone.js';

/** Redoc's standalone build (its React and styles included), from node_modules: the page needs no other origin. */
const REDOC_BUNDLE = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');

/**
 * The page has no inline script, so the app's Content-Security-Policy holds as it is: Redoc's bundle finds the
 * <redoc> element and reads the document from its spec-url itself. Its styles (and the page's one rule) are <style>
 * elements, which the policy's style-src already allows.
 */
const referencePage = (appName: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeXml(appName)} API reference</title>
    <style>body { margin: 0; }</style>
  </head>
  <body>
    <noscript>This reference needs JavaScript. The OpenAPI document itself is at <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>.</noscript>
    <redoc spec-url="${OPENAPI_PATH}"></redoc>
    <script src="${API_REFERENCE_SCRIPT_PATH}"></script>
  </body>
</html>
`;

interface PreparedScript {
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/** The bundle (about 1.1 MB) read and compressed once per process, off the event loop, when first asked for. */
async function prepareScript(): Promise<PreparedScript> {
  const identity = await fs.readFile(REDOC_BUNDLE);
  const [gzipped, brotli] = await Promise.all([
    promisify(gzip)(identity),
    // Quality 5: 303 KB in about 0.1 s; 9 would save 2 % for four times the work.
    promisify(brotliCompress)(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
  ]);
  const etag = `"${createHash('sha1').update(identity).digest('base64url')}"`;
  return { etag, identity, gzip: gzipped, br: brotli };
}

function sendScript(request: FastifyRequest, reply: FastifyReply, script: PreparedScript) {
  reply.header('ETag', script.etag).header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
  if (request.headers['if-none-match'] === script.etag) return reply.code(304).send();
  reply.type('text/javascript; charset=utf-8');
  const accepted = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accepted)) return reply.header('Content-Encoding', 'br').send(script.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(script.gzip);
  return reply.send(script.identity);
}

/**
 * The OpenAPI document as a browsable reference at /api/docs, past the access gate like the document it shows.
 * Registered after the OpenAPI plugin, so its two routes are in the document too.
 */
export const apiReferencePlugin = fp(
  async (app: FastifyInstance) => {
    const page = referencePage(app.config.appName);
    let script: Promise<PreparedScript> | undefined;

    app.get(
      API_REFERENCE_PATH,
      {
        config: viewerRoute,
        schema: {
          summary: 'This API reference, as a page',
          operationId: 'getApiReference',
          tags: ['Service'],
          produces: ['text/html'],
        },
      },
      async (_request, reply) => reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(page),
    );

    app.get(
      API_REFERENCE_SCRIPT_PATH,
      {
        config: viewerRoute,
        schema: {
          summary: "The reference page's script (Redoc)",
          operationId: 'getApiReferenceScript',
          tags: ['Service'],
          produces: ['text/javascript'],
        },
      },
      async (request, reply) => {
        script ??= prepareScript().catch((error: unknown) => {
          script = undefined;
          throw error;
        });
        return sendScript(request, reply, await script);
      },
    );
  },
  { name: 'api-reference', dependencies: ['openapi'] },
);
