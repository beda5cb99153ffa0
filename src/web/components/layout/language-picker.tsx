import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../contract/constants.ts';
import { currentLanguage, LANGUAGE_TAGS } from '../../lib/i18n.ts';
import { LoadedOnFirstUse } from '../ui/loaded-on-first-use.tsx';

// Each language is listed in its own script, whatever the current language: that is how people find theirs.
export const NATIVE_NAMES: Record<Language, string> = {
  english: 'English',
  spanish: 'Español',
  french: 'Français',
  german: 'Deutsch',
  portuguese: 'Português',
  'chinese-simplified': '简体中文',
  'chinese-traditional': '繁體中文',
  japanese: '日本語',
  korean: '한국어',
  arabic: 'العربية',
  russian: 'Русский',
  italian: 'Italiano',
  dutch: 'Nederlands',
  hindi: 'हिन्दी',
  thai: 'ไทย',
};

const loadDropdown = () => import('./language-dropdown.tsx');

export function LanguagePicker() {
  // Re-renders when the language has changed (and its files have arrived).
  const { t } = useTranslation('common');
  const language = currentLanguage();
  return (
    <LoadedOnFirstUse
      load={loadDropdown}
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
