import { Suspense, useImperativeHandle, useState, type Ref } from 'react';
import { lazyPart, useLazyPart } from '../../lib/lazy-part.ts';
import { loadTexts, shownLanguageTag } from '../../lib/texts/text-store.ts';
import { preloadDialog } from '../ui/dialog.tsx';
import type { EpisodeUnlockProps } from './episode-unlock.tsx';
import { usePaywallShown } from './use-paywall-shown.ts';

// With the dialog's own code and words (the series namespace, which the player's page has not loaded), so
// that the first tap waits for none of them: a text still on its way would suspend the dialog, and React
// holds a suspended part back for 300 ms after it arrived.
const episodeUnlock = lazyPart(async () => {
  const [{ EpisodeUnlock }] = await Promise.all([
    import('./episode-unlock.tsx'),
    preloadDialog(),
    loadTexts(shownLanguageTag(), ['series']),
  ]);
  return { default: EpisodeUnlock };
});

/** What a page calls to show a locked episode's unlock. */
export interface EpisodeUnlockOpener {
  open(episodeNumber: number): void;
}

export interface EpisodeUnlockOnDemandProps extends Pick<EpisodeUnlockProps, 'series'> {
  ref: Ref<EpisodeUnlockOpener>;
  /** After a successful unlock (the dialog has closed). */
  onUnlocked?: (episodeNumber: number) => void;
  /** The locked episode whose unlock (or the top up it led to) is on screen, null once it closed. */
  onShownChange?: (episodeNumber: number | null) => void;
}

/**
 * The unlock flow for a locked episode (EpisodeUnlock), its code fetched once the page is idle: no first paint
 * needs it. The episode shown is this component's own state, opened through `ref`, so that a tap renders the
 * dialog alone, not the page around it (a series page's 50 episodes, the player's feed); the page hears of it
 * through `onShownChange`, after the dialog is on screen.
 */
export function EpisodeUnlockOnDemand({ ref, series, onUnlocked, onShownChange }: EpisodeUnlockOnDemandProps) {
  const [episodeNumber, setEpisodeNumber] = useState<number | null>(null);
  const show = (next: number | null) => {
    setEpisodeNumber(next);
    // Once the frame with the dialog has been drawn.
    if (onShownChange) requestAnimationFrame(() => setTimeout(() => onShownChange(next)));
  };
  useImperativeHandle(ref, () => ({ open: show }));
  usePaywallShown(series.id, episodeNumber);
  const EpisodeUnlock = useLazyPart(episodeUnlock, episodeNumber !== null);
  if (episodeNumber === null || !EpisodeUnlock) return null;
  // Its texts came with its code; should the language change meanwhile, only this part waits for them.
  return (
    <Suspense fallback={null}>
      <EpisodeUnlock
        series={series}
        episodeNumber={episodeNumber}
        onClose={() => show(null)}
        onUnlocked={(number) => {
          show(null);
          onUnlocked?.(number);
        }}
      />
    </Suspense>
  );
}
