// Not the contract's index: its zod schemas would come along into the player's first route.
import { MAX_EVENTS_PER_BATCH, VIEWER_USER_ID } from '#contract/constants.ts';
import type { PlayerEventInput } from '#contract/insights.ts';
import { postKeptAlive } from './api-client.ts';

const EVENTS_PATH = '/api/events';
const FLUSH_EVERY_MS = 5000;
/** Kept while the server cannot be reached; older events are dropped past this (the player must not grow). */
const MAX_QUEUED = 1000;

type Unstamped<E> = E extends unknown ? Omit<E, 'eventId' | 'occurredAt'> : never;
export type ViewingEvent = Unstamped<PlayerEventInput>;

let queue: PlayerEventInput[] = [];
let timer: ReturnType<typeof setInterval> | undefined;
let sending = false;

const bodyOf = (events: PlayerEventInput[]) => JSON.stringify({ userId: VIEWER_USER_ID, events });

/**
 * Sends queued events in one batch, off the playback path. A batch that fails for the network goes back
 * into the queue with the same ids (the server counts an id once); one the server refuses is dropped.
 */
async function flush() {
  if (sending || queue.length === 0) return;
  sending = true;
  const batch = queue.slice(0, MAX_EVENTS_PER_BATCH);
  queue = queue.slice(batch.length);
  try {
    const response = await postKeptAlive(EVENTS_PATH, bodyOf(batch));
    if (response.status === 429 || response.status >= 500) queue = [...batch, ...queue].slice(-MAX_QUEUED);
  } catch {
    queue = [...batch, ...queue].slice(-MAX_QUEUED);
  } finally {
    sending = false;
  }
}

/** The page is going away or out of sight: hand what is left to the browser, which sends it even after unload. */
function beaconAll() {
  while (queue.length > 0) {
    const batch = queue.slice(0, MAX_EVENTS_PER_BATCH);
    let sent = false;
    try {
      sent = navigator.sendBeacon?.(EVENTS_PATH, new Blob([bodyOf(batch)], { type: 'application/json' })) ?? false;
    } catch {
      // A browser that refuses a JSON beacon: the keepalive fetch below outlives the page too.
    }
    if (!sent) return void flush();
    queue = queue.slice(batch.length);
  }
}

function start() {
  if (timer !== undefined) return;
  timer = setInterval(() => void flush(), FLUSH_EVERY_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') beaconAll();
  });
  window.addEventListener('pagehide', beaconAll);
}

/** Queues one event, stamped with its own id and time; it leaves with the next batch. */
export function queueViewingEvent(event: ViewingEvent) {
  start();
  queue.push({ ...event, eventId: crypto.randomUUID(), occurredAt: new Date().toISOString() } as PlayerEventInput);
  if (queue.length > MAX_QUEUED) queue = queue.slice(-MAX_QUEUED);
}

/** Sends what is queued now (leaving the player inside the app, where the page stays). */
export function sendViewingEventsSoon() {
  void flush();
}
