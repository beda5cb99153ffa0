import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { LANGUAGES, type Language } from '../../contract/constants.ts';
import { storageKeys } from './storage-keys.ts';

/** The picker's names (SPEC §2) and the BCP 47 tags used for <html lang>, Intl and the locale folders. */
export const LANGUAGE_TAGS: Record<Language, string> = {
  english: 'en',
  spanish: 'es',
  french: 'fr',
  german: 'de',
  portuguese: 'pt',
  'chinese-simplified': 'zh-CN',
  'chinese-traditional': 'zh-TW',
  japanese: 'ja',
  korean: 'ko',
  arabic: 'ar',
  russian: 'ru',
  italian: 'it',
  dutch: 'nl',
  hindi: 'hi',
  thai: 'th',
};

const LANGUAGE_STORAGE_KEY = storageKeys.language;

// Each language, and each screen's namespace within it, is its own chunk: a viewer downloads only what they use.
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

export function storedLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : 'english';
}

export async function initI18n() {
  const language = storedLanguage();
  await i18next
    .use(initReactI18next)
    .use(
      resourcesToBackend(async (tag: string, namespace: string) => {
        const load = localeFiles[`../locales/${tag}/${namespace}.json`] ?? localeFiles[`../locales/en/${namespace}.json`];
        if (!load) throw new Error(`No locale file for ${tag}/${namespace}`);
        return (await load()).default;
      }),
    )
    .init({
      lng: LANGUAGE_TAGS[language],
      fallbackLng: 'en',
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  applyDocumentLanguage(language);
}

export async function changeLanguage(language: Language) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  await i18next.changeLanguage(LANGUAGE_TAGS[language]);
  applyDocumentLanguage(language);
}

function applyDocumentLanguage(language: Language) {
  document.documentElement.lang = LANGUAGE_TAGS[language];
  document.documentElement.dir = language === 'arabic' ? 'rtl' : 'ltr';
}
