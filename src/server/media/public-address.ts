import net from 'node:net';

/**
 * Addresses a server-side fetch must never reach: this host, private networks, link-local (cloud metadata
 * at 169.254.169.254), carrier-grade NAT, documentation and benchmark ranges, multicast, reserved and
 * unspecified, in IPv4 and IPv6. IPv4-mapped IPv6 (::ffff:127.0.0.1) is checked as the IPv4 it maps to;
 * prefixes that embed or translate to IPv4 (IPv4-compatible, NAT64, 6to4, Teredo) are refused outright.
 */
const NON_PUBLIC = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NON_PUBLIC.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NON_PUBLIC.addSubnet(prefix, bits, 'ipv6');
}

/** True only for a well-formed IPv4 or IPv6 address on the public internet. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/%.*$/, '');
  const family = net.isIP(bare);
  if (family === 0) return false;
  return !NON_PUBLIC.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}
