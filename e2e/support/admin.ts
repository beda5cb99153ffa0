import { request, type APIRequestContext, type Page } from '@playwright/test';
import { expect, passAccessGate, signInAsAdmin } from './fixtures.ts';
import { E2E } from './env.ts';

export interface SeriesJson {
  id: number;
  title: string;
  description: string;
  genre: string;
  thumbnailUrl: string;
  verticalThumbnailUrl: string | null;
  totalEpisodes: number;
  rating: number;
  likes: number;
  isNew: boolean;
  isFree: boolean;
  episodeCost: number;
}
export interface CarouselJson {
  id: number;
  seriesId: number;
  displayOrder: number;
  series: { title: string };
}
export interface TrendingJson {
  id: number;
  seriesId: number;
  rank: number;
  matchPercentage: number;
  series: { title: string };
}

/** Past the access gate, signed in as the operator, on /admin (optionally on a tab). */
export async function openDashboard(page: Page, tab?: 'content' | 'carousel' | 'trending') {
  await passAccessGate(page);
  await signInAsAdmin(page);
  await page.goto(tab ? `/admin?tab=${tab}` : '/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
}

/** The one toast on screen (there is never more than one). */
export async function expectToast(page: Page, title: string, description?: string | RegExp) {
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText(title);
  if (description) await expect(toast).toContainText(description);
}

/** A request context of its own, past the gate and signed in: for set-up, checks and clean-up. */
export async function adminApi(): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: E2E.baseUrl });
  expect((await api.post('/api/access', { data: { code: E2E.accessCodes[0] } })).status()).toBe(200);
  expect((await api.post('/api/admin/login', { data: { password: E2E.adminPassword } })).status()).toBe(200);
  return api;
}

export async function getJson<T>(api: APIRequestContext, path: string): Promise<T> {
  const res = await api.get(path);
  expect(res.status(), `GET ${path}`).toBe(200);
  return (await res.json()) as T;
}

export async function createSeriesViaApi(api: APIRequestContext, title: string, over: Partial<SeriesJson> = {}) {
  const res = await api.post('/api/series', {
    data: {
      title,
      description: `${title}: made by an end-to-end test.`,
      genre: 'Drama',
      thumbnailUrl: '/media/art/e2e-wide.jpg',
      verticalThumbnailUrl: null,
      totalEpisodes: 12,
      rating: 70,
      isNew: false,
      isFree: false,
      episodeCost: 50,
      tags: [],
      ...over,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as SeriesJson;
}

export interface CurationSnapshot {
  carousel: CarouselJson[];
  trending: TrendingJson[];
}

export async function snapshotCuration(api: APIRequestContext): Promise<CurationSnapshot> {
  return {
    carousel: await getJson<CarouselJson[]>(api, '/api/carousel'),
    trending: await getJson<TrendingJson[]>(api, '/api/trending'),
  };
}

export async function clearCarousel(api: APIRequestContext) {
  for (const item of await getJson<CarouselJson[]>(api, '/api/carousel')) {
    expect((await api.delete(`/api/carousel/${item.id}`)).status()).toBe(204);
  }
}

export async function clearTrending(api: APIRequestContext) {
  for (const item of await getJson<TrendingJson[]>(api, '/api/trending')) {
    expect((await api.delete(`/api/trending/${item.id}`)).status()).toBe(204);
  }
}

/** Puts the seeded carousel and trending lists back, so later specs see the demo state. */
export async function restoreCuration(api: APIRequestContext, snapshot: CurationSnapshot) {
  await clearCarousel(api);
  for (const item of [...snapshot.carousel].sort((a, b) => a.displayOrder - b.displayOrder)) {
    const res = await api.post('/api/carousel', {
      data: { seriesId: item.seriesId, displayOrder: item.displayOrder, isActive: true },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await clearTrending(api);
  for (const item of snapshot.trending) {
    const res = await api.post('/api/trending', {
      data: { seriesId: item.seriesId, rank: item.rank, matchPercentage: item.matchPercentage, isActive: true },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

/** Records the API calls the page makes, e.g. to prove that nothing was sent. */
export function recordApiCalls(page: Page) {
  const calls: { method: string; path: string; body: string | null }[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/'))
      calls.push({ method: req.method(), path: url.pathname, body: req.postData() });
  });
  return calls;
}
