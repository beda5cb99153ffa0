import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** An HTML attribute's value, escaped. */
export const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON inside a <script type="application/json">: "<" escaped, so no answer's text can close the element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** A page made for this request: never cached as is, compressed the way the browser accepts. */
export function sendPage(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').header('Vary', 'Accept-Encoding');
  const accepted = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accepted)) {
    return reply
      .header('Content-Encoding', 'br')
      .send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}

/** A built page, or null when this build has none. */
export async function readPage(clientDir: string, file: string): Promise<string | null> {
  try {
    return await fs.readFile(path.join(clientDir, file), 'utf8');
  } catch {
    return null;
  }
}
