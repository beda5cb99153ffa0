import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { clientFileRoute, guardRoutesWhile } from './guards.ts';

/** The folder of the built client, when there is one (a folder holding index.html). */
export function builtClient(clientDir: string | undefined): string | undefined {
  return clientDir && fs.existsSync(path.join(clientDir, 'index.html')) ? clientDir : undefined;
}

/**
 * Serves the built client (dist/client) and answers every other GET that is not /api or /media with
 * index.html, so client-side routes survive a reload (history-API fallback). Without a build,
 * unknown paths answer 404 JSON (the API-only mode of `npm run dev` and of the tests).
 */
export const clientPlugin = fp(async (app: FastifyInstance, options: { clientDir?: string }) => {
  const clientDir = builtClient(options.clientDir);
  const hasClient = clientDir !== undefined;
  if (hasClient) {
    // The static plugin's routes are the client's files; reply.sendFile must stay on the root for the fallback.
    const stopGuarding = guardRoutesWhile(app, clientFileRoute);
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of text files (vite.config.ts): sent to browsers that accept them.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    stopGuarding();
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = /^\/(api|media)(\/|$)/i.test(safeDecode(request.url.split('?', 1)[0]!));
    if (hasClient && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({
      statusCode: 404,
      error: 'Not Found',
      message: `No such ${isApi ? 'endpoint' : 'page'}: ${request.method} ${excerpt(request.url.split('?', 1)[0]!)}`,
    });
  });
});

function safeDecode(path: string) {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** A reply never echoes more than the start of what was sent. */
function excerpt(text: string, max = 120) {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
