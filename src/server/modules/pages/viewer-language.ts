import type { FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE, LANGUAGE_TAGS, languageOfTag, matchBrowserLanguage } from '#contract/languages.ts';

/** The browser's languages from Accept-Language, most preferred first ("es-ES,es;q=0.9,en;q=0.8"). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The UI language the app will show this visitor, as a tag: the one the page's address names (`?lang=`, the
 * address each language's version of a page has for search engines and link previews), else the one it last told
 * us (its cookie), else the browser's first language we offer (what the app picks on a first visit), else English.
 */
export function viewerLanguageOf(request: FastifyRequest): string {
  const named = languageOfTag((request.query as { lang?: unknown } | undefined)?.lang as string | undefined);
  const remembered = named ?? languageOfTag(request.cookies?.[LANGUAGE_COOKIE]);
  const language =
    remembered ?? matchBrowserLanguage(acceptedLanguages(request.headers['accept-language'])) ?? 'english';
  return LANGUAGE_TAGS[language];
}
