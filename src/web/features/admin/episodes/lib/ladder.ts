/** One rendition of an episode's ladder, as its master playlist lists it. */
export interface Rendition {
  /** Its media playlist, absolute (resolved against the master playlist's address). */
  url: string;
  width: number;
  height: number;
  /** Bits per second the master playlist declares. */
  bandwidth: number;
}

const ATTRIBUTE = /([A-Z0-9-]+)=("[^"]*"|[^,]*)/g;

function attributesOf(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const [, name, value] of tag.slice(tag.indexOf(':') + 1).matchAll(ATTRIBUTE)) {
    found.set(name!, value!.replace(/^"|"$/g, ''));
  }
  return found;
}

/**
 * The renditions of an HLS master playlist, smallest first: each `#EXT-X-STREAM-INF` and the address on the
 * next line that is not a comment or tag. A variant without a resolution (audio only) is left out.
 * `masterUrl` is the playlist's absolute address.
 */
export function ladderOf(masterPlaylist: string, masterUrl: string): Rendition[] {
  const lines = masterPlaylist.split(/\r?\n/).map((line) => line.trim());
  const renditions: Rendition[] = [];
  lines.forEach((line, at) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const uri = lines.slice(at + 1).find((next) => next !== '' && !next.startsWith('#'));
    const attributes = attributesOf(line);
    const resolution = /^(\d+)x(\d+)$/.exec(attributes.get('RESOLUTION') ?? '');
    if (!uri || !resolution) return;
    renditions.push({
      url: new URL(uri, masterUrl).href,
      width: Number(resolution[1]),
      height: Number(resolution[2]),
      bandwidth: Number(attributes.get('BANDWIDTH') ?? 0),
    });
  });
  return renditions.sort((a, b) => a.height - b.height || a.bandwidth - b.bandwidth);
}
