import type pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Executor } from './client.ts';

/** Channels every instance listens on; a payload is a short string, never the data itself. */
export type ChangeChannel = 'catalogue_changed' | 'access_changed' | 'viewer_sessions_changed';

export interface ChangeSubscriber {
  /** A change announced by any instance (this one included), after its transaction committed. */
  onChange(payload: string): void;
  /** The listening connection was lost and is back: changes may have been missed, so reload everything. */
  onResync(): void;
}

export interface ChangeFeed {
  subscribe(channel: ChangeChannel, subscriber: ChangeSubscriber): void;
  /** Connects and starts listening; resolves once LISTEN has run on every subscribed channel. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Announces a change to every instance sharing the database (PostgreSQL NOTIFY). Inside a transaction it is
 * delivered when the transaction commits, and not at all if it rolls back.
 */
export async function announceChange(db: Executor, channel: ChangeChannel, payload = '') {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

const RECONNECT_MS = [250, 500, 1000, 2000, 5000];

/**
 * Holds one pooled connection that LISTENs on the subscribed channels and reconnects with backoff when it drops.
 * After a reconnect every subscriber resyncs, because NOTIFY is not queued for a listener that was away.
 */
export function createChangeFeed(pool: pg.Pool, onError: (error: unknown) => void = () => {}): ChangeFeed {
  const subscribers = new Map<ChangeChannel, ChangeSubscriber[]>();
  let client: pg.PoolClient | undefined;
  let stopped = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;

  const onNotification = (message: pg.Notification) => {
    for (const subscriber of subscribers.get(message.channel as ChangeChannel) ?? []) {
      subscriber.onChange(message.payload ?? '');
    }
  };

  async function connect() {
    const next = await pool.connect();
    next.on('notification', onNotification);
    next.on('error', (error) => lost(next, error));
    try {
      for (const channel of subscribers.keys()) await next.query(`listen ${channel}`);
    } catch (error) {
      next.release(true);
      throw error;
    }
    client = next;
    attempt = 0;
  }

  function lost(which: pg.PoolClient, error: unknown) {
    if (client !== which) return;
    client = undefined;
    which.release(true);
    if (stopped) return;
    onError(error);
    scheduleReconnect();
  }

  function scheduleReconnect() {
    const delay = RECONNECT_MS[Math.min(attempt++, RECONNECT_MS.length - 1)]!;
    retry = setTimeout(() => {
      connect().then(
        () => {
          for (const list of subscribers.values()) for (const subscriber of list) subscriber.onResync();
        },
        (error: unknown) => {
          if (stopped) return;
          onError(error);
          scheduleReconnect();
        },
      );
    }, delay).unref();
  }

  return {
    subscribe(channel, subscriber) {
      if (client) throw new Error('Subscribe before the change feed starts.');
      subscribers.set(channel, [...(subscribers.get(channel) ?? []), subscriber]);
    },
    async start() {
      stopped = false;
      if (subscribers.size > 0) await connect();
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      current?.release(true);
    },
  };
}
