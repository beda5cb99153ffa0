import { Gauge } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { LoadedOnFirstUse } from '#web/components/ui/loaded-on-first-use.tsx';
import { lazyPart } from '#web/lib/lazy-part.ts';
import type { SpeedMenuProps } from './speed-menu-props.ts';

const dropdown = lazyPart(() => import('./speed-dropdown.tsx'));

export function SpeedMenu(props: SpeedMenuProps) {
  const { t } = useTranslation('watch');
  return (
    <LoadedOnFirstUse
      menu={dropdown}
      props={props}
      onFirstOpen={() => props.onOpenChange(true)}
      trigger={
        <button
          type="button"
          aria-label={t('player.speed', { rate: props.rate })}
          className="flex h-11 min-w-11 items-center justify-center gap-1 rounded-full px-2 text-sm font-bold text-white tabular-nums hover:bg-white/10 data-[state=open]:bg-white/15"
        >
          <Gauge className="size-5" aria-hidden />
          <span aria-hidden>{t('player.rate', { rate: props.rate })}</span>
        </button>
      }
    />
  );
}
