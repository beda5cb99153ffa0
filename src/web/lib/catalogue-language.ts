import { useTranslation } from './texts/use-translation.tsx';
import { LANGUAGE_TAGS, languageOfTag } from '#contract/languages.ts';

/**
 * The language viewers read series in: the UI language, as the tag the catalogue's `?lang=` takes. Catalogue
 * queries carry it in their keys, so changing the language shows every series in the new one.
 */
export function useCatalogueLanguage(): string {
  const { i18n } = useTranslation();
  return LANGUAGE_TAGS[languageOfTag(i18n.language) ?? 'english'];
}
