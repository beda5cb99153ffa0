import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable, unavailableReason } from '../db/availability.ts';
import type { Database } from '../db/client.ts';
import { adminSessions } from '../db/schema.ts';
import { deleteExpiredAccessSessions } from '../modules/access/access.repository.ts';
import { deleteEndedRateLimitWindows } from './rate-limits.ts';
import { deleteExpiredSessions } from '../modules/auth/sessions.repository.ts';
import { deleteIdempotencyKeysBefore } from '../modules/wallet/wallet.repository.ts';
import { dropExpiredEvents } from '../modules/insights/insights.service.ts';
import { sweepOldEntries } from '../modules/audit/audit.service.ts';

/** How long a purchase's Idempotency-Key keeps its answer. */
export const IDEMPOTENCY_KEY_HOURS = 24;
const SWEEP_EVERY_MS = 3600_000;

/**
 * Deletes what no request can use any more: old idempotency keys, expired sessions, ended rate-limit windows,
 * raw insight events past their retention (their rollups stay), audit entries past theirs.
 */
export async function sweepExpired(
  db: Database,
  now = new Date(),
  insightRetentionDays = 90,
  auditRetentionDays = 365,
) {
  const idempotencyKeys = await deleteIdempotencyKeysBefore(
    db,
    new Date(now.getTime() - IDEMPOTENCY_KEY_HOURS * 3600_000),
  );
  await deleteExpiredAccessSessions(db);
  await deleteExpiredSessions(db, adminSessions);
  await deleteEndedRateLimitWindows(db);
  const insightEvents = await dropExpiredEvents(db, insightRetentionDays, now);
  const auditEntries = await sweepOldEntries(db, auditRetentionDays, now);
  return { idempotencyKeys, insightEvents, auditEntries };
}

/** Sweeps once the app is ready, then every hour; any instance may (the deletes are idempotent). */
export const housekeepingPlugin = fp(async (app: FastifyInstance) => {
  const sweep = () =>
    sweepExpired(app.db, new Date(), app.config.insightEventsRetentionDays, app.config.auditRetentionDays).catch(
      (error: unknown) => {
        if (isDatabaseUnavailable(error)) app.databaseAvailability.markDown(unavailableReason(error));
        else app.log.warn({ err: error }, 'Housekeeping sweep failed');
      },
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(() => void sweep(), SWEEP_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
});
