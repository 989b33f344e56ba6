import type { LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GuardedHttpClient, GuardedFetchError } from '../../../adapters/http/guarded-http-client';
import { startHttpFake, type RunningFake } from '../../fakes/support/http-fake';
import { startFakeWeb, type FakeWeb } from '../../fakes/web/fake-web';

/**
 * Name resolution for made-up names: each resolves to the address an attacker would pick.
 * Anything else does not resolve (this machine has no DNS).
 */
function fakeDns(names: Record<string, string[]>): LookupFunction {
  return ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    const addresses = names[hostname];
    if (addresses === undefined) {
      callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
      return;
    }
    const entries = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    if (options.all) callback(null, entries);
    else callback(null, entries[0]!.address, entries[0]!.family);
  }) as LookupFunction;
}

describe('GuardedHttpClient: SSRF attack URLs are refused before anything is fetched', () => {
  let victim: RunningFake;
  let victimHits = 0;
  let web: FakeWeb;
  let client: GuardedHttpClient;

  beforeAll(async () => {
    // An internal service that must never be reached (think: an admin API on the worker's network).
    victim = await startHttpFake((_req, res) => {
      victimHits += 1;
      res.end('internal secrets');
    });
    web = await startFakeWeb({ internalOrigin: victim.origin });
    client = new GuardedHttpClient({
      // Only the fake web's exact host:port is let through to a private address.
      allowPrivateHosts: [web.host],
      timeoutMs: 3_000,
      lookup: fakeDns({
        localhost: ['127.0.0.1'],
        'metadata.google.internal': ['169.254.169.254'],
        'rebind.attacker.test': ['127.0.0.1'],
        'internal.attacker.test': ['10.0.0.7'],
        'mixed.attacker.test': ['93.184.216.34', '192.168.0.10'],
        'v6.attacker.test': ['::1'],
        'mapped.attacker.test': ['::ffff:169.254.169.254'],
        'mail.attacker.test': ['93.184.216.34'],
      }),
    });
  });
  afterAll(async () => {
    await Promise.all([victim.close(), web.close()]);
  });

  const v = () => victim.port;
  const attacks: [string, () => string][] = [
    ['loopback', () => `http://127.0.0.1:${v()}/admin`],
    ['loopback by name', () => `http://localhost:${v()}/admin`],
    ['loopback in decimal', () => `http://2130706433:${v()}/admin`],
    ['loopback in hex', () => `http://0x7f000001:${v()}/admin`],
    ['loopback in octal', () => `http://0177.0.0.1:${v()}/admin`],
    ['loopback in mixed hex dots', () => `http://0x7f.0.0.1:${v()}/admin`],
    ['loopback short form', () => `http://127.1:${v()}/admin`],
    ['unspecified 0', () => `http://0:${v()}/admin`],
    ['unspecified 0.0.0.0', () => `http://0.0.0.0:${v()}/admin`],
    ['IPv6 loopback', () => `http://[::1]:${v()}/admin`],
    ['IPv6 unspecified', () => `http://[::]:${v()}/admin`],
    ['IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${v()}/admin`],
    ['IPv4-mapped in hex groups', () => `http://[::ffff:7f00:1]:${v()}/admin`],
    ['IPv4-mapped long form', () => `http://[0:0:0:0:0:ffff:127.0.0.1]:${v()}/admin`],
    ['NAT64 of loopback', () => `http://[64:ff9b::7f00:1]:${v()}/admin`],
    ['6to4 of loopback', () => `http://[2002:7f00:1::]:${v()}/admin`],
    ['cloud metadata (link-local)', () => 'http://169.254.169.254/latest/meta-data/'],
    ['cloud metadata in decimal', () => 'http://2852039166/latest/meta-data/'],
    ['AWS IPv6 metadata', () => 'http://[fd00:ec2::254]/latest/meta-data/'],
    ['GCP metadata by name', () => 'http://metadata.google.internal/computeMetadata/v1/'],
    ['Alibaba metadata (CGNAT)', () => 'http://100.100.100.200/latest/meta-data/'],
    ['private 10/8', () => 'http://10.0.0.1/'],
    ['private 172.16/12', () => 'http://172.16.0.1/'],
    ['private 192.168/16', () => 'http://192.168.1.1/'],
    ['CGNAT 100.64/10', () => 'http://100.64.0.1/'],
    ['multicast', () => 'http://224.0.0.1/'],
    ['broadcast', () => 'http://255.255.255.255/'],
    ['IPv6 link-local', () => 'http://[fe80::1]/'],
    ['IPv6 unique local', () => 'http://[fc00::1]/'],
    ['IPv6 multicast', () => 'http://[ff02::1]/'],
    ['name resolving to loopback (rebinding)', () => `http://rebind.attacker.test:${v()}/admin`],
    ['name resolving to a private address', () => 'http://internal.attacker.test/'],
    ['name with one public and one private address', () => 'http://mixed.attacker.test/'],
    ['name resolving to IPv6 loopback', () => `http://v6.attacker.test:${v()}/admin`],
    ['name resolving to IPv4-mapped metadata', () => 'http://mapped.attacker.test/'],
    ['allow-listed port on another host name', () => `http://localhost:${web.host.split(':')[1]}/article`],
    ['file scheme', () => 'file:///etc/passwd'],
    ['ftp scheme', () => 'ftp://example.com/file'],
    ['gopher scheme', () => `gopher://127.0.0.1:${v()}/_GET%20/admin`],
    ['data scheme', () => 'data:text/html,<h1>hi</h1>'],
    ['javascript scheme', () => 'javascript:alert(1)'],
    ['credentials in the address', () => `${web.origin.replace('http://', 'http://user:pass@')}/article`],
    // Fetch's bad ports: an HTTP request to another protocol's server on a public address.
    ['SMTP port on a public host', () => 'http://mail.attacker.test:25/'],
    ['SSH port on a public host', () => 'http://mail.attacker.test:22/'],
    ['IRC port on a public host', () => 'https://mail.attacker.test:6667/'],
  ];

  it('has at least 25 attacks to try', () => {
    expect(attacks.length).toBeGreaterThanOrEqual(25);
  });

  it.each(attacks)('refuses %s', async (_name, url) => {
    const before = { victim: victimHits, web: web.hits.length };

    const failure = await client.get(url()).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(GuardedFetchError);
    expect(failure).toMatchObject({ failure: 'blocked' });
    expect(victimHits).toBe(before.victim);
    expect(web.hits.length).toBe(before.web);
  });

  it.each([
    ['a redirect to an internal service', '/to-internal'],
    ['a redirect to cloud metadata', '/to-metadata'],
    ['a redirect to a file', '/to-file'],
    ['more than five redirects', '/redirect/6'],
  ])('checks every redirect again: refuses %s', async (_name, path) => {
    const before = victimHits;

    const failure = await client.get(`${web.origin}${path}`).catch((error: unknown) => error);

    expect(failure).toMatchObject({ failure: 'blocked' });
    expect(victimHits).toBe(before);
  });

  it('follows up to five redirects on allowed addresses', async () => {
    const response = await client.get(`${web.origin}/redirect/5`);

    expect(response).toMatchObject({ status: 200, url: `${web.origin}/article`, contentType: 'text/html' });
  });

  it.each([
    ['a body larger than 5 MB', '/huge', 'too_large'],
    ['a declared length larger than 5 MB', '/huge-declared', 'too_large'],
    ['a small gzip that inflates past 5 MB', '/gzip-bomb', 'too_large'],
  ])('stops %s', async (_name, path, failure) => {
    await expect(client.get(`${web.origin}${path}`)).rejects.toMatchObject({ failure });
  });

  it('gives up on a server slower than the time limit', async () => {
    const quick = new GuardedHttpClient({ allowPrivateHosts: [web.host], timeoutMs: 300 });

    await expect(quick.get(`${web.origin}/slow`)).rejects.toMatchObject({ failure: 'timeout' });
  });

  it.each([
    ['a plain body', '/stalled'],
    ['a gzip body', '/stalled-gzip'],
  ])('gives up on a server that stops sending halfway through %s', async (_name, path) => {
    const quick = new GuardedHttpClient({ allowPrivateHosts: [web.host], timeoutMs: 300 });

    await expect(quick.get(`${web.origin}${path}`)).rejects.toMatchObject({ failure: 'timeout' });
  });

  it('reaches nothing private without the allow-list, the fakes included', async () => {
    const strict = new GuardedHttpClient();

    await expect(strict.get(`${web.origin}/article`)).rejects.toMatchObject({ failure: 'blocked' });
  });
});
