/**
 * A signed cookie's reading, remembered once it proved genuine. Checking a signature makes an HMAC object in
 * Node, which costs far more than the rest of a catalogue read, above all in the garbage collector afterwards (a
 * page read by a viewer with a cookie ran at 60% of its speed without this), and a browser sends the same cookie
 * with every request. Only genuine cookies are kept, so a forged one cannot fill this; past `limit` it starts
 * over. A cookie's signature never changes its answer, so what depends on time (expiry, revocation, a live
 * session) is for the caller to check on what this returns.
 */
export function rememberGenuine<Pass>(read: (cookie: string) => Pass | null, limit: number) {
  const genuine = new Map<string, Pass>();
  return {
    read(cookie: string | undefined): Pass | null {
      if (!cookie) return null;
      const known = genuine.get(cookie);
      if (known !== undefined) return known;
      const pass = read(cookie);
      if (pass === null) return null;
      if (genuine.size >= limit) genuine.clear();
      genuine.set(cookie, pass);
      return pass;
    },
    /** For a new signing key: what the old one proved genuine no longer is. */
    forget: () => genuine.clear(),
  };
}
