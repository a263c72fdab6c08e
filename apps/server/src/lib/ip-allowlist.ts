import net from 'node:net';

export type IpAllowList = (ip: string) => boolean;

/**
 * Parses a comma-separated list of addresses and CIDR ranges ('127.0.0.0/8, ::1, 10.1.2.3') into a
 * matcher; '*' allows everyone. IPv4-mapped IPv6 clients ('::ffff:127.0.0.1', seen when the server
 * listens on '::') match their IPv4 entries. Throws with the offending entry on a bad value.
 */
export function parseIpAllowList(value: string): IpAllowList {
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new Error('list at least one address or range, or * for everyone');
  if (entries.includes('*')) {
    if (entries.length > 1) throw new Error("'*' allows everyone; list nothing else with it");
    return () => true;
  }
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address = '', bits, extra] = entry.split('/');
    const family = net.isIP(address);
    if (family === 0 || extra !== undefined) throw new Error(`'${entry}' is not an IP address or CIDR range`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) {
      list.addAddress(address, type);
      continue;
    }
    const prefix = Number(bits);
    if (!/^\d{1,3}$/.test(bits) || prefix > (family === 4 ? 32 : 128))
      throw new Error(`'${entry}' has a bad prefix length`);
    list.addSubnet(address, prefix, type);
  }
  return (ip) => {
    const family = net.isIP(ip);
    return family !== 0 && list.check(ip, family === 4 ? 'ipv4' : 'ipv6');
  };
}
