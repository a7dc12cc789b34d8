import { BlockList, isIP } from 'node:net';

/**
 * The addresses a webhook may never reach unless WEBHOOK_ALLOW_PRIVATE is set: the service's own host and
 * network, cloud metadata services, and ranges that are not the public internet.
 */
const REFUSED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (Alibaba's metadata service, 100.100.100.200, too)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local: the metadata service of AWS, GCP and Azure (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relays
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const)
  REFUSED.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback (::1) and the old IPv4-compatible addresses
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT): an IPv4 address inside, a private one too
  ['64:ff9b::', 96], // NAT64: would reach any IPv4 address, a private one too
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments: Teredo (2001::/32, an IPv4 address inside), benchmarking, ORCHID
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (an IPv4 address inside)
  ['3fff::', 20], // documentation (2024)
  ['5f00::', 16], // segment routing identifiers, never a host
  ['fc00::', 7], // unique-local (AWS's IPv6 metadata service, fd00:ec2::254, too)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // the old site-local
  ['ff00::', 8], // multicast
] as const)
  REFUSED.addSubnet(network, prefix, 'ipv6');

/** `::ffff:a.b.c.d` (in either spelling) as the IPv4 address it maps; anything else as it is. */
function unmapped(address: string): string {
  if (isIP(address) !== 6) return address;
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1).toLowerCase();
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!mapped) return canonical;
  const high = parseInt(mapped[1], 16);
  const low = parseInt(mapped[2], 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Whether a webhook may connect to this IP address: a public one, never a mapped private one. */
export function isPublicAddress(address: string): boolean {
  const plain = unmapped(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  const family = isIP(plain);
  if (family === 0) return false;
  return !REFUSED.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

/** Names that always mean this host, whatever a resolver says. */
export const isLocalName = (hostname: string): boolean => /(^|\.)localhost\.?$/i.test(hostname);

/** A URL's host as a name or an address, without the brackets of an IPv6 literal. */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '');

/** Whether a host is refused before any lookup: this host's own names, or an IP literal that is not public. */
export const isRefusedLiteral = (host: string): boolean => isLocalName(host) || (isIP(host) !== 0 && !isPublicAddress(host));
