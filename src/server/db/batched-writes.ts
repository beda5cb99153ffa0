/**
 * Writes wait here to be made together: while a batch is being written, the requests that arrive form the next
 * one, so under load one statement or transaction (one commit) serves many of them, and a lone request waits for
 * nothing. Each request still gets its own result.
 */
export interface BatchedWrites<Request, Result> {
  write(request: Request): Promise<Result>;
}

export interface BatchedWritesOptions<Request> {
  /** Most requests written in one batch. */
  maxBatch: number;
  /** Batches written at the same time. */
  concurrency: number;
  /** Requests with the same key never share a batch (a repeated Idempotency-Key waits for the first's answer). */
  keyOf?: (request: Request) => string | undefined;
}

interface Waiting<Request, Result> {
  request: Request;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

export function createBatchedWrites<Request, Result>(
  writeBatch: (requests: Request[]) => Promise<Result[]>,
  options: BatchedWritesOptions<Request>,
): BatchedWrites<Request, Result> {
  let waiting: Waiting<Request, Result>[] = [];
  let running = 0;
  let scheduled = false;

  const takeBatch = () => {
    const batch: Waiting<Request, Result>[] = [];
    const later: Waiting<Request, Result>[] = [];
    const keys = new Set<string>();
    for (const entry of waiting) {
      const key = options.keyOf?.(entry.request);
      if (batch.length >= options.maxBatch || (key !== undefined && keys.has(key))) {
        later.push(entry);
        continue;
      }
      if (key !== undefined) keys.add(key);
      batch.push(entry);
    }
    waiting = later;
    return batch;
  };

  const settleEach = async (batch: Waiting<Request, Result>[]) => {
    try {
      const results = await writeBatch(batch.map((entry) => entry.request));
      batch.forEach((entry, index) => entry.resolve(results[index]!));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      // One request's unexpected failure (a constraint, a lost connection) must not decide the others: alone,
      // each gets its own answer or its own error.
      for (const entry of batch) await settleEach([entry]);
    }
  };

  const run = () => {
    scheduled = false;
    while (running < options.concurrency && waiting.length > 0) {
      const batch = takeBatch();
      running++;
      void settleEach(batch).finally(() => {
        running--;
        schedule();
      });
    }
  };

  // Requests parsed in the same turn of the event loop join one batch.
  const schedule = () => {
    if (scheduled || waiting.length === 0 || running >= options.concurrency) return;
    scheduled = true;
    setImmediate(run);
  };

  return {
    write: (request) =>
      new Promise<Result>((resolve, reject) => {
        waiting.push({ request, resolve, reject });
        schedule();
      }),
  };
}
