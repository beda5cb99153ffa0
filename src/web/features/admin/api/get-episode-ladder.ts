import { useQuery } from '@tanstack/react-query';
import { isHlsUrl } from '../../../lib/media/media-attachment.ts';
import { ladderOf, type Rendition } from '../episodes/lib/ladder.ts';

/**
 * The renditions an episode's master playlist lists (an operator's session may read it even while it is locked
 * for viewers). An MP4 episode has none. The ladder of a published video never changes: read once.
 */
export function useEpisodeLadder(videoUrl: string) {
  const masterUrl = new URL(videoUrl, document.baseURI).href;
  return useQuery<Rendition[]>({
    queryKey: ['episode-ladder', masterUrl],
    enabled: isHlsUrl(videoUrl),
    queryFn: async ({ signal }) => {
      const response = await fetch(masterUrl, { signal, credentials: 'same-origin' });
      if (!response.ok) throw new Error(`The master playlist answered ${response.status}.`);
      return ladderOf(await response.text(), masterUrl);
    },
  });
}
