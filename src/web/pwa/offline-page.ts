/**
 * The offline page's script (offline.js, bundled on its own by scripts/pwa.ts; the service worker answers a
 * page it cannot fetch with offline.html): the texts in the viewer's language, and a retry that loads the
 * page asked for again. The page holds every language's texts; without this script it reads in English.
 */
import { directionOf, LANGUAGE_TAGS } from '#contract/languages.ts';
import { initialLanguage } from '../lib/initial-language.ts';

export const OFFLINE_TEXTS_ELEMENT_ID = 'offline-texts';

export interface OfflineTexts {
  title: string;
  text: string;
  retry: string;
}

function showInViewersLanguage() {
  const texts = JSON.parse(document.getElementById(OFFLINE_TEXTS_ELEMENT_ID)?.textContent ?? '{}') as Record<
    string,
    OfflineTexts
  >;
  const language = initialLanguage();
  const tag = LANGUAGE_TAGS[language];
  const shown = texts[tag];
  if (shown) {
    document.documentElement.lang = tag;
    document.documentElement.dir = directionOf(language);
    document.title = shown.title;
    for (const element of document.querySelectorAll<HTMLElement>('[data-text]')) {
      element.textContent = shown[element.dataset.text as keyof OfflineTexts] ?? element.textContent;
    }
  }
  document.getElementById('retry')?.addEventListener('click', () => window.location.reload());
}

if (typeof document !== 'undefined') showInViewersLanguage();
