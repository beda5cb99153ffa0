import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { rateLimitWindows } from '../db/schema.ts';

/**
 * Requests per client address and minute, by the bucket the matched route declares:
 * - `attempts`: access codes and the operator password, counted per route in PostgreSQL so that every instance
 *   behind a load balancer shares one count;
 * - `api`: every other API request, counted in this instance's memory (a database round trip per request would
 *   cost more than the limit protects);
 * - `media`: files under /media, in memory, with a limit of their own;
 * - `events`: the player's viewing-event batches, in memory, so they never use up the API's count;
 * - `none`: the built client's files.
 */
export type RateBucket = 'attempts' | 'api' | 'media' | 'events' | 'none';

const WINDOW_MS = 60_000;

export interface Count {
  hits: number;
  /** ms since the epoch when the window ends */
  resetAt: number;
}

/** Fixed one-minute windows in memory; ended windows are dropped every minute. */
export function createMemoryCounter() {
  const windows = new Map<string, Count>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, count] of windows) if (count.resetAt <= now) windows.delete(key);
  }, WINDOW_MS).unref();
  return {
    hit(key: string): Count {
      const now = Date.now();
      let count = windows.get(key);
      if (!count || count.resetAt <= now) {
        count = { hits: 0, resetAt: now + WINDOW_MS };
        windows.set(key, count);
      }
      count.hits++;
      return count;
    },
    stop: () => clearInterval(sweep),
  };
}

/** One attempt in the current window of the database's clock, so every instance counts in the same window. */
export async function hitSharedCounter(db: Executor, bucket: string, client: string): Promise<Count> {
  const result = await db.execute<{ hits: number; reset_at: string }>(sql`
    insert into ${rateLimitWindows} (bucket, client, window_start, hits)
    values (${bucket}, ${client}, date_trunc('minute', now()), 1)
    on conflict (bucket, client, window_start) do update set hits = ${rateLimitWindows.hits} + 1
    returning hits, (window_start + interval '1 minute')::text as reset_at
  `);
  const row = result.rows[0]!;
  return { hits: Number(row.hits), resetAt: Date.parse(row.reset_at) };
}

/** Windows that have ended are of no use to anyone. */
export async function deleteEndedRateLimitWindows(db: Executor) {
  await db.delete(rateLimitWindows).where(lt(rateLimitWindows.windowStart, new Date(Date.now() - 2 * WINDOW_MS)));
}

declare module 'fastify' {
  interface FastifyInstance {
    rateCounter: ReturnType<typeof createMemoryCounter>;
  }
}

function limitOf(app: FastifyInstance, bucket: RateBucket): number {
  switch (bucket) {
    case 'attempts':
      return app.config.authRateLimit;
    case 'media':
      return app.config.mediaRateLimit;
    case 'events':
      return app.config.eventsRateLimit;
    default:
      return app.config.apiRateLimit;
  }
}

/** Counts the request in its bucket; answers 429 and returns false when the client is over the limit. */
export async function admitRequest(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  bucket: RateBucket,
): Promise<boolean> {
  if (bucket !== 'attempts') return admitInMemory(app, request, reply, bucket);
  const count = await hitSharedCounter(app.db, `${bucket} ${request.routeOptions.url}`, request.ip);
  return admitCount(reply, count, limitOf(app, bucket));
}

/** The same for the buckets counted in this instance's memory (every one but `attempts`), without waiting. */
export function admitInMemory(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  bucket: Exclude<RateBucket, 'attempts'>,
): boolean {
  if (bucket === 'none') return true;
  return admitCount(reply, app.rateCounter.hit(`${bucket} ${request.ip}`), limitOf(app, bucket));
}

function admitCount(reply: FastifyReply, count: Count, limit: number): boolean {
  if (count.hits <= limit) return true;
  tooManyRequests(reply, count);
  return false;
}

/** The 429 of every limit: when to try again, in seconds and in `Retry-After`. */
export function tooManyRequests(reply: FastifyReply, count: Count) {
  const seconds = Math.max(1, Math.ceil((count.resetAt - Date.now()) / 1000));
  void reply
    .status(429)
    .header('Retry-After', String(seconds))
    .header('Cache-Control', 'no-store')
    .send({
      statusCode: 429,
      error: 'Too Many Requests',
      message: `Too many attempts. Try again in ${seconds} s.`,
      retryAfterSeconds: seconds,
    });
}
