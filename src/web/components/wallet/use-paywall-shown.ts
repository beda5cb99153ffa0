import { useEffect } from 'react';

/**
 * Records the paywall for the operators' Insights: call it wherever a locked episode's unlock prompt can
 * show, with that episode's number while it shows and null otherwise. One event per showing: a detour
 * through Top Up that comes back to the same prompt is the same showing.
 */
export function usePaywallShown(seriesId: number, episodeNumber: number | null) {
  useEffect(() => {
    if (episodeNumber === null) return;
    // The events' queue is not part of a page's first route: the event waits the moment its code takes.
    void import('../../lib/viewing-events.ts').then(({ queueViewingEvent, sendViewingEventsSoon }) => {
      queueViewingEvent({ kind: 'paywall_shown', seriesId, episodeNumber });
      sendViewingEventsSoon();
    });
  }, [seriesId, episodeNumber]);
}
