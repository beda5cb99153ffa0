import { describe, expect, it } from 'vitest';
import { dashboardFiles, isPrecached, isStoredBy, runtimeCaching, type BuiltChunk } from './service-worker-rules.ts';

/** A build manifest shaped like Vite's: the app, a viewer page, the dashboard with a chunk of its own. */
const manifest: Record<string, BuiltChunk> = {
  'index.html': {
    file: 'assets/index-a1.js',
    isEntry: true,
    imports: ['_app-b2.js'],
    dynamicImports: ['src/web/features/home/home-page.tsx', 'src/web/features/admin/admin-page.tsx'],
  },
  'src/web/features/watch/boot.ts': { file: 'assets/watch-boot-c3.js', isEntry: true, imports: ['_start-d4.js'] },
  '_app-b2.js': { file: 'assets/app-b2.js', css: ['assets/app-e5.css'], imports: ['_start-d4.js'] },
  '_start-d4.js': { file: 'assets/start-d4.js' },
  'src/web/features/home/home-page.tsx': { file: 'assets/home-page-f6.js', imports: ['_charts-g7.js'] },
  'src/web/features/admin/admin-page.tsx': {
    file: 'assets/admin-page-h8.js',
    imports: ['_app-b2.js', '_charts-g7.js', '_dashboard-only-i9.js'],
    dynamicImports: ['src/web/features/admin/insights/insights-tab.tsx'],
  },
  '_charts-g7.js': { file: 'assets/charts-g7.js' },
  '_dashboard-only-i9.js': { file: 'assets/dashboard-only-i9.js', css: ['assets/dashboard-j0.css'] },
  'src/web/features/admin/insights/insights-tab.tsx': { file: 'assets/insights-tab-k1.js' },
};
const dashboard = dashboardFiles(manifest);

describe('the dashboard’s files', () => {
  it('are those only its screen reaches, not what viewer pages share with it', () => {
    expect([...dashboard].sort()).toEqual([
      'assets/admin-page-h8.js',
      'assets/dashboard-j0.css',
      'assets/dashboard-only-i9.js',
      'assets/insights-tab-k1.js',
    ]);
  });
});

describe('what the service worker installs with itself', () => {
  it('is the hashed code and styles of viewer pages, the icons and the offline page', () => {
    for (const file of [
      'assets/index-a1.js',
      'assets/app-e5.css',
      'assets/charts-g7.js',
      'offline.html',
      'offline.js',
      'manifest.webmanifest',
      'icons/icon-192.png',
      'icons/icon-maskable-512.png',
      'favicon.svg',
    ])
      expect(isPrecached(file, dashboard), file).toBe(true);
  });

  it('is never a page, the dashboard, the texts, the worker or a source map', () => {
    for (const file of [
      'index.html',
      'watch.html',
      'assets/admin-page-h8.js',
      'assets/insights-tab-k1.js',
      'assets/dashboard-j0.css',
      'assets/locales-Ab12/en/common.json',
      'sw.js',
      'assets/app-b2.js.map',
      'assets/app-b2.js.br',
    ])
      expect(isPrecached(file, dashboard), file).toBe(false);
  });
});

describe('what the service worker stores', () => {
  it('never an API reply, a viewer’s page, paid media or the dashboard', () => {
    const never: [string, boolean][] = [
      ['/api/user', false],
      ['/api/series/3/episodes', false],
      ['/api/wallet/unlock', false],
      ['/media/series/3/episodes/7/index.m3u8', false],
      ['/media/series/3/episodes/7/segment-001.ts', false],
      ['/media/series/3/episodes/7/720p/segment-001.m4s?token=abc', false],
      ['/media/artwork/poster-3.jpg', false],
      ['/link-previews/series/3?lang=en', false],
      ['/', true],
      ['/library', true],
      ['/rewards', true],
      ['/profile', true],
      ['/watch/12', true],
      ['/series/3', true],
      ['/admin', true],
      ['/admin/insights', true],
      ['/api/account/export', true],
      ['/assets/admin-page-h8.js', false],
      ['/sw.js', false],
    ];
    for (const [url, navigation] of never) expect(isStoredBy(url, navigation, dashboard), url).toBe(false);
  });

  it('keeps the texts a viewer read, and the hashed code', () => {
    expect(isStoredBy('/assets/locales-Ab12_cd-3/zh-CN/watch.json', false, dashboard)).toBe(true);
    expect(isStoredBy('/assets/index-a1.js', false, dashboard)).toBe(true);
  });

  it('answers every page from the network, with the offline page as its fallback', () => {
    const pages = runtimeCaching.find((route) => route.handler === 'NetworkOnly');
    expect(pages?.options?.precacheFallback?.fallbackURL).toBe('/offline.html');
    expect(isPrecached('offline.html', dashboard)).toBe(true);
  });
});
