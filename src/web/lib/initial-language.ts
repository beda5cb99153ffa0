import { LANGUAGES, type Language } from '#contract/constants.ts';
import { LANGUAGE_COOKIE, LANGUAGE_TAGS, matchBrowserLanguage } from '#contract/languages.ts';
import { storageKeys } from './storage-keys.ts';

// Without i18next, so the watch page's early start can ask for the catalogue in the language the app will show.

export function readStoredLanguage(): Language | undefined {
  try {
    const stored = localStorage.getItem(storageKeys.language);
    return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : undefined;
  } catch {
    return undefined;
  }
}

/** The viewer's own choice; on a first visit, the browser's language when it is one of ours; else English. */
export function initialLanguage(): Language {
  const browser =
    typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  return readStoredLanguage() ?? matchBrowserLanguage(browser) ?? 'english';
}

/** Tells the server which language the app shows, so pages carry the catalogue in it (a year; not secret). */
export function rememberLanguageForPages(language: Language) {
  if (typeof document === 'undefined') return;
  document.cookie = `${LANGUAGE_COOKIE}=${LANGUAGE_TAGS[language]}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
