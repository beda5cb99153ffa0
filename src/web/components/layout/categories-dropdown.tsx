import { DropdownMenu } from 'radix-ui';
import { useTranslation } from '../../lib/texts/use-translation.tsx';
import { Link } from 'wouter';
import { GENRES } from '#contract/constants.ts';
import { paths } from '../../lib/paths.ts';
import type { LoadedMenuProps } from '../ui/loaded-on-first-use.tsx';

/** The header's genre menu, loaded on first use (categories-menu.tsx). */
export default function CategoriesDropdown({ trigger, defaultOpen }: LoadedMenuProps) {
  const { t } = useTranslation('common');
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={8}
          className="z-50 grid w-[26rem] grid-cols-2 gap-0.5 rounded-2xl border border-white/10 bg-zinc-900/95 p-2 shadow-2xl backdrop-blur"
        >
          {GENRES.map((genre) => (
            <DropdownMenu.Item key={genre} asChild>
              <Link
                href={paths.discoverGenre(genre)}
                className="rounded-lg px-3 py-2 text-sm text-zinc-200 outline-none data-[highlighted]:bg-white/10 data-[highlighted]:text-white"
              >
                {t(`genres.${genre}`, { defaultValue: genre })}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
