/**
 * Webhook URL vetting (docs/behaviour.md, section 13): a URL that resolves to a private, loopback or
 * link-local address is refused unless the operator allows it, so partners cannot make the
 * service call into its own network (SSRF). We err on the side of refusing: every special-purpose
 * range that is not globally routable counts as "private" here.
 */
import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup } from 'node:dns/promises';

const V4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", includes the unspecified address
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, includes broadcast 255.255.255.255
] as const) {
  V4.addSubnet(net, prefix, 'ipv4');
}

// IPv6 ranges that do not embed an IPv4 address; the embedding ones are decoded below.
const V6 = new BlockList();
for (const [net, prefix] of [
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001:2::', 48], // benchmarking
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // deprecated site-local
  ['ff00::', 8], // multicast
] as const) {
  V6.addSubnet(net, prefix, 'ipv6');
}

/** The eight 16-bit groups of a valid IPv6 address (dotted-quad tail allowed). */
function ipv6Groups(ip: string): number[] {
  let s = ip;
  const dot = s.lastIndexOf(':');
  const tail = s.slice(dot + 1);
  if (tail.includes('.')) {
    const [a, b, c, d] = tail.split('.').map(Number);
    s = `${s.slice(0, dot + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = s.split('::');
  const left = halves[0] ? halves[0].split(':') : [];
  const right = halves.length > 1 && halves[1] ? halves[1].split(':') : [];
  const zeros = halves.length > 1 ? 8 - left.length - right.length : 0;
  return [...left, ...Array<string>(zeros).fill('0'), ...right].map((h) => parseInt(h, 16));
}

function v4From(hi: number, lo: number): string {
  return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
}

/**
 * True when `ip` is not a public unicast address. Anything that is not a valid IP address is also
 * treated as private, so a caller can never be talked into trusting something it could not parse.
 */
export function isPrivateAddress(ip: string): boolean {
  // Accept the bracketed form of URLs and drop an IPv6 zone index ("fe80::1%eth0").
  const addr = ip
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '');
  const family = isIP(addr);
  if (family === 4) return V4.check(addr, 'ipv4');
  if (family !== 6) return true;

  const g = ipv6Groups(addr);
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  // ::ffff:a.b.c.d (IPv4-mapped) and ::ffff:0:a.b.c.d (IPv4-translated) reach the IPv4 host.
  if (zeroUpTo(5) && g[5] === 0xffff) return isPrivateAddress(v4From(g[6], g[7]));
  if (zeroUpTo(4) && g[4] === 0xffff && g[5] === 0) return isPrivateAddress(v4From(g[6], g[7]));
  // ::/96: unspecified, loopback and the deprecated IPv4-compatible form; none is routable.
  if (zeroUpTo(6)) return true;
  // NAT64 well-known prefix 64:ff9b::/96: a gateway would forward to the embedded IPv4 host.
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) {
    return isPrivateAddress(v4From(g[6], g[7]));
  }
  // 6to4 (2002::/16) embeds the IPv4 address in groups 1-2.
  if (g[0] === 0x2002) return isPrivateAddress(v4From(g[1], g[2]));
  // Teredo (2001:0::/32): server address in groups 2-3, client address inverted in groups 6-7.
  if (g[0] === 0x2001 && g[1] === 0) {
    return isPrivateAddress(v4From(g[2], g[3])) || isPrivateAddress(v4From(g[6] ^ 0xffff, g[7] ^ 0xffff));
  }
  return V6.check(addr, 'ipv6');
}

export type LookupFn = (host: string) => Promise<{ address: string; family: number }[]>;

export type WebhookUrlCheck = { ok: true; addresses: string[] } | { ok: false; reason: string };

const systemLookup: LookupFn = (host) => dnsLookup(host, { all: true });

/**
 * Vets a webhook URL. The resolved addresses are returned so the sender can connect to exactly
 * those (or re-check at delivery time): a hostname can resolve differently later (DNS rebinding).
 */
export async function checkWebhookUrl(url: string, opts: { requireHttps: boolean; allowPrivate: boolean; lookup?: LookupFn }): Promise<WebhookUrlCheck> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'The webhook URL is not a valid absolute URL.' };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return { ok: false, reason: 'The webhook URL must use http or https.' };
  }
  if (opts.requireHttps && parsed.protocol !== 'https:') {
    return { ok: false, reason: 'The webhook URL must use https.' };
  }
  if (parsed.username || parsed.password) {
    return {
      ok: false,
      reason: 'The webhook URL must not contain credentials; set a token to have it sent as a bearer token.',
    };
  }
  // WHATWG URL already normalises odd IPv4 spellings ("0x7f.1", "2130706433") to dotted quads.
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) return { ok: false, reason: 'The webhook URL has no host.' };

  let addresses: string[];
  if (isIP(host)) {
    addresses = [host];
  } else {
    try {
      addresses = (await (opts.lookup ?? systemLookup)(host)).map((a) => a.address);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) {
      return { ok: false, reason: `The webhook URL host "${host}" could not be resolved.` };
    }
  }
  // Refuse if ANY address is private: the client may pick any of them when it connects.
  if (!opts.allowPrivate && addresses.some(isPrivateAddress)) {
    return {
      ok: false,
      reason:
        'The webhook URL resolves to a private, loopback or link-local address, which is not allowed. ' +
        'For local development the server can be started with ALLOW_PRIVATE_WEBHOOK_URLS=true.',
    };
  }
  return { ok: true, addresses };
}
