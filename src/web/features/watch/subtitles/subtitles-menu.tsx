import { Captions, CaptionsOff } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { LoadedOnFirstUse } from '#web/components/ui/loaded-on-first-use.tsx';
import { lazyPart } from '#web/lib/lazy-part.ts';
import type { SubtitlesMenuProps } from './subtitles-menu-props.ts';

const dropdown = lazyPart(() => import('./subtitles-dropdown.tsx'));

/** The Subtitles button of the player's bar; its menu (tracks, Off, text size) loads on first use. */
export function SubtitlesMenu(props: SubtitlesMenuProps) {
  const { t } = useTranslation('watch');
  if (props.tracks.length === 0) return null;
  const Icon = props.selected ? Captions : CaptionsOff;
  return (
    <LoadedOnFirstUse
      menu={dropdown}
      props={props}
      onFirstOpen={() => props.onOpenChange(true)}
      trigger={
        <button
          type="button"
          aria-label={t('player.subtitles')}
          data-state-selected={props.selected?.language ?? 'off'}
          className="flex size-11 items-center justify-center rounded-full text-white hover:bg-white/10 data-[state=open]:bg-white/15"
        >
          <Icon className="size-6" aria-hidden />
        </button>
      }
    />
  );
}
