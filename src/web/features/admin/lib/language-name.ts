import { useMemo } from 'react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';

/** A language tag's name in the dashboard's own language ('es' is "Spanish", "español", "スペイン語"…). */
export function useLanguageName(): (tag: string) => string {
  const { i18n } = useTranslation();
  const uiLanguage = i18n.language;
  return useMemo(() => {
    let names: Intl.DisplayNames | undefined;
    try {
      names = new Intl.DisplayNames([uiLanguage, 'en'], { type: 'language' });
    } catch {
      names = undefined;
    }
    return (tag: string) => {
      try {
        return names?.of(tag) ?? tag;
      } catch {
        return tag;
      }
    };
  }, [uiLanguage]);
}
