import { isDatabaseUnavailable, unavailableReason } from '../../db/availability.ts';
import type { Database } from '../../db/client.ts';
import type { PushOutcome, PushService } from '../../push/push-service.ts';
import * as repo from './alerts.repository.ts';
import { alertPayload } from './alerts.service.ts';
import { wakeablePause } from '../../wakeable-pause.ts';

export interface AlertSenderOptions {
  db: Database;
  push: PushService;
  log: { info(message: string): void; warn(message: string): void; error(error: unknown, message: string): void };
  onDatabaseUnavailable?: (reason: string) => void;
  /** How often an idle sender looks for jobs other instances queued. */
  pollMs?: number;
  /** Subscriptions read and marked per batch. */
  batchSize?: number;
  /** Messages in flight at once. */
  concurrency?: number;
  /** How long a claimed job is this sender's without news from it. */
  leaseMs?: number;
  /** Tries of one message answered 5xx or 429, and the first wait between them (doubling). */
  attempts?: number;
  retryBaseMs?: number;
  /** A Retry-After longer than this is not waited for: the message is given up. */
  longestRetryAfterMs?: number;
  ttlSeconds: number;
}

export interface AlertSender {
  start(): void;
  stop(): Promise<void>;
  /** An episode was published here: look now rather than at the next poll. */
  wake(): void;
}

/**
 * Sends the queued new-episode alerts: claims a job, then takes the series' subscriptions in batches (each
 * subscriber's one-per-hour alert marked in the same statement), posts to them with bounded concurrency, retries a
 * 5xx or 429 with backoff (a Retry-After honoured) and removes a subscription its push service says is gone.
 */
export function createAlertSender(options: AlertSenderOptions): AlertSender {
  const { db, push, log } = options;
  const pollMs = options.pollMs ?? 1000;
  const batchSize = options.batchSize ?? 500;
  const concurrency = options.concurrency ?? 64;
  const leaseMs = options.leaseMs ?? 120_000;
  const attempts = options.attempts ?? 4;
  const retryBaseMs = options.retryBaseMs ?? 500;
  const longestRetryAfterMs = options.longestRetryAfterMs ?? 120_000;
  let stopping = false;
  let loop: Promise<void> | null = null;

  const { wake, pause } = wakeablePause();
  /** The wait between tries, which a stop cuts short (a wake does not). */
  const retry = wakeablePause();

  async function deliver(target: { endpoint: string; p256dh: string; auth: string }, payload: string) {
    let outcome: PushOutcome = { kind: 'failed', reason: 'not sent' };
    for (let attempt = 1; attempt <= attempts && !stopping; attempt++) {
      outcome = await push.send(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        { ttlSeconds: options.ttlSeconds, urgency: 'normal' },
      );
      if (outcome.kind !== 'retry' || attempt === attempts) break;
      if (outcome.afterMs !== undefined && outcome.afterMs > longestRetryAfterMs) break;
      const backoff = retryBaseMs * 2 ** (attempt - 1) * (0.75 + Math.random() / 2);
      await retry.pause(outcome.afterMs ?? backoff);
    }
    return outcome;
  }

  async function sendBatch(
    recipients: { id: number; endpoint: string; p256dh: string; auth: string; language: string }[],
    payloadIn: (language: string) => string,
  ) {
    const gone: number[] = [];
    let delivered = 0;
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(concurrency, recipients.length) }, async () => {
        while (next < recipients.length) {
          const recipient = recipients[next++]!;
          const outcome = await deliver(recipient, payloadIn(recipient.language));
          if (outcome.kind === 'delivered') delivered++;
          else if (outcome.kind === 'gone') gone.push(recipient.id);
          else log.warn(`episode alert not delivered to subscription ${recipient.id}: ${describe(outcome)}`);
        }
      }),
    );
    await repo.deleteSubscriptions(db, gone);
    return { delivered, gone: gone.length };
  }

  async function runJob(job: repo.AlertJobRow) {
    const episode = await repo.episodeOfJob(db, job.episodeId);
    if (!episode) return repo.finishAlertJob(db, job.id);
    const titles = await repo.seriesTitles(db, episode.seriesId);
    const payloads = new Map<string, string>();
    const payloadIn = (language: string) => {
      if (!payloads.has(language)) payloads.set(language, JSON.stringify(alertPayload(episode, language, titles)));
      return payloads.get(language)!;
    };
    let after = job.afterSubscription;
    let delivered = 0;
    let gone = 0;
    for (;;) {
      if (stopping) return repo.releaseAlertJob(db, job.id);
      const ids = await repo.nextSubscriptionIds(db, episode.seriesId, after, batchSize);
      if (ids.length === 0) break;
      const recipients = await repo.takeHourlyAlerts(db, episode.seriesId, ids);
      const sent = await sendBatch(recipients, payloadIn);
      delivered += sent.delivered;
      gone += sent.gone;
      after = ids[ids.length - 1]!;
      await repo.advanceAlertJob(db, job.id, after, sent.delivered, leaseMs);
    }
    await repo.finishAlertJob(db, job.id);
    log.info(`episode ${job.episodeId}: ${delivered} alert(s) delivered, ${gone} gone subscription(s) removed`);
  }

  async function run() {
    while (!stopping) {
      try {
        const job = await repo.claimAlertJob(db, leaseMs);
        if (job) await runJob(job);
        else await pause(pollMs);
      } catch (error) {
        if (stopping) break;
        if (isDatabaseUnavailable(error)) options.onDatabaseUnavailable?.(unavailableReason(error));
        else log.error(error, 'episode alerts: a job could not be sent');
        await pause(pollMs);
      }
    }
  }

  return {
    start() {
      if (!loop) loop = run();
    },
    async stop() {
      stopping = true;
      wake();
      retry.wake();
      await loop;
    },
    wake,
  };
}

function describe(outcome: PushOutcome): string {
  if (outcome.kind === 'failed') return outcome.reason;
  if (outcome.kind === 'retry') return `still ${outcome.status || 'unreachable'} after the last try`;
  return outcome.kind;
}
