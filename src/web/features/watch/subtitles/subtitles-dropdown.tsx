import { DropdownMenu } from 'radix-ui';
import { Captions, Check } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import type { LoadedMenuProps } from '#web/components/ui/loaded-on-first-use.tsx';
import { SUBTITLE_SIZES, type SubtitleSize } from './subtitle-preference.ts';
import type { SubtitlesMenuProps } from './subtitles-menu-props.ts';

const OFF = 'off';
const ITEM =
  'flex h-10 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm outline-none select-none data-[highlighted]:bg-white/10';

function Indicator() {
  return (
    <span className="flex size-4 items-center justify-center">
      <DropdownMenu.ItemIndicator>
        <Check className="size-4 text-rose-400" aria-hidden />
      </DropdownMenu.ItemIndicator>
    </span>
  );
}

/** The subtitles menu, loaded on first use (subtitles-menu.tsx). */
export default function SubtitlesDropdown(props: SubtitlesMenuProps & LoadedMenuProps) {
  const { t } = useTranslation('watch');
  return (
    <DropdownMenu.Root modal={false} defaultOpen={props.defaultOpen} onOpenChange={props.onOpenChange}>
      <DropdownMenu.Trigger asChild>{props.trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side="top"
          align="end"
          sideOffset={8}
          className="z-50 min-w-44 rounded-xl border border-white/10 bg-zinc-900/95 p-1 text-white shadow-2xl backdrop-blur"
        >
          <DropdownMenu.Label className="px-3 py-2 text-xs font-semibold text-zinc-400">
            {t('player.subtitles')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={props.selected?.language ?? OFF}
            onValueChange={(value) => props.onSelect(value === OFF ? null : value)}
          >
            <DropdownMenu.RadioItem value={OFF} className={ITEM}>
              <Indicator />
              {t('player.subtitlesOff')}
            </DropdownMenu.RadioItem>
            {props.tracks.map((track) => (
              <DropdownMenu.RadioItem key={track.language} value={track.language} className={ITEM}>
                <Indicator />
                <span lang={track.language} dir="auto">
                  {track.label}
                </span>
                {track.kind === 'captions' && (
                  <Captions
                    role="img"
                    aria-label={t('player.captionsHint')}
                    className="ms-auto size-4 shrink-0 text-zinc-400"
                  />
                )}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="my-1 h-px bg-white/10" />
          <DropdownMenu.Label className="px-3 py-2 text-xs font-semibold text-zinc-400">
            {t('player.subtitleSize')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={props.size}
            onValueChange={(value) => props.onSizeChange(value as SubtitleSize)}
          >
            {SUBTITLE_SIZES.map((size) => (
              <DropdownMenu.RadioItem key={size} value={size} className={ITEM}>
                <Indicator />
                {t(`player.size.${size}`)}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
