import type { Duplex } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestInProcess } from './in-process-request.ts';

describe('requestInProcess: a request to the server from inside it, parsed as one from the network', () => {
  const app = Fastify();
  const connections: Duplex[] = [];
  let seen: { ip: string; cookie: string | undefined; raw: string } | undefined;

  beforeAll(async () => {
    app.get('/answer', async (request, reply) => {
      seen = { ip: request.ip, cookie: request.headers.cookie, raw: request.raw.constructor.name };
      return reply.header('x-answer', 'yes').send({ ok: true, ip: request.ip });
    });
    app.server.on('connection', (socket: Duplex) => connections.push(socket));
    await app.ready();
  });
  afterAll(() => app.close());

  it('reaches the route with real request objects, the caller’s address and headers, and reads the reply', async () => {
    const reply = await requestInProcess(app, {
      method: 'GET',
      url: '/answer',
      headers: { cookie: 'a=1' },
      remoteAddress: '203.0.113.7',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['x-answer']).toBe('yes');
    expect(reply.headers['content-type']).toContain('application/json');
    expect(JSON.parse(reply.body)).toEqual({ ok: true, ip: '203.0.113.7' });
    expect(seen).toEqual({ ip: '203.0.113.7', cookie: 'a=1', raw: 'IncomingMessage' });
  });

  it('answers HEAD and an unknown route like the network would, and closes each connection', async () => {
    const head = await requestInProcess(app, { method: 'HEAD', url: '/answer', headers: {}, remoteAddress: '::1' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const missing = await requestInProcess(app, { method: 'GET', url: '/nowhere', headers: {}, remoteAddress: '::1' });
    expect(missing.statusCode).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(connections.length).toBeGreaterThanOrEqual(3);
    expect(connections.every((socket) => socket.destroyed)).toBe(true);
  });
});
