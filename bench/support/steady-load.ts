import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface SteadyFigures {
  /** Requests answered per second over the run. */
  rate: number;
  sent: number;
  /** Answers other than 2xx, and requests that failed to get one. */
  failed: number;
  /** Milliseconds from when each request was due to its whole answer. */
  p50: number;
  p99: number;
}

export interface SteadyLoadOptions {
  url: string;
  /** Requests a second, sent at evenly spaced times. */
  rate: number;
  seconds: number;
  /** Keep-alive connections to spread them over (a request waits for a free one, and that wait counts). */
  connections: number;
  request: () => { path: string; headers: Record<string, string> };
}

/**
 * An open-loop load: each request leaves when it is due, whatever the answers to the earlier ones. autocannon's
 * `overallRate` is not this: it sends each second's budget as fast as it can, then waits for the next second, so
 * its "1,000 a second" is a burst at full speed. Latency counts from when a request was due, so a server that
 * falls behind is not forgiven its queue (nor is this process for sending late: a timer tick is about 1 ms).
 */
export async function steadyLoad(options: SteadyLoadOptions): Promise<SteadyFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const total = Math.round(options.rate * options.seconds);
  const latencies = new Float64Array(total);
  const interval = 1000 / options.rate;
  let sent = 0;
  let settled = 0;
  let failed = 0;
  const start = performance.now();

  await new Promise<void>((resolve) => {
    const finish = (index: number, dueAt: number, ok: boolean) => {
      latencies[index] = performance.now() - dueAt;
      if (!ok) failed++;
      if (++settled === total) resolve();
    };
    const send = (index: number, dueAt: number) => {
      const { path, headers } = options.request();
      const request = http.get(new URL(path, options.url), { agent, headers }, (response) => {
        response.resume();
        response.once('end', () => finish(index, dueAt, response.statusCode! < 300));
      });
      request.once('error', () => finish(index, dueAt, false));
    };
    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - start) / interval) + 1);
      while (sent < due) send(sent, start + sent++ * interval);
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
  });
  agent.destroy();

  const elapsed = (performance.now() - start) / 1000;
  const sorted = latencies.sort();
  const at = (q: number) => Math.round(sorted[Math.min(total - 1, Math.floor(q * total))]! * 10) / 10;
  return { rate: total / elapsed, sent: total, failed, p50: at(0.5), p99: at(0.99) };
}
