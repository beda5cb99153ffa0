/**
 * Page-speed benchmark (issue 11): Lighthouse 12, mobile preset, simulated throttling, in Debian Chromium,
 * past the access gate, on /, /discover, /series/{id} and /watch/{id}; 3 runs per page, median.
 * Prints the performance score, LCP, TBT, CLS, the JavaScript transferred, the accessibility score and the
 * machine load.
 *
 *   npx tsx bench/pages.ts          (or npm run bench:pages)
 *
 * It builds nothing: like bench/video-start.ts it starts the server on the client in BENCH_CLIENT_DIR
 * (default dist/client: `npm run build`), or uses BENCH_URL with BENCH_ACCESS_CODE. BENCH_RUNS (3) is optional;
 * BENCH_PAGES (`watch,series`: pages whose path has one of these) measures a part, and BENCH_REPORTS=<dir> keeps
 * each run's Lighthouse report there (its long tasks and script boot-up times tell where blocking time went).
 *
 * The browser passes the gate once (cookie and the UI's flag); Lighthouse clears the HTTP cache before every
 * run but keeps cookies and local storage, so each run is a first visit of someone who entered the code.
 * (Closing the Playwright connection only disconnects it; chrome-launcher owns the browser.)
 */
import fs from 'node:fs';
import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM, LAUNCH_ARGS } from './support/chromium.ts';
import { machineLoad, startBenchServer } from './support/server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);

interface Figures {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  jsBytes: number;
  jsFiles: number;
  accessibility: number;
}

interface AuditItem {
  resourceType?: string;
  transferSize?: number;
  requestCount?: number;
}

async function measure(url: string, port: number, attempt = 1): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}.`);
  const { lhr } = result;
  if (process.env.BENCH_REPORTS && !lhr.runtimeError) {
    fs.mkdirSync(process.env.BENCH_REPORTS, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '-')}-${Date.now()}.json`;
    fs.writeFileSync(`${process.env.BENCH_REPORTS}/${name}`, JSON.stringify(lhr));
  }
  if (lhr.runtimeError) {
    // Chromium sometimes loses a trace's navigation start (NO_NAVSTART) on a busy machine: that run is measured again.
    if (attempt < 3) return measure(url, port, attempt + 1);
    throw new Error(`${url}: ${lhr.runtimeError.message}`);
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const items = ((lhr.audits['resource-summary']?.details as { items?: AuditItem[] } | undefined)?.items ?? []).find(
    (item) => item.resourceType === 'script',
  );
  return {
    score: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    jsBytes: items?.transferSize ?? 0,
    jsFiles: items?.requestCount ?? 0,
    accessibility: Math.round((lhr.categories.accessibility?.score ?? NaN) * 100),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

async function main() {
  if (!CHROMIUM) throw new Error('Chromium not found (set CHROME_PATH).');
  const loadAtStart = os.loadavg()[0]!;
  const server = await startBenchServer({ port: Number(process.env.BENCH_PORT ?? 5307) });
  // Lighthouse drives its own tab over the debugging port; Playwright only passes the gate in that profile.
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: LAUNCH_ARGS });
  const rows: { page: string; figures: Figures[] }[] = [];
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = browser.contexts()[0]!;
    const gate = await context.request.post(`${server.url}/api/access`, { data: { code: server.accessCode } });
    if (!gate.ok()) throw new Error(`The access code was refused (${gate.status()}).`);
    const page = await context.newPage();
    await page.goto(`${server.url}/favicon.svg`);
    await page.evaluate(() => localStorage.setItem('cliffhanger.access', 'granted'));
    const api = async <T>(url: string): Promise<T> => {
      const response = await context.request.get(`${server.url}${url}`);
      if (!response.ok()) throw new Error(`GET ${url}: ${response.status()}`);
      return (await response.json()) as T;
    };
    const series = (await api<{ id: number; isFree: boolean }[]>('/api/series')).find((s) => s.isFree);
    if (!series) throw new Error('No free series in the catalogue.');
    const episodes = await api<{ id: number; episodeNumber: number }[]>(`/api/series/${series.id}/episodes`);
    const first = episodes.sort((a, b) => a.episodeNumber - b.episodeNumber)[0];
    if (!first) throw new Error(`Series ${series.id} has no episodes.`);
    await page.close();
    await browser.close();
    await server.settled();

    const pages = ['/', '/discover', `/series/${series.id}`, `/watch/${first.id}`].filter(
      (path) => !process.env.BENCH_PAGES || process.env.BENCH_PAGES.split(',').some((part) => path.includes(part)),
    );
    console.log(`server ${server.url}; Lighthouse mobile preset, simulated throttling; ${RUNS} runs per page`);
    for (const pagePath of pages) {
      const figures: Figures[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        figures.push(await measure(`${server.url}${pagePath}`, chrome.port));
        process.stdout.write('.');
      }
      rows.push({ page: pagePath, figures });
    }
    process.stdout.write('\n');
  } finally {
    chrome.kill();
    await server.stop();
  }

  const header = ['page', 'score', 'LCP', 'TBT', 'CLS', 'JS transferred', 'a11y', 'scores of the runs'];
  const lines = rows.map(({ page, figures }) => {
    const m = (pick: (f: Figures) => number) => median(figures.map(pick));
    return [
      page,
      String(m((f) => f.score)),
      `${(m((f) => f.lcp) / 1000).toFixed(1)} s`,
      `${Math.round(m((f) => f.tbt))} ms`,
      m((f) => f.cls).toFixed(3),
      `${(m((f) => f.jsBytes) / 1024).toFixed(0)} KiB in ${m((f) => f.jsFiles)} files`,
      String(m((f) => f.accessibility)),
      figures.map((f) => f.score).join(' '),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
  console.log(`\n${machineLoad(loadAtStart)}`);
  if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(rows, null, 2));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
