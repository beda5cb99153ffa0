import http from 'node:http';
import type { Socket } from 'node:net';
import { duplexPair } from 'node:stream';
import type { FastifyInstance } from 'fastify';

export interface InProcessRequest {
  method: 'GET' | 'HEAD';
  url: string;
  headers: Record<string, string>;
  /** The address the server sees the request come from (its rate limits and viewer creation count it). */
  remoteAddress: string;
}

export interface InProcessReply {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A request to this server made from inside it, as one from the network is made: its bytes go through Node's HTTP
 * parser to the server's own handler over a connection in memory, so the server's hot code meets the same request
 * and reply objects as ever. Fastify's `inject` hands it stand-ins of other shapes instead, and once the engine's
 * optimised code had met them (a handful of page reads is enough), every later API request cost a sixth more CPU
 * for the rest of the process's life (measured with bench:api's /api/series/{id}).
 */
export function requestInProcess(app: FastifyInstance, request: InProcessRequest): Promise<InProcessReply> {
  const [clientEnd, serverEnd] = duplexPair();
  // What the HTTP server and Fastify read of a connection besides its bytes.
  Object.assign(serverEnd, {
    remoteAddress: request.remoteAddress,
    remotePort: 0,
    setTimeout: () => serverEnd,
    setNoDelay: () => serverEnd,
    setKeepAlive: () => serverEnd,
  });
  app.server.emit('connection', serverEnd);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        method: request.method,
        path: request.url,
        headers: { host: 'localhost', connection: 'close', ...request.headers },
        createConnection: () => clientEnd as unknown as Socket,
      },
      (reply) => {
        const chunks: Buffer[] = [];
        reply.on('data', (chunk: Buffer) => chunks.push(chunk));
        reply.on('error', reject);
        reply.on('end', () =>
          resolve({
            statusCode: reply.statusCode ?? 0,
            headers: reply.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}
