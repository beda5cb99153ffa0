import { ChevronDown } from 'lucide-react';
import { useTranslation } from '../../lib/texts/use-translation.tsx';
import { LoadedOnFirstUse } from '../ui/loaded-on-first-use.tsx';
import { lazyPart } from '../../lib/lazy-part.ts';

const dropdown = lazyPart(() => import('./categories-dropdown.tsx'));

export function CategoriesMenu() {
  const { t } = useTranslation('common');
  return (
    <LoadedOnFirstUse
      menu={dropdown}
      trigger={
        <button
          type="button"
          className="group flex h-9 items-center gap-1 rounded-full px-3 text-sm font-medium text-zinc-300 hover:bg-white/5 hover:text-white data-[state=open]:text-white"
        >
          {t('header.categories')}
          <ChevronDown className="size-4 transition-transform group-data-[state=open]:rotate-180" aria-hidden />
        </button>
      }
    />
  );
}
