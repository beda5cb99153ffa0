import i18next, { type FormatterModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import type { Language } from '../../contract/constants.ts';
import { LANGUAGE_TAGS, languageOfTag, matchBrowserLanguage } from '../../contract/languages.ts';
import { storageKeys } from './storage-keys.ts';
import { initialLanguage, readStoredLanguage, rememberLanguageForPages } from './initial-language.ts';

const SOURCE_TAG = LANGUAGE_TAGS.english;
const RTL_LANGUAGES: readonly Language[] = ['arabic'];

export { LANGUAGE_TAGS, languageOfTag, matchBrowserLanguage, initialLanguage, readStoredLanguage };

export const directionOf = (language: Language): 'ltr' | 'rtl' => (RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr');

/** A genre as the viewer's language names it (the catalogue stores the English name of SPEC §9). */
export const genreLabel = (genre: string): string =>
  i18next.t(`genres.${genre}`, { ns: 'common', defaultValue: genre });

export function currentLanguage(): Language {
  return languageOfTag(i18next.resolvedLanguage ?? i18next.language) ?? 'english';
}

// Each language, and each screen's namespace within it, is its own chunk: a viewer downloads only what they use.
// In the browser they are JSON files fetched by URL: a table of URLs is a third of the bytes of a table of
// module imports (it is in the app's first chunk). The server's build imports them.
const localeUrls = import.meta.glob<string>('../locales/*/*.json', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});
const localeModules = import.meta.env.SSR
  ? import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { import: 'default' })
  : {};
const localeFiles = Object.keys(localeUrls);

async function readLocaleFile(file: string): Promise<Record<string, unknown>> {
  if (import.meta.env.SSR) return localeModules[file]!();
  const response = await fetch(localeUrls[file]!);
  if (!response.ok) throw new Error(`${file}: ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * English is the fallback for a key a translation lacks, but it is fetched only once such a key is met:
 * until then, a viewer of another language downloads no English at all.
 */
let englishFallbackWanted = false;
let shownTag = SOURCE_TAG;

function wantEnglishFallback() {
  if (englishFallbackWanted || shownTag === SOURCE_TAG) return;
  englishFallbackWanted = true;
  void i18next.reloadResources([SOURCE_TAG]).then(() => i18next.emit('languageChanged', i18next.language));
}

async function loadNamespace(tag: string, namespace: string) {
  if (tag === SOURCE_TAG && shownTag !== SOURCE_TAG && !englishFallbackWanted) return {};
  // A language whose file is not written yet shows English rather than keys.
  const file = [`../locales/${tag}/${namespace}.json`, `../locales/${SOURCE_TAG}/${namespace}.json`].find(
    (name) => name in localeUrls,
  );
  if (!file) throw new Error(`No locale file for ${tag}/${namespace}`);
  return readLocaleFile(file);
}

/** Numbers interpolated into a text are written the language's way (1,000 / 1.000 / 1 000), years excepted. */
const numberFormats = new Map<string, Intl.NumberFormat>();
const localisedNumbers: FormatterModule = {
  type: 'formatter',
  init: () => {},
  add: () => {},
  addCached: () => {},
  format: (value, format, lng, options) => {
    if (typeof value !== 'number' || format || options?.interpolationkey === 'year') return value;
    const locale = lng ?? SOURCE_TAG;
    let formatter = numberFormats.get(locale);
    if (!formatter) numberFormats.set(locale, (formatter = new Intl.NumberFormat(locale)));
    return formatter.format(value);
  },
};

/**
 * `language` and `namespaces`: the language a server-rendered page is in (its `<html lang>`) and the texts
 * it used, so that the first render matches it without waiting for any of them.
 */
export async function initI18n(language: Language = initialLanguage(), namespaces: string[] = []) {
  shownTag = LANGUAGE_TAGS[language];
  applyDocumentLanguage(language);
  i18next.on('languageChanged', (tag: string) => {
    const changed = languageOfTag(tag);
    if (changed) applyDocumentLanguage(changed);
  });
  await i18next
    .use(initReactI18next)
    .use(localisedNumbers)
    .use(resourcesToBackend(loadNamespace))
    .init({
      lng: LANGUAGE_TAGS[language],
      supportedLngs: Object.values(LANGUAGE_TAGS),
      // 'zh-CN' alone, never 'zh' too: one language, one set of files.
      load: 'currentOnly',
      fallbackLng: SOURCE_TAG,
      ns: [...new Set(['common', ...namespaces])],
      defaultNS: 'common',
      saveMissing: true,
      missingKeyHandler: wantEnglishFallback,
      interpolation: { escapeValue: false, alwaysFormat: true },
      react: { useSuspense: true },
    });
}

/** The picker's choice: remembered (SPEC §3 local flags), then every text, number and direction follows. */
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
  const namespaces = localeFiles
    .filter((file) => file.startsWith(`../locales/${tag}/`))
    .map((file) => file.slice(`../locales/${tag}/`.length, -'.json'.length));
  await showLanguage(language);
  await i18next.loadNamespaces(namespaces);
}

/** The text namespaces the components rendered by `render` asked for (react-i18next notes them). */
export function withNamespacesUsed<T>(render: () => T): { result: T; namespaces: string[] } {
  const report = (i18next as { reportNamespaces?: { usedNamespaces: Record<string, boolean> } }).reportNamespaces;
  if (report) report.usedNamespaces = {};
  const result = render();
  return { result, namespaces: Object.keys(report?.usedNamespaces ?? {}) };
}

async function showLanguage(language: Language) {
  const tag = LANGUAGE_TAGS[language];
  shownTag = tag;
  if (tag === SOURCE_TAG && !englishFallbackWanted) {
    // English was held back as an empty fallback; fetch it for real before showing it.
    englishFallbackWanted = true;
    await i18next.reloadResources([SOURCE_TAG]);
  }
  await i18next.changeLanguage(tag);
}

function applyDocumentLanguage(language: Language) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = LANGUAGE_TAGS[language];
  document.documentElement.dir = directionOf(language);
}
