import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openAccessGate, sweepExpiredAccessSessions, type AccessGate } from './access.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    accessGate: AccessGate;
  }
}

/** Opens the access gate (putting the configured codes in force) and keeps it in step with every other instance. */
export const accessGatePlugin = fp(async (app: FastifyInstance) => {
  const gate = await openAccessGate(app.db, app.secrets.knownAccessCodes, app.config.accessGate === 'on');
  app.decorate('accessGate', gate);
  app.housekeeping.add('accessSessions', () => sweepExpiredAccessSessions(app.db));
  const reload = () =>
    void gate.reload().catch((error: unknown) => {
      app.log.warn({ message: error instanceof Error ? error.message : String(error) }, 'access gate reload failed');
    });
  app.changes.subscribe('access_changed', { onChange: reload, onResync: reload });
});
