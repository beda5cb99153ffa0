import type { Browser, Page } from '@playwright/test';
import { adminApi, createSeriesViaApi, getJson } from './support/admin.ts';
import { expect, passAccessGate, test } from './support/fixtures.ts';
import { E2E } from './support/env.ts';

/** A browser of the invited person: past the gate, on their invite page, password set, signed in by name. */
async function joinAndSignIn(browser: Browser, inviteUrl: string, name: string, role: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: E2E.baseUrl })).newPage();
  await passAccessGate(page);
  await page.goto(new URL(inviteUrl).pathname);
  await expect(page.getByRole('heading', { name: 'Join the team' })).toBeVisible();
  await expect(page.getByText(`${name}, you are invited as ${role}.`)).toBeVisible();
  const password = `${name} chose a long password`;
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password again').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Your password is set.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to sign in' }).click();

  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Admin password').fill(password);
  await page.getByRole('button', { name: 'Access Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText(`${name} · ${role}`)).toBeVisible();
  return page;
}

const cleanUp: (() => Promise<unknown>)[] = [];
test.afterEach(async () => {
  for (const step of cleanUp.splice(0)) await step();
});

test('the owner invites an editor and an analyst; the Activity tab shows who did what', async ({
  gatedPage: owner,
  browser,
}) => {
  const api = await adminApi();
  const series = await createSeriesViaApi(api, `E2E Priced ${Date.now()}`, { episodeCost: 50 });
  // Removed at the end: later specs take the newest series for a demo one, with episodes and its own art.
  cleanUp.push(async () => {
    await api.delete(`/api/series/${series.id}`);
    await api.dispose();
  });
  const stamp = Date.now().toString(36);
  const editorName = `Edie ${stamp}`;
  const analystName = `Ana ${stamp}`;

  // The owner signs in with the password alone, as before there were operators.
  await owner.goto('/admin');
  await owner.getByLabel('Admin password').fill(E2E.adminPassword);
  await owner.getByRole('button', { name: 'Access Dashboard' }).click();
  await expect(owner.getByText('Owner · Owner')).toBeVisible();
  await owner.getByRole('tab', { name: 'Team' }).click();
  const invite = async (name: string, role: string) => {
    await owner.getByLabel('Name', { exact: true }).fill(name);
    await owner.getByLabel('Role', { exact: true }).selectOption(role);
    await owner.getByRole('button', { name: 'Create invite' }).click();
    await expect(owner.getByText(`Invite link for ${name}.`)).toBeVisible();
    return owner.getByTestId('invite-url').inputValue();
  };
  const editorInvite = await invite(editorName, 'editor');
  const analystInvite = await invite(analystName, 'analyst');
  await expect(owner.getByTestId('operator-row').filter({ hasText: editorName })).toContainText('Invited');

  // The editor signs in and changes the series' price (the row editor of the dashboard has no price field: the
  // dashboard's own session calls the API).
  const editor = await joinAndSignIn(browser, editorInvite, editorName, 'Editor');
  await expect(editor.getByRole('button', { name: 'Add Series' })).toBeVisible();
  const changed = await editor.request.put(`/api/series/${series.id}`, { data: { episodeCost: 65 } });
  expect(changed.status()).toBe(200);

  // The analyst signs in, reads the insights, and has no edit controls; the API refuses an edit.
  const analyst = await joinAndSignIn(browser, analystInvite, analystName, 'Analyst');
  await expect(analyst.getByRole('tab', { name: 'Content Management' })).toBeVisible();
  await analyst.getByLabel('Search series').fill(series.title);
  await expect(analyst.getByText(series.title).first()).toBeVisible();
  await expect(analyst.getByRole('button', { name: `Edit ${series.title}` })).toHaveCount(0);
  await expect(analyst.getByRole('button', { name: 'Add Series' })).toHaveCount(0);
  await expect(analyst.getByRole('tab', { name: 'Hero Carousel' })).toHaveCount(0);
  await expect(analyst.getByRole('tab', { name: 'Team' })).toHaveCount(0);
  await analyst.getByRole('tab', { name: 'Insights' }).click();
  await expect(analyst.getByRole('button', { name: '7 days' })).toBeVisible();
  const refused = await analyst.request.put(`/api/series/${series.id}`, { data: { episodeCost: 1 } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe(
    `Signed in as ${analystName} (analyst), you cannot do this: it is for the owner and editors.`,
  );
  expect((await getJson<{ episodeCost: number }>(api, `/api/series/${series.id}`)).episodeCost).toBe(65);

  // The owner's Activity tab: the invitations, both sign-ins and the price change, with the editor's name.
  await owner.getByRole('tab', { name: 'Activity' }).click();
  const entry = (action: string, text: string) =>
    owner
      .getByTestId('audit-entry')
      .and(owner.locator(`[data-action="${action}"]`))
      .filter({ hasText: text });
  await expect(entry('team.invite', editorName)).toHaveCount(1);
  await expect(entry('team.invite', analystName)).toHaveCount(1);
  await expect(entry('operator.sign_in', editorName)).toHaveCount(1);
  await expect(entry('operator.sign_in', analystName)).toHaveCount(1);
  const priceChange = entry('series.update', editorName);
  await expect(priceChange).toHaveCount(1);
  await expect(priceChange).toContainText(series.title);
  await expect(priceChange).toContainText('episodeCost: 50 → 65');
  await expect(priceChange).toContainText('Editor');

  // Filtered to the series' changes, the CSV holds the same line.
  await owner.getByLabel('Action').selectOption('series');
  await expect(owner.getByTestId('audit-entry').first()).toHaveAttribute('data-action', /^series\./);
  const download = owner.waitForEvent('download');
  await owner.getByRole('button', { name: 'Download CSV' }).click();
  const csv = await (await (await download).createReadStream()).toArray();
  expect(Buffer.concat(csv).toString('utf8')).toContain(
    `${editorName},editor,series.update,${series.title},episodeCost: 50 → 65`,
  );
});
