import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';
import {
  adminApi,
  createSeriesViaApi,
  expectToast,
  getJson,
  openDashboard,
  recordApiCalls,
  type SeriesJson,
} from './support/admin.ts';

test.use({ viewport: { width: 1280, height: 800 } });

let api: APIRequestContext;
const created = new Set<number>();

test.beforeAll(async () => {
  api = await adminApi();
});

test.afterAll(async () => {
  for (const id of created) await api.delete(`/api/series/${id}`);
  await api.dispose();
});

const en = (n: number) => n.toLocaleString('en-US');

test('the stat cards show the figures of GET /api/series', async ({ gatedPage: page }) => {
  await openDashboard(page);
  const series = await getJson<SeriesJson[]>(api, '/api/series');
  expect(series.length).toBeGreaterThanOrEqual(28);
  const likes = series.reduce((sum, s) => sum + s.likes, 0);
  await expect(page.getByTestId('stat-total-series')).toContainText(`Total Series${en(series.length)}`);
  await expect(page.getByTestId('stat-total-likes')).toContainText(`Total Likes${en(likes)}`);
  await expect(page.getByTestId('stat-genres')).toContainText(`Genres${new Set(series.map((s) => s.genre)).size}`);
  await expect(page.getByTestId('stat-new-series')).toContainText(`New Series${series.filter((s) => s.isNew).length}`);
  expect(likes).toBeGreaterThan(1000); // the localised figure really has a separator
});

test('the table has the eight columns, pages, searches and filters by genre', async ({ gatedPage: page }) => {
  await openDashboard(page);
  const series = await getJson<SeriesJson[]>(api, '/api/series');
  await expect(page.getByRole('heading', { name: 'Series Management' })).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText([
    'Title',
    'Genre',
    'Episodes',
    'Rating',
    'Thumbnails',
    'Likes',
    'Status',
    'Actions',
  ]);
  const rows = page.getByTestId('series-row');
  await expect(rows).toHaveCount(Math.min(25, series.length));
  await expect(page.getByText(`Showing 1–${Math.min(25, series.length)} of ${series.length}`)).toBeVisible();

  // One row shows: thumbnail, title, description, genre, episodes, rating %, likes, badges.
  const first = series[0]!;
  const row = page.locator(`[data-testid="series-row"][data-series-id="${first.id}"]`);
  await expect(row).toContainText(first.title);
  await expect(row).toContainText(first.genre);
  await expect(row).toContainText(`${first.rating}%`);
  await expect(row).toContainText(en(first.likes));
  await expect(row.getByRole('img', { name: first.title, exact: true })).toHaveAttribute(
    'src',
    first.verticalThumbnailUrl ?? first.thumbnailUrl,
  );
  if (first.isNew) await expect(row).toContainText('New');

  if (series.length > 25) {
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(rows).toHaveCount(Math.min(25, series.length - 25));
    await expect(page.getByText(`Showing 26–${Math.min(50, series.length)} of ${series.length}`)).toBeVisible();
  }

  const genre = series[3]!.genre;
  await page.getByLabel('Filter by genre').selectOption(genre);
  await expect(rows).toHaveCount(series.filter((s) => s.genre === genre).length);
  for (const text of await rows.locator('td:nth-child(2)').allTextContents()) expect(text).toBe(genre);

  await page.getByLabel('Filter by genre').selectOption('');
  await page.getByLabel('Search series').fill(series[5]!.title);
  await expect(rows.first()).toContainText(series[5]!.title);
  await page.getByLabel('Search series').fill('no series is called this');
  await expect(page.getByText('No series match your search.')).toBeVisible();
});

