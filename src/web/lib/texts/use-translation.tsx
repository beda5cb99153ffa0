import { cloneElement, Fragment, useMemo, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { directionOf, languageOfTag } from '#contract/languages.ts';
import {
  DEFAULT_NAMESPACE,
  loadTexts,
  noteUsed,
  shownLanguageTag,
  subscribeTexts,
  textsLoaded,
  textsVersion,
  translatorFor,
  type TFunction,
} from './text-store.ts';

export type { TFunction } from './text-store.ts';

export interface ShownLanguage {
  /** The language shown, as a BCP 47 tag ('en', 'zh-TW'). */
  language: string;
  dir: () => 'ltr' | 'rtl';
}

/**
 * The texts of one or more namespaces (looked up in that order), in the language shown; the component
 * renders again when the language changes. It suspends while a namespace is still loading.
 */
export function useTranslation(namespace?: string | readonly string[]): { t: TFunction; i18n: ShownLanguage } {
  const namespaces = typeof namespace === 'string' ? [namespace] : namespace?.length ? namespace : [DEFAULT_NAMESPACE];
  const key = namespaces.join(',');
  const version = useSyncExternalStore(subscribeTexts, textsVersion, textsVersion);
  const tag = shownLanguageTag();
  // `version` renews `t` whenever texts arrive or the language changes, so memoised children update too.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useMemo(() => translatorFor(key.split(',')), [key, version]);
  const i18n = useMemo(() => ({ language: tag, dir: () => directionOf(languageOfTag(tag) ?? 'english') }), [tag]);
  noteUsed(namespaces);
  if (!textsLoaded(tag, namespaces)) throw loadTexts(tag, namespaces);
  return { t, i18n };
}

/**
 * A text with numbered tags (`I agree to the <0>Service Agreement</0>`), each tag's words placed inside the
 * element of that index in `components`.
 */
export function Trans({ t, i18nKey, components }: { t: TFunction; i18nKey: string; components: ReactElement[] }) {
  const parts: ReactNode[] = [];
  const text = t(i18nKey);
  const tagged = /<(\d+)>(.*?)<\/\1>/g;
  let from = 0;
  for (let match = tagged.exec(text); match; match = tagged.exec(text)) {
    parts.push(text.slice(from, match.index));
    const element = components[Number(match[1])];
    parts.push(element ? cloneElement(element, { key: match.index }, match[2]) : match[2]);
    from = match.index + match[0].length;
  }
  parts.push(text.slice(from));
  return <Fragment>{parts}</Fragment>;
}
