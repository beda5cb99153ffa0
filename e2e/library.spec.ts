import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';

interface SeriesJson {
  id: number;
  title: string;
}

// Series of the demo catalogue that no other spec touches.
const LIKED_TITLE = 'Salt and Stone';
const SAVED_TITLE = 'Brass Band Town';

async function seriesByTitle(api: APIRequestContext, title: string) {
  const all = (await (await api.get('/api/series')).json()) as SeriesJson[];
  const found = all.find((s) => s.title === title);
  expect(found, `demo series "${title}"`).toBeDefined();
  return found!;
}

/** Empties the viewer's liked and saved lists through the real toggles, so the empty states can be seen. */
async function clearLists(api: APIRequestContext) {
  for (const [list, toggle] of [
    ['liked', 'like'],
    ['bookmarked', 'bookmark'],
  ] as const) {
    const ids = (await (await api.get(`/api/user/user-1/${list}`)).json()) as number[];
    for (const id of ids) expect((await api.post(`/api/user/user-1/${toggle}/${id}`)).ok()).toBe(true);
    expect(await (await api.get(`/api/user/user-1/${list}`)).json()).toEqual([]);
  }
}

test('real tabs: Continue, Liked and Saved, chosen by ?tab= and by click, with their empty states', async ({
  gatedPage: page,
}) => {
  await clearLists(page.request);
  const progress = (await (await page.request.get('/api/user/user-1/progress')).json()) as unknown[];

  await page.goto('/library');
  const tabs = page.getByRole('tablist', { name: 'Library' }).getByRole('tab');
  await expect(tabs).toHaveText(['Continue', 'Liked', 'Saved']);
  await expect(page.getByRole('tab', { name: 'Continue' })).toHaveAttribute('aria-selected', 'true');
  if (progress.length === 0) await expect(page.getByText('No series in progress')).toBeVisible();
  else await expect(page.getByTestId('continue-item')).toHaveCount(progress.length);

  await page.getByRole('tab', { name: 'Liked' }).click();
  await expect(page).toHaveURL(/\?tab=liked$/);
  await expect(page.getByRole('tab', { name: 'Liked' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('No liked series yet');

  // Arrow keys move between tabs, as in any tab list.
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Saved' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('No saved series yet');

  await page.goto('/library?tab=saved');
  await expect(page.getByRole('tab', { name: 'Saved' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No saved series yet')).toBeVisible();
  await page.goto('/library?tab=liked');
  await expect(page.getByText('No liked series yet')).toBeVisible();
});

test('liking and saving on the series page shows up in Liked and Saved, and unliking removes it', async ({
  gatedPage: page,
}) => {
  await clearLists(page.request);
  const liked = await seriesByTitle(page.request, LIKED_TITLE);
  const saved = await seriesByTitle(page.request, SAVED_TITLE);

  await page.goto(`/series/${liked.id}`);
  const like = page.getByRole('button', { name: 'Like', exact: true });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Series liked!');
  await expect(toast).toContainText('Added to your favorites');
  await expect(page.getByRole('button', { name: 'Liked', exact: true })).toHaveAttribute('aria-pressed', 'true');

  await page.goto(`/series/${saved.id}`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast).toContainText('Series saved!');
  await expect(toast).toContainText('Added to your library');
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/library?tab=liked');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByTestId('series-card')).toHaveCount(1);
  await expect(panel.getByRole('link', { name: liked.title })).toHaveAttribute('href', `/series/${liked.id}`);

  await page.getByRole('tab', { name: 'Saved' }).click();
  await expect(panel.getByTestId('series-card')).toHaveCount(1);
  await expect(panel.getByRole('link', { name: saved.title })).toBeVisible();

  // Unlike from the series page: the Liked tab is empty again.
  await page.goto(`/series/${liked.id}`);
  await page.getByRole('button', { name: 'Liked', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await page.goto('/library?tab=liked');
  await expect(page.getByText('No liked series yet')).toBeVisible();
  expect(await (await page.request.get('/api/user/user-1/bookmarked')).json()).toEqual([saved.id]);
});
