import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { isPublicAddress } from './public-address.ts';

export interface ArtworkFetchLimits {
  /** For the whole fetch, redirects included. */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /**
   * "address:port" endpoints reachable although not public. Tests put their own loopback server here;
   * nothing in the environment can set it, so production never allows a non-public address.
   */
  allowedEndpoints: readonly string[];
}

/** Why an operator's link was not fetched, in words for the operator. */
export class ArtworkRefused extends Error {}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Fetches an operator's picture link once, server-side, as an outsider would: only http(s), only public
 * addresses (checked on every name lookup and again on the socket actually connected, so a name that
 * re-resolves to an inner address between the two cannot slip through), every redirect hop checked the
 * same way, within a time limit and a size cap. Answers the body's bytes; what they are is the caller's
 * business.
 */
export async function fetchArtwork(link: string, limits: ArtworkFetchLimits): Promise<Buffer> {
  const deadline = AbortSignal.timeout(limits.timeoutMs);
  let url = parseLink(link);
  for (let hop = 0; ; hop++) {
    const answer = await fetchHop(url, limits, deadline);
    if (answer.kind === 'body') return answer.bytes;
    if (hop >= limits.maxRedirects) {
      throw new ArtworkRefused(`it redirects more than ${limits.maxRedirects} times`);
    }
    url = parseLink(answer.location, url);
  }
}

function parseLink(link: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(link, base);
  } catch {
    throw new ArtworkRefused('it is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ArtworkRefused(`it leads to a ${url.protocol} address; only http and https are fetched`);
  }
  if (url.username || url.password) throw new ArtworkRefused('it carries a user name or password');
  return url;
}

const portOf = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

function reachable(address: string, port: number, limits: ArtworkFetchLimits): boolean {
  const bare = address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
  return isPublicAddress(address) || limits.allowedEndpoints.includes(`${bare}:${port}`);
}

const notPublic = (host: string, address: string) =>
  new ArtworkRefused(
    host === address
      ? `${address} is not a public internet address`
      : `${host} points to ${address}, which is not a public internet address`,
  );

type HopAnswer = { kind: 'body'; bytes: Buffer } | { kind: 'redirect'; location: string };

function fetchHop(url: URL, limits: ArtworkFetchLimits, signal: AbortSignal): Promise<HopAnswer> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = portOf(url);
  if (net.isIP(host) && !reachable(host, port, limits)) return Promise.reject(notPublic(host, host));

  /** Every address a name resolves to must be public, not only the first: the socket may try any of them. */
  const lookup: net.LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family }, (error, found) => {
      if (error) return callback(new ArtworkRefused(`the host name ${hostname} was not found`), '', 4);
      const refused = found.find((entry) => !reachable(entry.address, port, limits));
      if (refused) return callback(notPublic(hostname, refused.address), '', 4);
      if (options.all) return (callback as unknown as (e: null, all: dns.LookupAddress[]) => void)(null, found);
      const [first] = found;
      if (!first) return callback(new ArtworkRefused(`the host name ${hostname} was not found`), '', 4);
      callback(null, first.address, first.family);
    });
  };

  return new Promise<HopAnswer>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(url, {
      agent: false,
      lookup,
      signal,
      headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif', 'user-agent': 'Cliffhanger artwork' },
    });
    const fail = (error: unknown) => {
      request.destroy();
      reject(explain(error, signal));
    };
    request.on('error', fail);
    request.on('socket', (socket) => {
      socket.once('connect', () => {
        const address = socket.remoteAddress ?? '';
        if (!reachable(address, socket.remotePort ?? 0, limits)) fail(notPublic(host, address));
      });
    });
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        response.resume();
        const location = response.headers.location;
        if (!location) return fail(new ArtworkRefused(`it answered ${status} without saying where to`));
        return resolve({ kind: 'redirect', location });
      }
      if (status !== 200) {
        response.resume();
        return fail(new ArtworkRefused(`it answered HTTP ${status}`));
      }
      const declared = Number(response.headers['content-length'] ?? 0);
      if (declared > limits.maxBytes) return fail(tooLarge(limits));
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) return fail(tooLarge(limits));
        chunks.push(chunk);
      });
      response.on('error', fail);
      response.on('end', () => resolve({ kind: 'body', bytes: Buffer.concat(chunks) }));
    });
  });
}

const tooLarge = (limits: ArtworkFetchLimits) =>
  new ArtworkRefused(`the file is larger than ${Math.round(limits.maxBytes / (1024 * 1024))} MB`);

function explain(error: unknown, signal: AbortSignal): Error {
  if (error instanceof ArtworkRefused) return error;
  if (signal.aborted) return new ArtworkRefused('it did not answer in time');
  const code = (error as NodeJS.ErrnoException).code;
  return new ArtworkRefused(`it could not be fetched (${code ?? (error as Error).message})`);
}
