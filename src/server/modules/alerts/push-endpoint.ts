import dns from 'node:dns/promises';
import net from 'node:net';
import { invalid } from '../../errors.ts';
import { isPublicAddress } from '../../media/public-address.ts';

const refuse = (why: string) => invalid(`This push subscription cannot be used: ${why}.`, 'subscription.endpoint');

/**
 * A subscription's endpoint is where the server will post: it must be an https address of a host on the public
 * internet (every address its name resolves to), or the server could be made to post inside its own network.
 * `allowPrivate` (PUSH_ALLOW_PRIVATE_ENDPOINTS, tests only) lets a local push service through.
 */
export async function checkPushEndpoint(endpoint: string, allowPrivate: boolean): Promise<void> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw refuse('its endpoint is not a URL');
  }
  if (url.protocol !== 'https:') throw refuse('its endpoint is not an https address');
  if (url.username || url.password) throw refuse('its endpoint carries a user name or password');
  if (allowPrivate) return;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (net.isIP(host)) {
    if (!isPublicAddress(host)) throw refuse(`${host} is not a public internet address`);
    return;
  }
  let found: { address: string }[];
  try {
    found = await dns.lookup(host, { all: true });
  } catch {
    throw refuse(`the host name ${host} was not found`);
  }
  const inside = found.find((entry) => !isPublicAddress(entry.address));
  if (found.length === 0) throw refuse(`the host name ${host} was not found`);
  if (inside) throw refuse(`${host} points to ${inside.address}, which is not a public internet address`);
}
