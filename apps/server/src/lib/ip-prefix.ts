import net from 'node:net';

/**
 * Address grouping for the password-hash queue (decision 0054). One party usually holds a whole
 * IPv4 /24 or IPv6 /64 (a host, a cloud subnet, a home network's prefix), and IPv6 gives anyone
 * 2^64 addresses in their /64, so "a new address" is cheap where "a new prefix" is not.
 */

/** An IPv4 address as its four numbers, or null; IPv4-mapped IPv6 (::ffff:a.b.c.d) counts as IPv4. */
function ipv4Parts(ip: string): number[] | null {
  const v4 = ip.toLowerCase().startsWith('::ffff:') && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  return net.isIPv4(v4) ? v4.split('.').map(Number) : null;
}

/** The first four 16-bit groups of an IPv6 address (its /64), or null when it is not IPv6. */
function ipv6Head(ip: string): number[] | null {
  const bare = ip.split('%')[0]!;
  if (!net.isIPv6(bare)) return null;
  const [left, right = null] = bare.split('::') as [string, string?];
  const groups = (part: string | null): number[] => {
    if (!part) return [];
    const out: number[] = [];
    for (const g of part.split(':')) {
      if (g.includes('.')) {
        const [a, b, c, d] = g.split('.').map(Number) as [number, number, number, number];
        out.push((a << 8) | b, (c << 8) | d);
      } else out.push(parseInt(g, 16));
    }
    return out;
  };
  const head = groups(left);
  const tail = right === null ? [] : groups(right);
  const all = right === null ? head : [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail];
  return all.slice(0, 4);
}

/** The /24 of an IPv4 address or the /64 of an IPv6 one, as text; anything else as it is. */
export function addressPrefix(ip: string): string {
  const v4 = ipv4Parts(ip);
  if (v4) return `${v4[0]}.${v4[1]}.${v4[2]}.0/24`;
  const v6 = ipv6Head(ip);
  if (v6) return `${v6.map((g) => g.toString(16)).join(':')}::/64`;
  return ip;
}

/**
 * What is remembered of an address a user signed in from: an IPv4 address itself (a /24 may be a
 * whole office building or a mobile carrier's pool shared with strangers), an IPv6 address's /64
 * (the one network it belongs to; its low half changes every day with privacy extensions).
 */
export function originKey(ip: string): string {
  const v4 = ipv4Parts(ip);
  if (v4) return v4.join('.');
  return addressPrefix(ip);
}