test('creating with an empty form shows the message and sends nothing', async ({ gatedPage: page }) => {
  await openDashboard(page);
  const calls = recordApiCalls(page);
  await page.getByRole('button', { name: 'Add Series' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Series' });
  await expect(dialog).toBeVisible();

  // A new series' defaults.
  await expect(dialog.getByLabel('Title*')).toHaveValue('');
  await expect(dialog.getByLabel('Genre*')).toHaveValue('');
  await expect(dialog.getByLabel('Description*')).toHaveValue('');
  await expect(dialog.getByLabel('Total Episodes')).toHaveValue('1');
  await expect(dialog.getByLabel('Rating (%)')).toHaveValue('85');
  await expect(dialog.getByLabel('Regular Thumbnail URL*')).toHaveValue('');
  await expect(dialog.getByLabel('Vertical Thumbnail URL')).toHaveValue('');
  await expect(dialog.getByLabel('Episode Cost (Coins)')).toHaveValue('55');
  await expect(dialog.getByLabel('New Series')).toBeChecked();
  await expect(dialog.getByLabel('Free to Watch')).not.toBeChecked();
  await expect(dialog.getByLabel('Description*')).toHaveAttribute('rows', '3');

  await dialog.getByRole('button', { name: 'Create Series' }).click();
  await expect(
    dialog.getByText('Please fill in all required fields (Title, Description, Genre, Thumbnail URL).'),
  ).toBeVisible();
  // Only the title filled in: still refused, still nothing sent.
  await dialog.getByLabel('Title*').fill('Only a title');
  await dialog.getByRole('button', { name: 'Create Series' }).click();
  await page.waitForTimeout(500);
  await expect(dialog).toBeVisible();
  expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/series')).toEqual([]);

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('a valid series is created, listed and counted; the form resets', async ({ gatedPage: page }) => {
  await openDashboard(page);
  const before = await getJson<SeriesJson[]>(api, '/api/series');
  const title = `E2E Created ${Date.now()}`;
  const wide = before[0]!.thumbnailUrl;
  const vertical = before[0]!.verticalThumbnailUrl ?? wide;

  await page.getByRole('button', { name: 'Add Series' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Series' });
  await dialog.getByLabel('Title*').fill(title);
  await dialog.getByLabel('Genre*').selectOption('Sci-Fi & Fantasy');
  await dialog.getByLabel('Description*').fill('A crew wakes up a century late.');
  await dialog.getByLabel('Total Episodes').fill('24');
  await dialog.getByLabel('Rating (%)').fill('91');
  await dialog.getByLabel('Regular Thumbnail URL*').fill(wide);
  await dialog.getByLabel('Vertical Thumbnail URL').fill(vertical);
  await dialog.getByLabel('Episode Cost (Coins)').fill('40');
  await dialog.getByLabel('Free to Watch').check();
  // Previews follow what is typed.
  await expect(dialog.getByRole('img', { name: 'Regular thumbnail preview' })).toHaveAttribute('src', wide);
  await expect(dialog.getByRole('img', { name: 'Vertical thumbnail preview' })).toHaveAttribute('src', vertical);

  await dialog.getByRole('button', { name: 'Create Series' }).click();
  await expectToast(page, 'Series created');
  await expect(dialog).toBeHidden();

  const after = await getJson<SeriesJson[]>(api, '/api/series');
  const made = after.find((s) => s.title === title);
  expect(made).toBeDefined();
  created.add(made!.id);
  expect(made).toMatchObject({
    genre: 'Sci-Fi & Fantasy',
    description: 'A crew wakes up a century late.',
    totalEpisodes: 24,
    rating: 91,
    thumbnailUrl: wide,
    verticalThumbnailUrl: vertical,
    episodeCost: 40,
    isNew: true,
    isFree: true,
    likes: 0,
  });
  await expect(page.locator(`[data-testid="series-row"][data-series-id="${made!.id}"]`)).toContainText(title);
  await expect(page.getByTestId('stat-total-series')).toContainText(en(after.length));

  await page.getByRole('button', { name: 'Add Series' }).click();
  await expect(dialog.getByLabel('Title*')).toHaveValue('');
  await expect(dialog.getByLabel('Genre*')).toHaveValue('');
  await expect(dialog.getByLabel('Rating (%)')).toHaveValue('85');
  await expect(dialog.getByLabel('Free to Watch')).not.toBeChecked();
});

/** A 48×64 PNG. */
const SMALL_POSTER = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAABACAIAAADTQmMRAAAACXBIWXMAAAABAAAAAQBPJcTWAAAATUlEQVR4nO3OQQ0AIAwAsVnCE56wiwuOR5MK6Kx9vjL5QEhISKgeCAkJCdUDISEhoXogJCQkVA+EhISE6oGQkJBQPRASEhKqB0JCQo9dTBQQ09dFHWMAAAAASUVORK5CYII=',
  'base64',
);

test('a thumbnail picture uploaded from the device fills its field and previews from our origin', async ({
  gatedPage: page,
}) => {
  await openDashboard(page);
  await page.getByRole('button', { name: 'Add Series' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Series' });

  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Upload a vertical thumbnail image' }).click();
  await (await chooser).setFiles({ name: 'poster.png', mimeType: 'image/png', buffer: SMALL_POSTER });
  const field = dialog.getByLabel('Vertical Thumbnail URL');
  await expect(field).toHaveValue(/^\/media\/art\/thumbnails\/thumbnail\.[0-9a-f]{24}\.png$/);
  const url = await field.inputValue();
  const preview = dialog.getByRole('img', { name: 'Vertical thumbnail preview' });
  await expect(preview).toHaveAttribute('src', url);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);

  // Not a picture: the server's reason, and the field keeps its value.
  const second = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Upload a vertical thumbnail image' }).click();
  await (await second).setFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('<html>no</html>') });
  await expectToast(page, 'Error', 'The image could not be uploaded.');
  await expect(page.getByTestId('toast')).toContainText('not a JPEG, PNG, WebP, AVIF or GIF picture');
  await expect(field).toHaveValue(url);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test('a server validation error is shown next to its field', async ({ gatedPage: page }) => {
  await openDashboard(page);
  const calls = recordApiCalls(page);
  await page.getByRole('button', { name: 'Add Series' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Series' });
  await dialog.getByLabel('Title*').fill(`E2E Invalid ${Date.now()}`);
  await dialog.getByLabel('Genre*').selectOption('Drama');
  await dialog.getByLabel('Description*').fill('Has a bad link.');
  await dialog.getByLabel('Regular Thumbnail URL*').fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Create Series' }).click();

  const field = dialog.getByLabel('Regular Thumbnail URL*');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription('Must be an http(s) URL or a /media/ path');
  await expect(dialog).toBeVisible();
  await expectToast(page, 'Error', 'Failed to create series. Please try again.');
  expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/series')).toHaveLength(1);

  await dialog.getByLabel('Rating (%)').fill('150');
  await field.fill('https://example.com/ok.jpg');
  await dialog.getByRole('button', { name: 'Create Series' }).click();
  await expect(dialog.getByLabel('Rating (%)')).toHaveAccessibleDescription('Rating must be between 0 and 100');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test('a row is edited, saved, and cancelled; one row at a time; likes are not editable', async ({
  gatedPage: page,
}) => {
  const series = await createSeriesViaApi(api, `E2E Editable ${Date.now()}`);
  created.add(series.id);
  const other = await createSeriesViaApi(api, `E2E Other ${Date.now()}`);
  created.add(other.id);
  await openDashboard(page);
  await page.getByLabel('Search series').fill('E2E ');

  await page.getByRole('button', { name: `Edit ${series.title}` }).click();
  const editRow = page.getByTestId('series-edit-row');
  await expect(editRow).toHaveCount(1);
  await expect(editRow.getByLabel('Title', { exact: true })).toHaveValue(series.title);
  await expect(editRow.getByLabel('Genre')).toHaveValue(series.genre);
  await expect(editRow.getByLabel('Total episodes')).toHaveValue(String(series.totalEpisodes));
  await expect(editRow.getByLabel('Rating (0-100)')).toHaveValue(String(series.rating));
  await expect(editRow.getByLabel('Regular thumbnail URL')).toHaveValue(series.thumbnailUrl);
  await expect(editRow.getByLabel('Vertical thumbnail URL')).toHaveValue('');
  await expect(editRow.getByLabel('New')).not.toBeChecked();
  await expect(editRow.getByLabel('Free')).not.toBeChecked();
  // Likes are shown but there is no input for them: 8 controls (and two thumbnail uploads) + save + cancel.
  await expect(editRow.locator('input:not([type="file"]), select')).toHaveCount(8);
  await expect(editRow.getByRole('button', { name: 'Upload a regular thumbnail image' })).toBeVisible();

  // Editing another row replaces this one: one row at a time.
  await page.getByRole('button', { name: `Edit ${other.title}` }).click();
  await expect(editRow).toHaveCount(1);
  await expect(editRow).toHaveAttribute('data-series-id', String(other.id));
  await page.getByRole('button', { name: `Cancel editing ${other.title}` }).click();
  await expect(editRow).toHaveCount(0);

  // Save.
  const newTitle = `${series.title} (recut)`;
  await page.getByRole('button', { name: `Edit ${series.title}` }).click();
  await editRow.getByLabel('Title', { exact: true }).fill(newTitle);
  await editRow.getByLabel('Genre').selectOption('Horror');
  await editRow.getByLabel('Total episodes').fill('30');
  await editRow.getByLabel('Rating (0-100)').fill('64');
  const chooser = page.waitForEvent('filechooser');
  await editRow.getByRole('button', { name: 'Upload a vertical thumbnail image' }).click();
  await (await chooser).setFiles({ name: 'tall.png', mimeType: 'image/png', buffer: SMALL_POSTER });
  await expect(editRow.getByLabel('Vertical thumbnail URL')).toHaveValue(/^\/media\/art\/thumbnails\/.+\.png$/);
  const uploaded = await editRow.getByLabel('Vertical thumbnail URL').inputValue();
  await editRow.getByLabel('New').check();
  await editRow.getByLabel('Free').check();
  await page.getByRole('button', { name: `Save changes to ${series.title}` }).click();
  await expectToast(page, 'Series updated');
  await expect(editRow).toHaveCount(0);
  const row = page.locator(`[data-testid="series-row"][data-series-id="${series.id}"]`);
  await expect(row).toContainText(newTitle);
  await expect(row).toContainText('Horror');
  await expect(row).toContainText('64%');
  await expect(row).toContainText('New');
  await expect(row).toContainText('Free');
  const saved = await getJson<SeriesJson>(api, `/api/series/${series.id}`);
  expect(saved).toMatchObject({
    title: newTitle,
    genre: 'Horror',
    totalEpisodes: 30,
    rating: 64,
    verticalThumbnailUrl: uploaded,
    isNew: true,
    isFree: true,
    likes: series.likes,
    description: series.description,
  });

  // Cancel discards.
  await page.getByRole('button', { name: `Edit ${newTitle}` }).click();
  await editRow.getByLabel('Title', { exact: true }).fill('Should not be saved');
  await page.getByRole('button', { name: `Cancel editing ${newTitle}` }).click();
  await expect(row).toContainText(newTitle);
  expect((await getJson<SeriesJson>(api, `/api/series/${series.id}`)).title).toBe(newTitle);

  // An invalid value: error toast with the server's reason, the row stays in edit mode.
  await page.getByRole('button', { name: `Edit ${newTitle}` }).click();
  await editRow.getByLabel('Rating (0-100)').fill('101');
  await page.getByRole('button', { name: `Save changes to ${newTitle}` }).click();
  await expectToast(page, 'Error', 'Failed to update series. Please try again.');
  await expect(page.getByTestId('toast')).toContainText('Rating must be between 0 and 100');
  await expect(editRow.getByLabel('Rating (0-100)')).toHaveAttribute('aria-invalid', 'true');
  expect((await getJson<SeriesJson>(api, `/api/series/${series.id}`)).rating).toBe(64);

  // A thumbnail link to an internal address is refused by the server, which never fetches it.
  await editRow.getByLabel('Rating (0-100)').fill('64');
  await editRow.getByLabel('Regular thumbnail URL').fill('http://169.254.169.254/latest/meta-data/');
  await page.getByRole('button', { name: `Save changes to ${newTitle}` }).click();
  await expect(page.getByTestId('toast')).toContainText(
    'The regular thumbnail could not be used: 169.254.169.254 is not a public internet address.',
  );
  expect((await getJson<SeriesJson>(api, `/api/series/${series.id}`)).thumbnailUrl).toBe(series.thumbnailUrl);
});

test('delete asks for confirmation first', async ({ gatedPage: page }) => {
  const series = await createSeriesViaApi(api, `E2E Doomed ${Date.now()}`);
  created.add(series.id);
  await openDashboard(page);
  await page.getByLabel('Search series').fill(series.title);

  await page.getByRole('button', { name: `Delete ${series.title}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(
    'Are you sure you want to delete this series? This will also delete all associated episodes.',
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect((await api.get(`/api/series/${series.id}`)).status()).toBe(200);

  await page.getByRole('button', { name: `Delete ${series.title}` }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Series deleted');
  await expect(page.locator(`[data-series-id="${series.id}"]`)).toHaveCount(0);
  expect((await api.get(`/api/series/${series.id}`)).status()).toBe(404);
  created.delete(series.id);
});

test('the open tab is kept in the URL across reload and back', async ({ gatedPage: page }) => {
  await openDashboard(page);
  await expect(page.getByRole('tab', { name: 'Content Management' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Hero Carousel' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=carousel$/);
  await expect(page.getByRole('heading', { name: /Current Carousel/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Hero Carousel' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Trending Now' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=trending$/);
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Hero Carousel' })).toHaveAttribute('aria-selected', 'true');
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Content Management' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/admin$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('series are cards, and a card edits and saves like the table row', async ({ gatedPage: page }) => {
    const series = await createSeriesViaApi(api, `E2E Phone ${Date.now()}`);
    created.add(series.id);
    await openDashboard(page);
    await expect(page.getByRole('table')).toHaveCount(0);
    await page.getByLabel('Search series').fill(series.title);
    const card = page.locator(`[data-testid="series-card"][data-series-id="${series.id}"]`);
    await expect(card).toContainText(series.title);
    await expect(card).toContainText(`${series.rating}%`);
    // Nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('button', { name: `Edit ${series.title}` }).click();
    await page.getByLabel('Rating (0-100)').fill('77');
    await page.getByRole('button', { name: `Save changes to ${series.title}` }).click();
    await expectToast(page, 'Series updated');
    await expect(card).toContainText('77%');
    expect((await getJson<SeriesJson>(api, `/api/series/${series.id}`)).rating).toBe(77);
  });
});
