import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable, unavailableReason } from '../db/availability.ts';
import { deleteEndedRateLimitWindows } from './rate-limits.ts';

const SWEEP_EVERY_MS = 3600_000;

/** One sweep: deletes what no request can use any more; answers how many rows went, when that is worth telling. */
export type Sweep = (now: Date) => Promise<number | void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Periodic clean-up: each module adds the sweeps of its own tables while it registers (expired sessions, old
     * idempotency keys, rows past their retention); all of them run once the app is ready and then every hour.
     */
    housekeeping: {
      /** `name` is how the sweep's count is reported; a sweep that answers nothing is not reported. */
      add(name: string, sweep: Sweep): void;
    };
  }
}

/** Runs every sweep the modules added, one after another; answers their counts by name. */
export async function sweepExpired(app: FastifyInstance, now = new Date()): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, sweep] of sweepsOf.get(app) ?? []) {
    const count = await sweep(now);
    if (typeof count === 'number') counts[name] = count;
  }
  return counts;
}

const sweepsOf = new WeakMap<FastifyInstance, Map<string, Sweep>>();

/** Sweeps once the app is ready, then every hour; any instance may (the deletes are idempotent). */
export const housekeepingPlugin = fp(async (app: FastifyInstance) => {
  const sweeps = new Map<string, Sweep>();
  sweepsOf.set(app, sweeps);
  app.decorate('housekeeping', {
    add(name: string, sweep: Sweep) {
      if (sweeps.has(name)) throw new Error(`A sweep named ${name} is already added`);
      sweeps.set(name, sweep);
    },
  });
  app.housekeeping.add('rateLimitWindows', () => deleteEndedRateLimitWindows(app.db));

  const sweep = () =>
    sweepExpired(app).catch((error: unknown) => {
      if (isDatabaseUnavailable(error)) app.databaseAvailability.markDown(unavailableReason(error));
      else app.log.warn({ err: error }, 'Housekeeping sweep failed');
    });
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(() => void sweep(), SWEEP_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
});
