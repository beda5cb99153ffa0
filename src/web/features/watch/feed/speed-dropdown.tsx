import { DropdownMenu } from 'radix-ui';
import { Check } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import type { LoadedMenuProps } from '#web/components/ui/loaded-on-first-use.tsx';
import type { SpeedMenuProps } from './speed-menu-props.ts';

/** The playback speeds offered, slowest first. */
const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2] as const;

/** The speed menu, loaded on first use (speed-menu.tsx). */
export default function SpeedDropdown({
  rate,
  onRateChange,
  onOpenChange,
  trigger,
  defaultOpen,
}: SpeedMenuProps & LoadedMenuProps) {
  const { t } = useTranslation('watch');
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side="top"
          align="end"
          sideOffset={8}
          className="z-50 min-w-36 rounded-xl border border-white/10 bg-zinc-900/95 p-1 text-white shadow-2xl backdrop-blur"
        >
          <DropdownMenu.Label className="px-3 py-2 text-xs font-semibold text-zinc-400">
            {t('player.speedTitle')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={String(rate)} onValueChange={(value) => onRateChange(Number(value))}>
            {PLAYBACK_RATES.map((option) => (
              <DropdownMenu.RadioItem
                key={option}
                value={String(option)}
                className="flex h-10 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm outline-none select-none data-[highlighted]:bg-white/10"
              >
                <span className="flex size-4 items-center justify-center">
                  <DropdownMenu.ItemIndicator>
                    <Check className="size-4 text-rose-400" aria-hidden />
                  </DropdownMenu.ItemIndicator>
                </span>
                <span className="tabular-nums">{t('player.rate', { rate: option })}</span>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
