import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** An HTML attribute's value, escaped. */
export const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON inside a <script type="application/json">: "<" escaped, so no answer's text can close the element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** A page's bytes, compressed once for every visitor it is sent to. */
export interface PreparedPage {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export function preparePage(html: string): PreparedPage {
  return { identity: Buffer.from(html), gzip: gzipPage(html), br: brotliPage(html) };
}

const gzipPage = (html: string) => gzipSync(html);
const brotliPage = (html: string) => brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });

/**
 * How a page may be kept: never as is (`no-cache`), and only by the browser when it is one visitor's (`private`:
 * made with their account, or carrying their new viewer's cookie), so a shared cache never hands it to another.
 */
export const pageCaching = (personal: boolean) => (personal ? 'private, no-cache' : 'no-cache');

/** A page (made for this request, or prepared), compressed the way the browser accepts. */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: string | PreparedPage, personal: boolean) {
  reply
    .header('Cache-Control', pageCaching(personal))
    .type('text/html; charset=utf-8')
    .header(
      'Vary',
      reply.hasHeader('Vary') ? `${String(reply.getHeader('Vary'))}, Accept-Encoding` : 'Accept-Encoding',
    );
  const accepted = request.headers['accept-encoding'] ?? '';
  const made = typeof page === 'string';
  if (/\bbr\b/.test(accepted)) return reply.header('Content-Encoding', 'br').send(made ? brotliPage(page) : page.br);
  if (/\bgzip\b/.test(accepted))
    return reply.header('Content-Encoding', 'gzip').send(made ? gzipPage(page) : page.gzip);
  return reply.send(made ? page : page.identity);
}

/** A built page, or null when this build has none. */
export async function readPage(clientDir: string, file: string): Promise<string | null> {
  try {
    return await fs.readFile(path.join(clientDir, file), 'utf8');
  } catch {
    return null;
  }
}
