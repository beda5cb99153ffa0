import { Suspense } from 'react';
import { lazyPart, useLazyPart } from '../../lib/lazy-part.ts';
import { preloadDialog } from '../ui/dialog.tsx';
import type { EpisodeUnlockProps } from './episode-unlock.tsx';

// With the dialog's own code, so that the first tap does not wait for one and then the other.
const episodeUnlock = lazyPart(async () => {
  const [{ EpisodeUnlock }] = await Promise.all([import('./episode-unlock.tsx'), preloadDialog()]);
  return { default: EpisodeUnlock };
});

/**
 * The unlock flow for a locked episode (EpisodeUnlock), its code fetched once the page is idle: no first paint
 * needs it. Its texts (the series namespace) may still be on their way on the player's page: they do not
 * suspend the page around it.
 */
export function EpisodeUnlockOnDemand(props: EpisodeUnlockProps) {
  const EpisodeUnlock = useLazyPart(episodeUnlock, props.episodeNumber !== null);
  if (props.episodeNumber === null || !EpisodeUnlock) return null;
  return (
    <Suspense fallback={null}>
      <EpisodeUnlock {...props} />
    </Suspense>
  );
}
