import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A JSON reply serialised and compressed once, sent as bytes to every reader of the same catalogue version. */
export interface PreparedReply {
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

// Worth compressing from about one TCP packet; below that the headers cost more than the saving.
const COMPRESS_FROM = 1024;

export function prepareReply(value: unknown): PreparedReply {
  const identity = Buffer.from(JSON.stringify(value));
  const etag = `"${createHash('sha1').update(identity).digest('base64url').slice(0, 22)}"`;
  if (identity.length < COMPRESS_FROM) return { etag, identity, gzip: identity, br: identity };
  return {
    etag,
    identity,
    gzip: gzipSync(identity, { level: 6 }),
    // Quality 5 keeps a rebuild of the whole catalogue's lists in tens of milliseconds; 11 would take seconds.
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
  };
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends the prepared bytes: 304 when the client already has this version, else brotli, gzip or plain as the
 * client accepts. `no-cache` makes browsers ask again each time (cheaply, with If-None-Match).
 */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, prepared: PreparedReply) {
  reply.header('etag', prepared.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (matches(request.headers['if-none-match'], prepared.etag)) return reply.code(304).send();
  reply.header('content-type', 'application/json; charset=utf-8');
  if (prepared.br !== prepared.identity) {
    const accepted = request.headers['accept-encoding'] ?? '';
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(prepared.br);
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(prepared.gzip);
  }
  return reply.send(prepared.identity);
}
