import { queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import { isHlsUrl } from '#web/lib/media/media-attachment.ts';
import { ladderOf, type Rendition } from '../episodes/lib/ladder.ts';

/**
 * The renditions an episode's master playlist lists (an operator's session may read it even while it is locked
 * for viewers).
 */
export async function getEpisodeLadder(masterUrl: string, signal?: AbortSignal): Promise<Rendition[]> {
  const response = await fetch(masterUrl, { signal, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`The master playlist answered ${response.status}.`);
  return ladderOf(await response.text(), masterUrl);
}

/** The ladder of a published video never changes: read once. */
export const episodeLadderQueryOptions = (masterUrl: string) =>
  queryOptions({
    queryKey: ['episode-ladder', masterUrl] as const,
    queryFn: ({ signal }) => getEpisodeLadder(masterUrl, signal),
  });

/** An MP4 episode has no ladder. */
export function useEpisodeLadder(videoUrl: string) {
  const masterUrl = new URL(videoUrl, document.baseURI).href;
  return useQuery({ ...episodeLadderQueryOptions(masterUrl), enabled: isHlsUrl(videoUrl) });
}
