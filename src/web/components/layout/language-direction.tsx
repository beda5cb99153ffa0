import type { ReactNode } from 'react';
import { Direction } from 'radix-ui';
import { useTranslation } from '../../lib/texts/use-translation.tsx';
import { currentLanguage, directionOf } from '../../lib/i18n.ts';

/** Radix menus, dialogs and tabs read the text direction from here (arrow keys, alignment, sides). */
export function LanguageDirection({ children }: { children: ReactNode }) {
  // Subscribes to language changes; the direction follows the language shown.
  useTranslation('common');
  return <Direction.Provider dir={directionOf(currentLanguage())}>{children}</Direction.Provider>;
}
