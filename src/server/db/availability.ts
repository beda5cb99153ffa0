import type pg from 'pg';

/** How long a client should wait before asking again while the database is away (Retry-After, seconds). */
export const RETRY_AFTER_SECONDS = 5;
const PROBE_EVERY_MS = 1000;

export interface AvailabilityLog {
  warn(message: string): void;
  info(message: string): void;
}

/**
 * Whether the database can be used right now. It goes down when a query fails for want of a connection (or
 * when the embedded postmaster exits), says so once, probes every second, and comes back by itself.
 */
export interface DatabaseAvailability {
  readonly down: boolean;
  /** Why it is down, in PostgreSQL's or the network's words. */
  readonly reason: string | null;
  /**
   * A connection failed for `reason`. Unless `certain` (the postmaster is known to be gone), one probe first
   * tells a real outage from a single stale connection; a real one is marked down (logged once per outage)
   * and probed until it ends. A no-op while already down.
   */
  markDown(reason: string, certain?: boolean): void;
  stop(): void;
}

export function createDatabaseAvailability(pool: pg.Pool, log: AvailabilityLog): DatabaseAvailability {
  let reason: string | null = null;
  let since = 0;
  let probing: NodeJS.Timeout | undefined;
  let stopped = false;

  const probe = async () => {
    probing = undefined;
    if (stopped || reason === null) return;
    try {
      await pool.query('select 1');
      log.info(`The database is back after ${((Date.now() - since) / 1000).toFixed(1)} s; serving again.`);
      reason = null;
    } catch {
      if (!stopped) probing = setTimeout(() => void probe(), PROBE_EVERY_MS).unref();
    }
  };

  return {
    get down() {
      return reason !== null;
    },
    get reason() {
      return reason;
    },
    markDown(why, certain = false) {
      if (reason !== null || stopped) return;
      const goDown = () => {
        if (reason !== null || stopped) return;
        reason = why;
        since = Date.now();
        log.warn(`The database is unavailable (${why}); answering 503 until it is back.`);
        probing = setTimeout(() => void probe(), PROBE_EVERY_MS).unref();
      };
      if (certain) return goDown();
      pool.query('select 1').then(() => {}, goDown);
    },
    stop() {
      stopped = true;
      clearTimeout(probing);
    },
  };
}

/** Network and server-state errors that mean "no database right now", as opposed to a bad query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (/^(08|57P0[1-3]|53300)/.test(code)) return true; // connection exception, shutdown, cannot connect now
      if (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EPIPE|EAI_AGAIN)$/.test(code))
        return true;
    }
    if (
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        e.message,
      )
    ) {
      return true;
    }
  }
  return false;
}

/** One line for an unavailable database: the innermost cause's code and message. */
export function unavailableReason(error: unknown): string {
  let e = error;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  if (!(e instanceof Error)) return String(e);
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' ? `${code}: ${e.message}` : e.message;
}
