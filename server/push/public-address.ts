import { isIPv4, isIPv6 } from "node:net";

/**
 * Whether an IP address is a public unicast address, the only kind a push endpoint may have
 * (docs/decisions/039-watching-and-push.md): not loopback, private, shared (CGNAT), link-local,
 * unique-local, multicast, unspecified, reserved, benchmarking or documentation space, in IPv4 or
 * IPv6, not local-use NAT64 (64:ff9b:1::/48), and not an IPv6 form that carries such an IPv4 address
 * (mapped, compatible, translated, NAT64, 6to4, Teredo).
 */
export function isPublicAddress(address: string): boolean {
  if (isIPv4(address)) return isPublicIPv4(ipv4Number(address));
  if (isIPv6(address)) return isPublicIPv6(ipv6Groups(address));
  return false;
}

/** [first address, prefix length] of the IPv4 ranges that are not public. */
const NON_PUBLIC_IPV4: [string, number][] = [
  ["0.0.0.0", 8], // "this network", the unspecified address
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // shared address space (carrier-grade NAT)
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local (cloud metadata services)
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the broadcast address
];

const ipv4Number = (address: string) => address.split(".").reduce((value, part) => value * 256 + Number(part), 0);

const NON_PUBLIC_IPV4_RANGES = NON_PUBLIC_IPV4.map(([first, bits]) => {
  const start = ipv4Number(first);
  return { start, end: start + 2 ** (32 - bits) - 1 };
});

function isPublicIPv4(value: number): boolean {
  return !NON_PUBLIC_IPV4_RANGES.some((range) => value >= range.start && value <= range.end);
}

/** The eight 16-bit groups of an IPv6 address (zone dropped, `::` and a trailing dotted IPv4 expanded). */
function ipv6Groups(address: string): number[] {
  let text = address.split("%")[0]!.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const value = ipv4Number(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const parse = (part: string | undefined) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const start = parse(head);
  const end = parse(tail);
  return tail === undefined ? start : [...start, ...new Array<number>(8 - start.length - end.length).fill(0), ...end];
}

function isPublicIPv6(groups: number[]): boolean {
  const [g0, g1] = groups as [number, number];
  const zeroUpTo = (count: number) => groups.slice(0, count).every((group) => group === 0);
  const embeddedIPv4 = (high: number, low: number) => isPublicIPv4(high * 65536 + low);
  if (zeroUpTo(5) && groups[5] === 0xffff) return embeddedIPv4(groups[6]!, groups[7]!); // IPv4-mapped
  if (g0 === 0x64 && g1 === 0xff9b && groups.slice(2, 6).every((group) => group === 0)) return embeddedIPv4(groups[6]!, groups[7]!); // NAT64 64:ff9b::/96
  if (g0 === 0x2002) return embeddedIPv4(g1, groups[2]!); // 6to4
  // Only global unicast (2000::/3) is public. Outside it: unspecified, loopback, IPv4-compatible and
  // IPv4-translated (::/8), discard-only (100::/64), local-use NAT64 (64:ff9b:1::/48, a network's own
  // translator), unique-local (fc00::/7), link-local, old site-local and multicast.
  if ((g0 & 0xe000) !== 0x2000) return false;
  if (g0 === 0x2001 && g1 < 0x0200) return false; // IETF protocol assignments 2001::/23: Teredo (2001::/32, an IPv4 client inside), benchmarking, ORCHID
  if (g0 === 0x2001 && g1 === 0x0db8) return false; // documentation
  if (g0 === 0x3fff && g1 < 0x1000) return false; // documentation 3fff::/20
  return true;
}
