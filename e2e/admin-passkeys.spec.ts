import { adminApi, expectToast } from './support/admin.ts';
import { expect, passAccessGate, test } from './support/fixtures.ts';
import { E2E } from './support/env.ts';
import { addVirtualAuthenticator } from './support/passkeys.ts';

const cleanUp: (() => Promise<unknown>)[] = [];
test.afterEach(async () => {
  for (const step of cleanUp.splice(0)) await step();
});

test('an invited editor adds a passkey, signs out, signs in with it, and the Activity tab shows it', async ({
  gatedPage: owner,
  browser,
}) => {
  const api = await adminApi();
  const name = `Pasha ${Date.now().toString(36)}`;
  const invited = await api.post('/api/admin/operators', { data: { name, role: 'editor' } });
  expect(invited.status()).toBe(201);
  const { id, inviteUrl } = (await invited.json()) as { id: number; inviteUrl: string };
  cleanUp.push(async () => {
    await api.delete(`/api/admin/operators/${id}`);
    await api.dispose();
  });

  // The invited editor, in a browser of their own with a passkey authenticator: password set, then a passkey.
  const editor = await (await browser.newContext({ baseURL: E2E.baseUrl })).newPage();
  await addVirtualAuthenticator(editor);
  await passAccessGate(editor);
  await editor.goto(new URL(inviteUrl).pathname);
  const password = `${name} chose a long password`;
  await editor.getByLabel('Password', { exact: true }).fill(password);
  await editor.getByLabel('Password again').fill(password);
  await editor.getByRole('button', { name: 'Set password' }).click();
  await expect(editor.getByText('Your password is set.')).toBeVisible();
  await editor.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(editor.getByText('Passkey added. You are signed in.')).toBeVisible();
  await editor.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(editor.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(editor.getByText(`${name} · Editor`)).toBeVisible();

  await editor.getByRole('button', { name: 'Passkeys' }).click();
  const dialog = editor.getByRole('dialog', { name: 'Your passkeys' });
  await expect(dialog.getByTestId('operator-passkey')).toHaveCount(1);
  await expect(dialog.getByTestId('operator-passkey')).toContainText('Never used');
  const passkeyName = (await dialog.getByTestId('operator-passkey').locator('p').first().textContent())!;
  expect(passkeyName).toMatch(/^Chrome/);
  await editor.keyboard.press('Escape');

  // Signed out, then in again with the passkey alone: no name, no password.
  await editor.getByRole('button', { name: 'Logout' }).click();
  await expect(editor.getByRole('button', { name: 'Access Dashboard' })).toBeVisible();
  await editor.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(editor.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(editor.getByText(`${name} · Editor`)).toBeVisible();
  expect((await (await editor.request.get('/api/admin/me')).json()) as unknown).toEqual({ id, name, role: 'editor' });
  await editor.getByRole('button', { name: 'Passkeys' }).click();
  await expect(dialog.getByTestId('operator-passkey')).toContainText('Last used');

  // The owner's Activity tab shows the passkey sign-in with the editor's name and the passkey's.
  await owner.goto('/admin');
  await owner.getByLabel('Admin password').fill(E2E.adminPassword);
  await owner.getByRole('button', { name: 'Access Dashboard' }).click();
  await owner.getByRole('tab', { name: 'Activity' }).click();
  const entry = (action: string) =>
    owner
      .getByTestId('audit-entry')
      .and(owner.locator(`[data-action="${action}"]`))
      .filter({ hasText: name });
  await expect(entry('operator.passkey_add')).toHaveCount(1);
  const passkeySignIn = entry('operator.sign_in').filter({ hasText: passkeyName });
  await expect(passkeySignIn).toHaveCount(1);
  await expect(passkeySignIn).toContainText('Editor');

  // Removed, the passkey still in the authenticator signs in to nothing.
  await dialog.getByRole('button', { name: 'Remove passkey' }).click();
  await expectToast(editor, 'Passkey removed');
  await expect(dialog.getByText('No passkeys yet.')).toBeVisible();
  await editor.keyboard.press('Escape');
  await editor.getByRole('button', { name: 'Logout' }).click();
  await editor.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expectToast(editor, 'Access Denied', 'This passkey does not sign in to the dashboard.');
  await expect(editor.getByRole('button', { name: 'Access Dashboard' })).toBeVisible();
});
