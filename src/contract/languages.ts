// The language picker's 15 languages as BCP 47 tags, shared by the app (texts, <html lang>) and the server (which
// language a page's catalogue is in). No zod here: the client bundles this file.
import { LANGUAGES, type Language } from './constants.ts';

/** The picker's names and the BCP 47 tags used for <html lang>, Intl, the locale folders and the catalogue. */
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

export const languageOfTag = (tag: string | undefined): Language | undefined =>
  LANGUAGES.find((language) => LANGUAGE_TAGS[language] === tag);

const RTL_LANGUAGES: readonly Language[] = ['arabic'];

export const directionOf = (language: Language): 'ltr' | 'rtl' => (RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr');

/**
 * The first of the browser's languages that we offer. Chinese is told apart by script or region:
 * zh-Hant, zh-TW, zh-HK and zh-MO are traditional; zh, zh-CN, zh-SG and zh-Hans are simplified.
 */
export function matchBrowserLanguage(preferred: readonly string[]): Language | undefined {
  for (const raw of preferred) {
    const parts = raw.toLowerCase().replace(/_/g, '-').split('-');
    const primary = parts[0];
    if (primary === 'zh') {
      const traditional = parts.includes('hant') || parts.some((p) => p === 'tw' || p === 'hk' || p === 'mo');
      return traditional ? 'chinese-traditional' : 'chinese-simplified';
    }
    const match = LANGUAGES.find((language) => LANGUAGE_TAGS[language].toLowerCase() === primary);
    if (match) return match;
  }
  return undefined;
}

/**
 * The viewer's UI language travels to the server in this cookie (set by the app whenever it picks or changes
 * its language), so a page's HTML carries the catalogue in the language the app will show.
 */
export const LANGUAGE_COOKIE = 'cliffhanger_language';

/** A catalogue read in a viewer's language: the same URL for the app's request and the page's served answer. */
export const inLanguage = (url: string, lang: string) =>
  `${url}${url.includes('?') ? '&' : '?'}lang=${encodeURIComponent(lang)}`;
