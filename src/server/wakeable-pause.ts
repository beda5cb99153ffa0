/**
 * The sleep of a job loop (transcoding, alerts) that new work cuts short: `pause(ms)` resolves after `ms`, or at
 * the next `wake()`, whichever comes first.
 */
export function wakeablePause() {
  let waiting: (() => void)[] = [];
  return {
    wake() {
      const woken = waiting;
      waiting = [];
      for (const resolve of woken) resolve();
    },
    pause(ms: number) {
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        waiting.push(done);
      });
    },
  };
}
