import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Executor } from '../../db/client.ts';
import { recordAction, sweepOldEntries, type Actor, type AuditRecord } from './audit.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Appends an operator action to the audit log: by the request's operator (or `actor`, for sign-ins), from the
     * request's client address (proxy-aware, as rate limits see it). `db` is the transaction that made the change.
     */
    audit: (request: FastifyRequest, record: AuditRecord, options?: { actor?: Actor; db?: Executor }) => Promise<void>;
  }
}

export const auditPlugin = fp(async (app: FastifyInstance) => {
  app.housekeeping.add('auditEntries', (now) => sweepOldEntries(app.db, app.config.auditRetentionDays, now));
  app.decorate('audit', async (request: FastifyRequest, record: AuditRecord, options = {}) => {
    const actor = options.actor ?? request.operator;
    if (!actor) throw new Error(`audit of ${record.action} without an operator`);
    await recordAction(options.db ?? app.db, actor, request.ip, record);
  });
});
