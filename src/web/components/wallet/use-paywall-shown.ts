import { useEffect } from 'react';
import { preloadWhenIdle } from '../../lib/lazy-part.ts';

const loadEventsQueue = () => import('../../lib/viewing-events.ts');
// Not in a page's first route: fetched once the page is idle, so a tap that shows a paywall fetches nothing.
if (typeof window !== 'undefined') preloadWhenIdle(loadEventsQueue);

/**
 * Records the paywall for the operators' Insights: call it wherever a locked episode's unlock prompt can
 * show, with that episode's number while it shows and null otherwise. One event per showing: a detour
 * through Top Up that comes back to the same prompt is the same showing.
 */
export function usePaywallShown(seriesId: number, episodeNumber: number | null) {
  useEffect(() => {
    if (episodeNumber === null) return;
    void loadEventsQueue().then(({ queueViewingEvent, sendViewingEventsSoon }) => {
      queueViewingEvent({ kind: 'paywall_shown', seriesId, episodeNumber });
      sendViewingEventsSoon();
    });
  }, [seriesId, episodeNumber]);
}
