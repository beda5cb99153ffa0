import { test, expect } from './support/fixtures.ts';

/**
 * Redoc's "API docs by Redocly" line always tries its logo from Redocly's site: the policy (img-src 'self') stops it
 * (the browser never gets an answer), and Redoc then leaves the image out. That refusal is the only one allowed.
 */
const REDOC_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';

declare global {
  interface Window {
    policyViolations?: string[];
  }
}

test('the API reference at /api/docs renders the OpenAPI document under the app’s policy, from our own origin alone', async ({
  gatedPage: page,
  baseURL,
}) => {
  // Redoc reads and draws the whole document (every operation of the API): on a busy machine that takes a while.
  test.slow();
  const elsewhere: string[] = [];
  const errors: string[] = [];
  // Answers from anywhere but this server: a request the policy stops gets none.
  page.on('response', (response) => {
    const url = response.url();
    if (!url.startsWith(`${baseURL}/`) && !/^(data|blob):/.test(url)) elsewhere.push(url);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      (window.policyViolations ??= []).push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });

  await page.goto('/api/docs');
  await expect(page).toHaveTitle('Cliffhanger API reference');
  // Operations by their summaries, grouped under the document's tags; Redoc draws the first ones at once and the
  // rest once the browser is idle.
  await expect(page.getByRole('heading', { name: 'Cliffhanger API (1.0.0)', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Whether an access code is asked for at all' })).toBeVisible();
  const later = { timeout: 30_000 };
  await expect(page.getByText('Coins: packages, purchases, the daily check-in')).toBeAttached(later);
  await expect(page.getByRole('heading', { name: 'Buy a coin package' })).toBeAttached(later);
  await expect(page.getByRole('heading', { name: 'This OpenAPI document' })).toBeAttached(later);

  const violations = await page.evaluate(() => window.policyViolations ?? []);
  expect(violations.filter((violation) => violation !== `img-src ${REDOC_LOGO}`)).toEqual([]);
  expect(errors.filter((error) => !error.includes(REDOC_LOGO))).toEqual([]);
  expect(elsewhere).toEqual([]);
});

test('without the access cookie, /api/docs is refused like the rest of the API', async ({ page }) => {
  const response = await page.request.get('/api/docs');
  expect(response.status()).toBe(401);
});
