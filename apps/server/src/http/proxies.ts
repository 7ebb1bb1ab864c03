import { BlockList, isIP } from 'node:net';

/** True when a socket address is one of the configured reverse proxies. */
export type ProxyTrust = (address: string) => boolean;

const family = (ip: string): 'ipv4' | 'ipv6' => (isIP(ip) === 4 ? 'ipv4' : 'ipv6');

/**
 * CLOUDTUNE_TRUSTED_PROXIES (`127.0.0.1,10.0.0.0/8,::1`) as a check of socket addresses
 * (docs/decisions/0024-https-and-proxies.md); null when the list is empty (nobody is trusted).
 * Throws a readable error for an entry that is neither an IP address nor a CIDR range, so a
 * typo stops the start instead of silently trusting nobody.
 */
export function proxyTrust(entries: readonly string[] = []): ProxyTrust | null {
  if (entries.length === 0) return null;
  const list = new BlockList();
  for (const entry of entries) {
    const [ip = '', bits, extra] = entry.trim().split('/');
    const version = isIP(ip);
    const max = version === 4 ? 32 : 128;
    const valid = version !== 0 && extra === undefined && (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= max));
    if (!valid)
      throw new Error(`CLOUDTUNE_TRUSTED_PROXIES: "${entry}" is not an IP address or a CIDR range (e.g. 127.0.0.1 or 10.0.0.0/8)`);
    if (bits === undefined) list.addAddress(ip, family(ip));
    else list.addSubnet(ip, Number(bits), family(ip));
  }
  return (address) => {
    // A dual-stack socket reports IPv4 peers as ::ffff:a.b.c.d.
    const ip = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
    return isIP(ip) !== 0 && list.check(ip, family(ip));
  };
}
