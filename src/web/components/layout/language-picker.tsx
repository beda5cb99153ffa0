import { Globe } from 'lucide-react';
import { useTranslation } from '../../lib/texts/use-translation.tsx';
import { currentLanguage, LANGUAGE_TAGS } from '../../lib/i18n.ts';
import { LoadedOnFirstUse } from '../ui/loaded-on-first-use.tsx';
import { lazyPart } from '../../lib/lazy-part.ts';
import { NATIVE_NAMES } from './language-names.ts';

const dropdown = lazyPart(() => import('./language-dropdown.tsx'));

export function LanguagePicker() {
  // Re-renders when the language has changed (and its files have arrived).
  const { t } = useTranslation('common');
  const language = currentLanguage();
  return (
    <LoadedOnFirstUse
      menu={dropdown}
      trigger={
        <button
          type="button"
          aria-label={t('header.language', { language: NATIVE_NAMES[language] })}
          data-testid="language-picker"
          className="flex h-9 items-center gap-1.5 rounded-full px-2 text-sm font-medium text-zinc-300 hover:bg-white/5 hover:text-white data-[state=open]:text-white md:px-3"
        >
          <Globe className="size-5" aria-hidden />
          <span className="hidden text-xs font-semibold uppercase lg:inline">{LANGUAGE_TAGS[language]}</span>
        </button>
      }
    />
  );
}
