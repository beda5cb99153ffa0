import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';
import { watchCatalogueReplies } from './support/catalogue.ts';

interface SeriesJson {
  id: number;
  title: string;
  genre: string;
}

const GENRES = [
  'Action & Adventure',
  'Anime',
  'Children & Family',
  'Classic',
  'Comedy',
  'Documentary',
  'Drama',
  'Horror',
  'Music',
  'Romance',
  'Sci-Fi & Fantasy',
  'Sports',
  'Thrillers',
  'TV Shows',
];

const chips = (page: Page) => page.getByRole('group', { name: 'Genres' }).getByRole('button');
const searchBox = (page: Page) => page.getByRole('main').getByPlaceholder('Search dramas, genres...');
const cardsIn = (page: Page, testId: string) => page.getByTestId(testId).getByTestId('series-card');
/** The discover grids show a page of 24 and load the next as the viewer scrolls to the end. */
const PAGE = 24;

async function allSeries(page: Page): Promise<SeriesJson[]> {
  const res = await page.request.get('/api/series');
  expect(res.ok()).toBe(true);
  return (await res.json()) as SeriesJson[];
}

test('without a filter: All plus 14 genre chips, New Releases, Most Popular ranked 1-10, All Series', async ({
  gatedPage: page,
}) => {
  const series = await allSeries(page);
  const popular = (await (await page.request.get('/api/series/popular')).json()) as SeriesJson[];
  const replies = watchCatalogueReplies(page);
  await page.goto('/discover');

  await expect(chips(page)).toHaveText(['All', ...GENRES]);
  await expect(chips(page).filter({ hasText: /^All$/ })).toHaveAttribute('aria-pressed', 'true');
  for (const genre of GENRES)
    await expect(chips(page).filter({ hasText: genre })).toHaveAttribute('aria-pressed', 'false');

  await expect(page.getByRole('heading', { name: 'New Releases' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Most Popular' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'All Series' })).toBeVisible();

  const ranked = cardsIn(page, 'section-popular');
  await expect(ranked).toHaveCount(Math.min(10, popular.length));
  for (let i = 0; i < Math.min(10, popular.length); i++) {
    await expect(ranked.nth(i)).toHaveAttribute('href', `/series/${popular[i]!.id}`);
    await expect(ranked.nth(i)).toContainText(String(i + 1));
  }

  // All Series: newest first, a page at a time; scrolling to its end brings the next page, until every series shows.
  const all = cardsIn(page, 'section-all');
  await expect(all).toHaveCount(Math.min(PAGE, series.length));
  for (let shown = PAGE; shown < Math.min(series.length, 3 * PAGE); shown += PAGE) {
    await all.last().scrollIntoViewIfNeeded();
    await expect(all).toHaveCount(Math.min(shown + PAGE, series.length));
  }
  const hrefs = await all.evaluateAll((cards) => cards.map((card) => card.getAttribute('href')));
  expect(hrefs).toEqual(series.slice(0, hrefs.length).map((s) => `/series/${s.id}`));
  await replies.expectNoCatalogueDownload();
});

test('a valid ?genre= preselects its chip, chips change the URL, and an invalid genre is ignored', async ({
  gatedPage: page,
}) => {
  const series = await allSeries(page);
  const romance = series.filter((s) => s.genre === 'Romance');
  expect(romance.length).toBeGreaterThan(0);

  await page.goto('/discover?genre=Romance');
  await expect(chips(page).filter({ hasText: 'Romance' })).toHaveAttribute('aria-pressed', 'true');
  await expect(chips(page).filter({ hasText: /^All$/ })).toHaveAttribute('aria-pressed', 'false');
  const results = page.getByRole('main').getByTestId('series-card');
  await expect(results).toHaveCount(Math.min(PAGE, romance.length));
  for (const s of romance.slice(0, PAGE)) {
    await expect(page.getByRole('main').getByRole('img', { name: s.title, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('status')).toHaveText(`${romance.length.toLocaleString('en-US')} series`);
  await expect(page.getByRole('heading', { name: 'Most Popular' })).toHaveCount(0);

  await chips(page).filter({ hasText: 'Comedy' }).click();
  await expect(page).toHaveURL(/[?&]genre=Comedy(&|$)/);
  await expect(chips(page).filter({ hasText: 'Comedy' })).toHaveAttribute('aria-pressed', 'true');
  await expect(results).toHaveCount(Math.min(PAGE, series.filter((s) => s.genre === 'Comedy').length));

  await chips(page).filter({ hasText: /^All$/ }).click();
  await expect(page).not.toHaveURL(/genre=/);
  await expect(page.getByRole('heading', { name: 'All Series' })).toBeVisible();

  await page.goto('/discover?genre=Not%20A%20Genre');
  await expect(chips(page).filter({ hasText: /^All$/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { name: 'New Releases' })).toBeVisible();
});

test('search filters by title, reads ?q=, combines with a genre, and says when nothing matches', async ({
  gatedPage: page,
}) => {
  const series = await allSeries(page);
  const target = series.find((s) => s.title === 'Seven Summers in Lisbon') ?? series[0]!;
  const word = target.title.split(' ').at(-1)!;

  await page.goto('/discover');
  await searchBox(page).fill(word);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(word)}`));
  await expect(page.getByRole('main').getByRole('link', { name: target.title })).toBeVisible();
  const matching = series.filter((s) => s.title.toLowerCase().includes(word.toLowerCase()));
  expect(await page.getByRole('main').getByTestId('series-card').count()).toBeGreaterThanOrEqual(
    Math.min(PAGE, matching.length),
  );

  await page.goto(`/discover?q=${encodeURIComponent(target.title)}`);
  await expect(searchBox(page)).toHaveValue(target.title);
  await expect(page.getByRole('main').getByRole('link', { name: target.title })).toBeVisible();

  // The right title in the wrong genre: nothing.
  const otherGenre = GENRES.find((g) => g !== target.genre)!;
  await page.goto(`/discover?q=${encodeURIComponent(target.title)}&genre=${encodeURIComponent(otherGenre)}`);
  await expect(page.getByText('No series found matching your criteria.')).toBeVisible();

  await page.goto('/discover');
  await searchBox(page).fill('zzqx no such drama');
  await expect(page.getByText('No series found matching your criteria.')).toBeVisible();
  await expect(page.getByRole('main').getByTestId('series-card')).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(searchBox(page)).toHaveValue('');
  await expect(page.getByRole('heading', { name: 'All Series' })).toBeVisible();
});
