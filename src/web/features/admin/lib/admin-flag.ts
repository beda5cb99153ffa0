import { storageKeys } from '#web/lib/storage-keys.ts';

/** The local flag only remembers what the UI last knew; GET /api/admin/session decides. */
export function rememberAdmin(authenticated: boolean) {
  try {
    if (authenticated) localStorage.setItem(storageKeys.admin.key, storageKeys.admin.authenticated);
    else localStorage.removeItem(storageKeys.admin.key);
  } catch {
    // storage unavailable (private mode): the cookie still carries the session
  }
}
