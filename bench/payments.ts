/**
 * Payments at volume, against the local Stripe stand-in answering at once: purchase creation (a Checkout Session
 * made and its row written) p50/p99, then webhook deliveries of paid sessions, each signature checked and each
 * event recorded, per second and p99. Checks after: every paid session credited once, one recorded event each.
 *
 *   npm run bench:payments
 *
 * BENCH_PURCHASES (2000), BENCH_CONNECTIONS (20), BENCH_PORT (25710; PostgreSQL BENCH_PORT + 1), stand-in BENCH_PORT + 10.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '#server/db/embedded.ts';
import { newViewerId, viewerCookieKey, writeViewerCookie } from '#server/modules/viewers/viewer-cookie.ts';
import { VIEWER_COOKIE } from '#server/modules/viewers/viewers.plugin.ts';
import { startStripeStandIn } from '#server/testing/stripe-server.ts';
import { accessCookie, loadAverage, startBenchServer } from './support/server.ts';

const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 2000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 25710);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** Runs `count` tasks over `CONNECTIONS` at once; their latencies (ms) and the wall time. */
async function timed(count: number, task: (index: number) => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < count) {
        const index = next++;
        const t0 = performance.now();
        await task(index);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: count / seconds, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) };
}

async function main() {
  console.log(`bench:payments — ${PURCHASES} purchases, ${CONNECTIONS} connections; load before: ${loadAverage()}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-bench-payments-'));
  fs.chmodSync(dataDir, 0o755);
  const database = await startEmbeddedPostgres({ clusterDir: path.join(dataDir, 'postgres'), port: PORT + 1 });
  const webhookUrl = `http://localhost:${PORT}/api/payments/stripe/webhook`;
  const stripe = await startStripeStandIn({ port: PORT + 10, deliverTo: webhookUrl });
  const server = await startBenchServer({
    port: PORT,
    env: {
      DATABASE_URL: database.adminUrl,
      SEED: 'none',
      STRIPE_SECRET_KEY: 'sk_test_bench',
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.apiBase,
      PUBLIC_URL: `http://localhost:${PORT}`,
    },
  });
  await server.settled();
  const cookie = await accessCookie(server);
  const client = new pg.Client({ connectionString: database.adminUrl });
  await client.connect();
  try {
    const {
      rows: [gate],
    } = await client.query<{ signing_key: string }>('select signing_key from access_gate limit 1');
    const key = viewerCookieKey(gate!.signing_key);
    const issuedAt = Math.floor(Date.now() / 1000);
    // Ten unpaid sessions an hour per viewer: a viewer per five purchases.
    const viewers = Array.from(
      { length: Math.ceil(PURCHASES / 5) },
      () => `${VIEWER_COOKIE}=${writeViewerCookie(key, { viewerId: newViewerId(), issuedAt })}`,
    );
    const sessions: string[] = [];
    const creation = await timed(PURCHASES, async (index) => {
      const res = await fetch(`${server.url}/api/user/user-1/purchase-tokens`, {
        method: 'POST',
        headers: { cookie: `${cookie}; ${viewers[index % viewers.length]}`, 'content-type': 'application/json' },
        body: JSON.stringify({ packageId: 'package-2' }),
      });
      if (res.status !== 202) throw new Error(`purchase answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    });
    for (const session of stripe.sessions.values()) sessions.push(session.id);
    const events = await Promise.all(sessions.map((id) => stripe.pay(id, { deliver: false })));
    const deliveries = await timed(events.length, async (index) => {
      const status = await stripe.deliver(events[index]!);
      if (status !== 200) throw new Error(`webhook answered ${status}`);
    });
    const {
      rows: [check],
    } = await client.query<{ paid: string; credits: string; events: string }>(`
      select (select count(*) from purchases where status = 'paid') as paid,
             (select count(*) from wallet_ledger where kind = 'purchase' and purchase_id is not null) as credits,
             (select count(*) from payment_events) as events`);
    const fmt = (n: number) => n.toFixed(1);
    console.log(
      `purchase creation: ${fmt(creation.perSecond)}/s, p50 ${fmt(creation.p50)} ms, p99 ${fmt(creation.p99)} ms`,
    );
    console.log(
      `webhook deliveries: ${fmt(deliveries.perSecond)}/s, p50 ${fmt(deliveries.p50)} ms, p99 ${fmt(deliveries.p99)} ms`,
    );
    console.log(`checked: ${check!.paid} paid, ${check!.credits} credits, ${check!.events} events recorded`);
    if (
      Number(check!.paid) !== PURCHASES ||
      Number(check!.credits) !== PURCHASES ||
      Number(check!.events) !== PURCHASES
    ) {
      throw new Error('Every paid session must be credited once, with its event recorded once');
    }
    console.log(`load after: ${loadAverage()}`);
  } finally {
    await client.end();
    await server.stop();
    await stripe.close();
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
