import { DropdownMenu } from 'radix-ui';
import { Check, Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../contract/constants.ts';
import { changeLanguage, currentLanguage, LANGUAGE_TAGS } from '../../lib/i18n.ts';

// Each language is listed in its own script, whatever the current language: that is how people find theirs.
const NATIVE_NAMES: Record<Language, string> = {
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

export function LanguagePicker() {
  // Re-renders when the language has changed (and its files have arrived).
  const { t } = useTranslation('common');
  const language = currentLanguage();

  const choose = (value: string) => {
    void changeLanguage(value as Language);
  };

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={t('header.language', { language: NATIVE_NAMES[language] })}
        data-testid="language-picker"
        className="flex h-9 items-center gap-1.5 rounded-full px-2 text-sm font-medium text-zinc-300 hover:bg-white/5 hover:text-white data-[state=open]:text-white md:px-3"
      >
        <Globe className="size-5" aria-hidden />
        <span className="hidden text-xs font-semibold uppercase lg:inline">{LANGUAGE_TAGS[language]}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-50 max-h-(--radix-dropdown-menu-content-available-height) w-52 overflow-y-auto rounded-2xl border border-white/10 bg-zinc-900/95 p-1.5 shadow-2xl backdrop-blur"
        >
          <DropdownMenu.Label className="px-3 pt-1.5 pb-1 text-xs font-semibold text-zinc-400">
            {t('header.languageMenu')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={language} onValueChange={choose}>
            {LANGUAGES.map((lang) => (
              <DropdownMenu.RadioItem
                key={lang}
                value={lang}
                lang={LANGUAGE_TAGS[lang]}
                className="flex cursor-pointer items-center justify-between rounded-lg px-3 py-2 text-sm text-zinc-200 outline-none data-[highlighted]:bg-white/10 data-[highlighted]:text-white data-[state=checked]:font-semibold data-[state=checked]:text-white"
              >
                {NATIVE_NAMES[lang]}
                <DropdownMenu.ItemIndicator>
                  <Check className="size-4 text-rose-400" aria-hidden />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
