/**
 * A signed cookie's reading, remembered for a short while once it proved genuine. A browser sends the same cookie
 * with every request, and a page's requests come together: checking the signature each time costs more than the
 * rest of a catalogue read. Only genuine cookies are kept, so a forged one cannot fill this. A cookie's signature
 * never changes its answer, so what depends on time (expiry, revocation, a live session) is for the caller to
 * check on what this returns.
 *
 * Kept small on purpose, in two generations of `limit` each: when the newer is full it becomes the older and the
 * older is dropped, and a cookie found in the older moves to the newer. So the browsers of the last moments stay,
 * and every entry is let go soon after its browser goes quiet: entries held longer than a few young-generation
 * collections would be moved to the old generation, and with a million browsers taking turns the old generation
 * would fill with them, and each full collection of it stalls every request for tens of milliseconds.
 */
export function rememberGenuine<Pass>(read: (cookie: string) => Pass | null, limit: number) {
  let newer = new Map<string, Pass>();
  let older = new Map<string, Pass>();
  const keep = (cookie: string, pass: Pass) => {
    if (newer.size >= limit) {
      older = newer;
      newer = new Map();
    }
    newer.set(cookie, pass);
  };
  return {
    read(cookie: string | undefined): Pass | null {
      if (!cookie) return null;
      const known = newer.get(cookie);
      if (known !== undefined) return known;
      const pass = older.get(cookie) ?? read(cookie);
      if (pass !== null) keep(cookie, pass);
      return pass;
    },
    /** For a new signing key: what the old one proved genuine no longer is. */
    forget() {
      newer = new Map();
      older = new Map();
    },
  };
}
