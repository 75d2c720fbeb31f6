import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, isPrivateAddress, type LookupFn } from '../../src/domain/private-address.ts';

describe('isPrivateAddress, IPv4', () => {
  // [inside, just outside] pairs at the edges of each range.
  const edges: [string, string[], string[]][] = [
    ['unspecified 0/8', ['0.0.0.0', '0.255.255.255'], ['1.0.0.0']],
    ['private 10/8', ['10.0.0.0', '10.255.255.255'], ['9.255.255.255', '11.0.0.0']],
    ['CGNAT 100.64/10', ['100.64.0.0', '100.127.255.255'], ['100.63.255.255', '100.128.0.0']],
    ['loopback 127/8', ['127.0.0.1', '127.255.255.254'], ['126.255.255.255', '128.0.0.0']],
    ['link-local 169.254/16', ['169.254.0.1', '169.254.169.254'], ['169.253.255.255', '169.255.0.0']],
    ['private 172.16/12', ['172.16.0.0', '172.31.255.255'], ['172.15.255.255', '172.32.0.0']],
    ['private 192.168/16', ['192.168.0.1', '192.168.255.255'], ['192.167.255.255', '192.169.0.0']],
    ['documentation', ['192.0.2.1', '198.51.100.7', '203.0.113.9'], ['192.0.3.1', '203.0.114.1']],
    ['multicast 224/4', ['224.0.0.1', '239.255.255.255'], ['223.255.255.255']],
    ['reserved 240/4 and broadcast', ['240.0.0.1', '255.255.255.255'], []],
  ];
  it.each(edges)('%s', (_name, inside, outside) => {
    for (const ip of inside) expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of outside) expect(isPrivateAddress(ip), ip).toBe(false);
  });

  it('lets public addresses through', () => {
    for (const ip of ['8.8.8.8', '1.1.1.1', '93.184.216.34']) expect(isPrivateAddress(ip), ip).toBe(false);
  });
});

describe('isPrivateAddress, IPv6', () => {
  it('flags loopback, unspecified, ULA, link-local and multicast', () => {
    for (const ip of ['::1', '::', 'fc00::1', 'fdff:ffff::1', 'fe80::1', 'febf::1', 'ff02::1', '2001:db8::1']) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
  });

  it('lets addresses just outside those ranges through', () => {
    for (const ip of ['::2:0:0:1', 'fbff::1', 'fe00::1', '2606:4700:4700::1111', '2001:4860:4860::8888']) {
      expect(isPrivateAddress(ip), ip).toBe(false);
    }
  });

  it('looks through IPv4-mapped addresses, dotted and hex', () => {
    expect(isPrivateAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isPrivateAddress('::ffff:7f00:1')).toBe(true);
    expect(isPrivateAddress('::FFFF:A9FE:A9FE')).toBe(true); // 169.254.169.254
    expect(isPrivateAddress('0:0:0:0:0:ffff:10.1.2.3')).toBe(true);
    expect(isPrivateAddress('::ffff:8.8.8.8')).toBe(false);
    expect(isPrivateAddress('::ffff:808:808')).toBe(false);
  });

  it('looks through NAT64 64:ff9b::/96 and 6to4', () => {
    expect(isPrivateAddress('64:ff9b::10.0.0.1')).toBe(true);
    expect(isPrivateAddress('64:ff9b::7f00:1')).toBe(true);
    expect(isPrivateAddress('64:ff9b::8.8.8.8')).toBe(false);
    expect(isPrivateAddress('2002:c0a8:0101::1')).toBe(true); // 192.168.1.1
    expect(isPrivateAddress('2002:0808:0808::1')).toBe(false);
  });

  it('accepts brackets and zone indexes, and refuses what is not an IP', () => {
    expect(isPrivateAddress('[::1]')).toBe(true);
    expect(isPrivateAddress('fe80::1%eth0')).toBe(true);
    expect(isPrivateAddress('localhost')).toBe(true);
    expect(isPrivateAddress('')).toBe(true);
  });
});

describe('checkWebhookUrl', () => {
  const dns: Record<string, string[]> = {
    'hooks.partner.example': ['93.184.216.34', '2606:2800:220:1::1'],
    'mixed.partner.example': ['93.184.216.34', '10.0.0.5'],
    'internal.partner.example': ['192.168.1.10'],
    'v6local.partner.example': ['fd12::1'],
  };
  const lookup: LookupFn = async (host) => {
    const found = dns[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  const prod = { requireHttps: true, allowPrivate: false, lookup };

  it('accepts a public https URL and returns the addresses', async () => {
    expect(await checkWebhookUrl('https://hooks.partner.example/lending', prod)).toEqual({
      ok: true,
      addresses: ['93.184.216.34', '2606:2800:220:1::1'],
    });
  });

  it('refuses when any resolved address is private', async () => {
    const r = await checkWebhookUrl('https://mixed.partner.example/hook', prod);
    expect(r).toEqual({ ok: false, reason: expect.stringContaining('resolves to a private, loopback or link-local address') });
    expect((await checkWebhookUrl('https://v6local.partner.example/', prod)).ok).toBe(false);
  });

  it('refuses private IP literals, including odd spellings', async () => {
    for (const url of [
      'https://127.0.0.1/',
      'https://[::1]/',
      'https://[::ffff:7f00:1]/',
      'https://0x7f.1/',
      'https://2130706433/',
      'https://169.254.169.254/latest',
    ]) {
      expect((await checkWebhookUrl(url, prod)).ok, url).toBe(false);
    }
  });

  it('refuses http when https is required, allows it otherwise', async () => {
    const r = await checkWebhookUrl('http://hooks.partner.example/', prod);
    expect(r).toEqual({ ok: false, reason: expect.stringContaining('must use https') });
    expect((await checkWebhookUrl('http://hooks.partner.example/', { ...prod, requireHttps: false })).ok).toBe(true);
  });

  it('refuses other schemes, credentials, garbage and unresolvable hosts', async () => {
    const sandbox = { ...prod, requireHttps: false };
    for (const url of ['ftp://hooks.partner.example/', 'file:///etc/passwd', 'not a url', 'https://nope.partner.example/']) {
      expect((await checkWebhookUrl(url, sandbox)).ok, url).toBe(false);
    }
    const creds = await checkWebhookUrl('https://user:pw@hooks.partner.example/', prod);
    expect(creds).toEqual({ ok: false, reason: expect.stringContaining('must not contain credentials') });
    expect((await checkWebhookUrl('https://user@hooks.partner.example/', prod)).ok).toBe(false);
  });

  it('allows private addresses when the operator says so', async () => {
    const opts = { requireHttps: false, allowPrivate: true, lookup };
    expect(await checkWebhookUrl('http://internal.partner.example:8080/hook', opts)).toEqual({
      ok: true,
      addresses: ['192.168.1.10'],
    });
    expect((await checkWebhookUrl('http://127.0.0.1:3000/', opts)).ok).toBe(true);
    // Still https-only in production even when private addresses are allowed.
    expect((await checkWebhookUrl('http://127.0.0.1:3000/', { ...opts, requireHttps: true })).ok).toBe(false);
  });
});
