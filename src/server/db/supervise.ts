import type { DatabaseAvailability } from './availability.ts';
import type { EmbeddedDatabase } from './embedded.ts';

export interface SupervisorOptions {
  /** Without a running database for this long, the process gives up so that its own supervisor restarts it. */
  giveUpAfterMs?: number;
  log: { info(message: string): void; warn(message: string): void };
  onGiveUp(reason: string): void;
}

const FIRST_RETRY_MS = 250;
const LONGEST_RETRY_MS = 4000;

/**
 * Restarts the embedded PostgreSQL when it exits on its own (killed, OOM, pg_ctl stop), with backoff; the
 * availability monitor answers 503 meanwhile and notices when it is back. Answers a function that stops supervising.
 */
export function superviseEmbedded(
  embedded: EmbeddedDatabase,
  availability: DatabaseAvailability,
  options: SupervisorOptions,
): () => void {
  const giveUpAfterMs = options.giveUpAfterMs ?? 30_000;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  embedded.onUnexpectedExit((reason) => {
    if (stopped) return;
    availability.markDown(reason, true);
    const since = Date.now();
    let delay = FIRST_RETRY_MS;
    let lastError = reason;
    const attempt = async () => {
      if (stopped) return;
      try {
        await embedded.restart();
        options.log.info(`Embedded PostgreSQL restarted after ${((Date.now() - since) / 1000).toFixed(1)} s`);
      } catch (error) {
        lastError = error instanceof Error ? error.message : String(error);
        if (stopped) return;
        if (Date.now() - since + delay > giveUpAfterMs) {
          options.onGiveUp(`Embedded PostgreSQL could not be restarted within ${giveUpAfterMs / 1000} s: ${lastError}`);
          return;
        }
        retry = setTimeout(() => void attempt(), delay);
        delay = Math.min(delay * 2, LONGEST_RETRY_MS);
      }
    };
    void attempt();
  });

  return () => {
    stopped = true;
    clearTimeout(retry);
  };
}
