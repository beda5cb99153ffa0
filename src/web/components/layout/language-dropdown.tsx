import { DropdownMenu } from 'radix-ui';
import { Check } from 'lucide-react';
import { useTranslation } from '../../lib/texts/use-translation.tsx';
import { LANGUAGES, type Language } from '#contract/constants.ts';
import { changeLanguage, currentLanguage, LANGUAGE_TAGS } from '../../lib/i18n.ts';
import type { LoadedMenuProps } from '../ui/loaded-on-first-use.tsx';
import { NATIVE_NAMES } from './language-names.ts';

/** The language menu, loaded on first use (language-picker.tsx). */
export default function LanguageDropdown({ trigger, defaultOpen }: LoadedMenuProps) {
  // Re-renders when the language has changed (and its files have arrived).
  const { t } = useTranslation('common');
  const language = currentLanguage();

  const choose = (value: string) => {
    void changeLanguage(value as Language);
  };

  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
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
