import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A request slower than this is worth a line at the default level. */
export const SLOW_REQUEST_MS = 1000;

/**
 * Requests are logged at debug (every one) and at warn (slow ones); failures are logged by the errors plugin.
 * At the default level a healthy request writes nothing.
 */
export const requestLogPlugin = fp(async (app: FastifyInstance) => {
  const everyRequest = () => app.log.level === 'debug' || app.log.level === 'trace';
  app.addHook('onResponse', (request, reply, done) => {
    const ms = reply.elapsedTime;
    if (ms < SLOW_REQUEST_MS && !everyRequest()) return done();
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms: Math.round(ms),
    };
    if (ms >= SLOW_REQUEST_MS) request.log.warn(line, 'slow request');
    else request.log.debug(line, 'request');
    done();
  });
});
