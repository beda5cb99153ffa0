/**
 * Where browsers fetch our media. With MEDIA_PUBLIC_URL set (a CDN whose origin is this server's /media/) public
 * media is fetched from there; the database keeps /media/... whatever the setting, so adding, changing or dropping
 * a CDN rewrites no row. Replies are put in the browser's form where they are built; a link a browser sends back
 * (an operator saving a series) is taken back to its /media/ path.
 */
export interface MediaAddresses {
  /** The CDN's address of a /media/ path; anything else unchanged. */
  forBrowser(url: string): string;
  /**
   * `value` with every picture under /media/ in a field named `…Url` at the CDN's address. Pictures are open to
   * anyone past the gate; an episode's video and subtitles are rewritten only where the episode is known to be free.
   */
  picturesForBrowser<T>(value: T): T;
  /** The /media/ path of a link at the CDN's address, or null for any other link. */
  storedPathOf(link: string): string | null;
}

const MEDIA = '/media/';
const PICTURE = /\.(jpe?g|png|webp|avif|gif|svg)$/i;

export function mediaAddresses(mediaPublicUrl: string | undefined): MediaAddresses {
  if (!mediaPublicUrl) {
    return { forBrowser: (url) => url, picturesForBrowser: (value) => value, storedPathOf: () => null };
  }
  const base = `${mediaPublicUrl}/`;
  const forBrowser = (url: string) => (url.startsWith(MEDIA) ? base + url.slice(MEDIA.length) : url);
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value === null || typeof value !== 'object' || value instanceof Date || Buffer.isBuffer(value)) return value;
    const copy: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) {
      copy[key] =
        typeof field === 'string'
          ? key.endsWith('Url') && field.startsWith(MEDIA) && PICTURE.test(field.split(/[?#]/, 1)[0]!)
            ? forBrowser(field)
            : field
          : rewrite(field);
    }
    return copy;
  };
  return {
    forBrowser,
    picturesForBrowser: <T>(value: T) => rewrite(value) as T,
    storedPathOf: (link) => (link.startsWith(base) ? MEDIA + link.slice(base.length).split(/[?#]/, 1)[0]! : null),
  };
}
