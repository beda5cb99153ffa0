import { localeBase, localeFiles } from 'virtual:locale-texts';
import type { Language } from '#contract/constants.ts';
import { directionOf, LANGUAGE_TAGS, languageOfTag, matchBrowserLanguage } from '#contract/languages.ts';
import { storageKeys } from './storage-keys.ts';
import { initialLanguage, readStoredLanguage, rememberLanguageForPages } from './initial-language.ts';
import {
  DEFAULT_NAMESPACE,
  FALLBACK_TAG,
  loadTexts,
  namespacesInUse,
  noteNamespacesUsed,
  setNamespaceLoader,
  showTag,
  shownLanguageTag,
  translate,
} from './texts/text-store.ts';

export { directionOf, LANGUAGE_TAGS, languageOfTag, matchBrowserLanguage, initialLanguage, readStoredLanguage };

/** A genre as the viewer's language names it (the catalogue stores its English name). */
export const genreLabel = (genre: string): string =>
  translate(`genres.${genre}`, { ns: DEFAULT_NAMESPACE, defaultValue: genre });

export function currentLanguage(): Language {
  return languageOfTag(shownLanguageTag()) ?? 'english';
}

// Each language, and each screen's namespace within it, is its own file: a viewer downloads only what they use.
// In the browser they are JSON files fetched from one folder (scripts/locale-texts.ts); the server's build
// imports them.
const localeModules = import.meta.env.SSR
  ? import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { import: 'default' })
  : {};
const localeFileSet = new Set(localeFiles);

async function readLocaleFile(file: string): Promise<Record<string, unknown>> {
  if (import.meta.env.SSR) return localeModules[`../locales/${file}.json`]!();
  const response = await fetch(`${localeBase}${file}.json`);
  if (!response.ok) throw new Error(`${file}: ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

// A language whose file is not written yet shows English rather than keys.
async function loadNamespace(tag: string, namespace: string) {
  const file = [`${tag}/${namespace}`, `${FALLBACK_TAG}/${namespace}`].find((name) => localeFileSet.has(name));
  if (!file) throw new Error(`No locale file for ${tag}/${namespace}`);
  return readLocaleFile(file);
}
setNamespaceLoader(loadNamespace);

/**
 * `language` and `namespaces`: the language a server-rendered page is in (its `<html lang>`) and the texts
 * it used, so that the first render matches it without waiting for any of them.
 */
export async function initI18n(language: Language = initialLanguage(), namespaces: string[] = []) {
  await showLanguage(language, [DEFAULT_NAMESPACE, ...namespaces]);
}

/** The picker's choice: remembered (a local flag), then every text, number and direction follows. */
export async function changeLanguage(language: Language) {
  try {
    localStorage.setItem(storageKeys.language, language);
  } catch {
    // Private mode without storage: the choice lasts for this visit.
  }
  rememberLanguageForPages(language);
  await showLanguage(language);
}

/**
 * After a server-rendered page is hydrated: a choice remembered only in this browser (made before the
 * language cookie existed) is shown now, and from then on the server renders in it too.
 */
export async function followStoredLanguage() {
  const stored = readStoredLanguage();
  if (!stored) return;
  rememberLanguageForPages(stored);
  if (stored !== currentLanguage()) await showLanguage(stored);
}

/** The server renders a page in the visitor's language with every one of its texts at hand. */
export async function serveLanguage(language: Language) {
  const tag = LANGUAGE_TAGS[language];
  const namespaces = localeFiles.filter((file) => file.startsWith(`${tag}/`)).map((file) => file.slice(tag.length + 1));
  await showLanguage(language, namespaces);
}

/** The text namespaces the components rendered by `render` asked for. */
export const withNamespacesUsed = noteNamespacesUsed;

/** Every text, number and direction in `language`, once the namespaces on screen are loaded in it. */
async function showLanguage(language: Language, namespaces: readonly string[] = namespacesInUse()) {
  const tag = LANGUAGE_TAGS[language];
  await loadTexts(tag, namespaces.length ? namespaces : [DEFAULT_NAMESPACE]);
  showTag(tag);
  applyDocumentLanguage(language);
}

function applyDocumentLanguage(language: Language) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = LANGUAGE_TAGS[language];
  document.documentElement.dir = directionOf(language);
}
