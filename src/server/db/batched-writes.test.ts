import { describe, expect, it } from 'vitest';
import { createBatchedWrites } from './batched-writes.ts';

interface Request {
  id: number;
  key?: string;
  fails?: boolean;
}

const turn = () => new Promise((resolve) => setImmediate(resolve));
const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await turn();
};

/** A settler that records its batches and finishes each one when the test says so. */
function recordingSettler() {
  const batches: number[][] = [];
  const finishers: (() => void)[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const settle = (requests: Request[]) => {
    batches.push(requests.map((r) => r.id));
    running++;
    mostAtOnce = Math.max(mostAtOnce, running);
    return new Promise<string[]>((resolve, reject) => {
      finishers.push(() => {
        running--;
        if (requests.some((r) => r.fails)) reject(new Error(`batch ${requests.map((r) => r.id).join()} failed`));
        else resolve(requests.map((r) => `settled ${r.id}`));
      });
    });
  };
  const finishAll = async () => {
    await turns(2);
    while (finishers.length > 0) {
      finishers.shift()!();
      // Its promise callbacks run first, then the queue's next turn, which may start another batch.
      await turns(2);
    }
  };
  return { settle, batches, finishAll, mostAtOnce: () => mostAtOnce };
}

describe('batched writes', () => {
  it('settles a lone request at once, in a batch of its own', async () => {
    const settler = recordingSettler();
    const queue = createBatchedWrites(settler.settle, { maxBatch: 10, concurrency: 1, keyOf: (r) => r.key });
    const result = queue.write({ id: 1 });
    await turn();
    expect(settler.batches).toEqual([[1]]);
    await settler.finishAll();
    await expect(result).resolves.toBe('settled 1');
  });

  it('gathers the requests that arrive while a batch runs into the next one, each with its own result', async () => {
    const settler = recordingSettler();
    const queue = createBatchedWrites(settler.settle, { maxBatch: 10, concurrency: 1, keyOf: (r) => r.key });
    const first = queue.write({ id: 1 });
    await turn();
    const later = [2, 3, 4, 5].map((id) => queue.write({ id }));
    await turn();
    expect(settler.batches).toEqual([[1]]);
    await settler.finishAll();
    expect(settler.batches).toEqual([[1], [2, 3, 4, 5]]);
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3, 4, 5].map((id) => `settled ${id}`));
  });

  it('keeps to the largest batch and to the number of batches at once', async () => {
    const settler = recordingSettler();
    const queue = createBatchedWrites(settler.settle, { maxBatch: 3, concurrency: 2, keyOf: (r) => r.key });
    const results = Array.from({ length: 10 }, (_, i) => queue.write({ id: i + 1 }));
    await turn();
    expect(settler.batches).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    await settler.finishAll();
    expect(settler.batches).toEqual([[1, 2, 3], [4, 5, 6], [7, 8, 9], [10]]);
    expect(settler.mostAtOnce()).toBe(2);
    expect(await Promise.all(results)).toHaveLength(10);
  });

  it('never puts two requests with the same key in one batch', async () => {
    const settler = recordingSettler();
    const queue = createBatchedWrites(settler.settle, { maxBatch: 10, concurrency: 1, keyOf: (r) => r.key });
    const results = [
      queue.write({ id: 1, key: 'a' }),
      queue.write({ id: 2, key: 'a' }),
      queue.write({ id: 3, key: 'b' }),
      queue.write({ id: 4 }),
      queue.write({ id: 5, key: 'a' }),
    ];
    await settler.finishAll();
    await Promise.all(results);
    expect(settler.batches).toEqual([[1, 3, 4], [2], [5]]);
  });

  it('settles a failed batch again one request at a time, so only the failing request gets the error', async () => {
    const settler = recordingSettler();
    const queue = createBatchedWrites(settler.settle, { maxBatch: 10, concurrency: 1, keyOf: (r) => r.key });
    const results = [queue.write({ id: 1 }), queue.write({ id: 2, fails: true }), queue.write({ id: 3 })].map(
      (promise) =>
        promise.then(
          (value) => ({ value }),
          (error: Error) => ({ error: error.message }),
        ),
    );
    await settler.finishAll();
    expect(await Promise.all(results)).toEqual([
      { value: 'settled 1' },
      { error: 'batch 2 failed' },
      { value: 'settled 3' },
    ]);
    expect(settler.batches).toEqual([[1, 2, 3], [1], [2], [3]]);
  });
});
