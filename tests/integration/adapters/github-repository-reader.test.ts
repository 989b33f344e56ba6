import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pack, type Header } from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AesGcmSecretBox } from '../../../adapters/crypto';
import { IntegrationEndpoints, integrationSettingsFromEnv } from '../../../adapters/integrations/integration-settings';
import { ProviderOAuth } from '../../../adapters/integrations/provider-oauth';
import { DEFAULT_REPOSITORY_LIMITS, GitHubRepositoryReader } from '../../../adapters/knowledge/github-repository-reader';
import { InMemoryConnectionLock } from '../../../adapters/memory/in-memory-connection-lock';
import { openDatabase } from '../../../adapters/postgres/database';
import { PgOAuthTokenRepository } from '../../../adapters/postgres/pg-oauth-token-repository';
import { SystemClock } from '../../../adapters/system/system-clock';
import { IntegrationConnections } from '../../../core/integrations/integration-connections';
import { KnowledgeReadError } from '../../../core/knowledge/content-reader.port';
import type { KnowledgeSourceRecord } from '../../../core/knowledge/knowledge-source';
import { startFakeGitHub, type FakeGitHub } from '../../fakes/github/fake-github';
import { ANA, startFakeIntegrations } from '../../fakes/integrations/fake-integrations';
import { testDatabase } from '../../support/database';
import { testLogger } from '../../support/logger';

let github: FakeGitHub;
beforeAll(async () => {
  github = await startFakeGitHub();
  await github.repository('acme', 'harbour', { 'README.md': '# Harbour\n\nBerth planning service.' });
});
afterAll(() => github?.close());

const source = {
  id: '6a1c1c1e-0000-4000-8000-000000000001',
  teamId: 'T1',
  kind: 'repository',
  title: 'https://github.com/acme/harbour',
  url: 'https://github.com/acme/harbour',
  fileId: null,
  pageLimit: 1,
  status: 'reading',
  progressDone: 0,
  progressTotal: 0,
  failure: null,
  sizeBytes: 0,
  chunkCount: 0,
  addedBy: 'U1',
  createdAt: new Date(),
  updatedAt: new Date(),
} as KnowledgeSourceRecord;

describe('A repository read while GitHub rate-limits', () => {
  it('a secondary rate limit (403 with retry-after) is temporary: the job retries, the source is not failed as "not authorized"', async () => {
    const reader = new GitHubRepositoryReader({ apiUrl: github.url });
    github.secondaryRateLimit(60);

    const error = await reader.read(source, new AbortController().signal).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(KnowledgeReadError);
    // Once the limit passes, the same source reads.
    const content = await reader.read(source, new AbortController().signal);
    expect(content.documents.map((d) => d.location.path)).toEqual(['README.md']);
  });
});

describe("A private repository read with the adder's GitHub connection", () => {
  it('a token GitHub expired before its recorded expiry is refreshed and the repository read with the fresh one', async () => {
    // A GitHub App's user tokens expire (8 hours) and come with a refresh token that rotates.
    const integrations = await startFakeIntegrations({ behaviours: { github: { expiresIn: 8 * 3600, refresh: true, rotates: true } } });
    const database = await openDatabase((await testDatabase()).url, { poolMax: 2 });
    try {
      const live = (token: string) => {
        const issued = integrations.oauth.tokens.get(token);
        return issued !== undefined && !issued.revoked && issued.expiresAt > Date.now();
      };
      github.refuse((token) => integrations.oauth.tokens.has(token) && !live(token));
      await github.repository('acme', 'lighthouse', { 'src/keeper.ts': 'export const KEEPER_SHIFT = "22:00 at the north pier";\n' }, {
        readableWith: (token) => live(token) && integrations.oauth.tokens.get(token)?.account.id === ANA.id,
      });
      const tokens = new PgOAuthTokenRepository(database.orm, AesGcmSecretBox.fromEnv(randomBytes(32).toString('base64')));
      const connections = new IntegrationConnections({
        tokens,
        oauth: new ProviderOAuth(new IntegrationEndpoints(integrationSettingsFromEnv(integrations.env(['github'])))),
        lock: new InMemoryConnectionLock(),
        clock: new SystemClock(),
        log: testLogger,
      });
      const issued = integrations.oauth.issue('github', ANA, 'repo');
      await tokens.append(source.teamId, {
        teamId: source.teamId,
        userId: source.addedBy,
        provider: 'github',
        accessToken: issued.accessToken,
        refreshToken: issued.refreshToken,
        scopes: 'repo',
        expiresAt: new Date(issued.expiresAt),
        accountName: 'ana',
        status: 'connected',
        updatedBy: source.addedBy,
        updatedAt: new Date(),
      });
      const reader = new GitHubRepositoryReader({
        apiUrl: github.url,
        token: (s) => connections.tokenFor(s.teamId, s.addedBy, 'github'),
        refused: (s, token) => connections.refusedByProvider(s.teamId, s.addedBy, 'github', token),
      });
      // GitHub ends the token hours before the expiry Tomo recorded.
      integrations.oauth.expire(issued.accessToken);

      const content = await reader.read({ ...source, url: 'https://github.com/acme/lighthouse', title: 'acme/lighthouse' }, new AbortController().signal);

      expect(content.documents.map((d) => d.text)).toEqual(['export const KEEPER_SHIFT = "22:00 at the north pier";\n']);
      const after = await tokens.findLatest(source.teamId, source.addedBy, 'github');
      expect(after).toMatchObject({ status: 'connected' });
      expect(after!.accessToken).not.toBe(issued.accessToken);
    } finally {
      await database.close();
      await integrations.close();
    }
  });
});

describe('A repository with Git LFS files and Japanese text in Shift_JIS', () => {
  it('leaves out the LFS pointer files GitHub’s archives hold by default, and reads Shift_JIS and EUC-JP text as Japanese', async () => {
    // By default GitHub's archives carry LFS pointers, not the files (docs: "Managing Git LFS
    // objects in archives of your repository"); a pointer is ~130 bytes of text.
    const pointer = (oid: string, size: number) => `version https://git-lfs.github.com/spec/v1\noid sha256:${oid}\nsize ${size}\n`;
    await github.repository('acme', 'survey', {
      'README.md': '# Survey\n\nDepth soundings of the outer harbour, taken every spring.',
      'data/soundings.csv': pointer('4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393', 48_213_377),
      'docs/handbook.md': pointer('ef0d46f630ed7fe8428c3b992bc91db0d78ec742fa71c59a4d976502af8eac6f', 2_204_311),
      // 測深は毎年春に外港で行います。 in Shift_JIS, as Japanese Windows tools still save text.
      'docs/手順.txt': Buffer.from('91aa905b82cd9688944e8f7482c98a4f8d6082c58d7382a282dc82b78142', 'hex'),
      'docs/legacy.txt': Buffer.from('b4dfcac9a4cebfe5bfbc', 'hex'), // 岸壁の水深 in EUC-JP
    });
    const reader = new GitHubRepositoryReader({ apiUrl: github.url });

    const content = await reader.read({ ...source, url: 'https://github.com/acme/survey', title: 'https://github.com/acme/survey' }, new AbortController().signal);

    expect(content.documents.map((d) => d.location.path).sort()).toEqual(['README.md', 'docs/legacy.txt', 'docs/手順.txt']);
    expect(content.documents.find((d) => d.location.path === 'docs/手順.txt')?.text).toBe('測深は毎年春に外港で行います。');
    expect(content.documents.find((d) => d.location.path === 'docs/legacy.txt')?.text).toBe('岸壁の水深');
    expect(content.documents.map((d) => d.text).join('\n')).not.toContain('git-lfs.github.com');
    // Read whole: nothing to say under the source.
    expect(content.cutAfterFiles).toBeUndefined();
  });
});

describe('A hostile or broken repository archive', () => {
  const ROOT = 'acme-wreck-1a2b3c4';
  const repoSource = (name: string) => ({ ...source, title: `https://github.com/acme/${name}`, url: `https://github.com/acme/${name}` }) as KnowledgeSourceRecord;
  /** A gzipped tar of these entries, made as tar-stream writes them (any name, type or pax header). */
  const tarball = async (entries: { header: Partial<Header> & Pick<Header, 'name'>; body?: Buffer | string }[]): Promise<Buffer> => {
    const tar = pack();
    const chunks: Buffer[] = [];
    tar.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
    const done = new Promise<void>((resolve) => tar.on('end', () => resolve()));
    for (const entry of entries) tar.entry(entry.header, entry.body ?? '');
    tar.finalize();
    await done;
    return gzipSync(Buffer.concat(chunks));
  };
  const limits = { ...DEFAULT_REPOSITORY_LIMITS };

  it('reads only the repository’s own files: no links followed, no name outside its folder (absolute, ../), nothing on disk', async () => {
    github.rawArchive(
      'acme',
      'links',
      await tarball([
        { header: { name: `${ROOT}/`, type: 'directory' } },
        { header: { name: `${ROOT}/README.md` }, body: '# Wreck\n\nThe real readme.' },
        { header: { name: `${ROOT}/passwd.md`, type: 'symlink', linkname: '/etc/passwd' } },
        { header: { name: `${ROOT}/hosts.md`, type: 'link', linkname: '../../../etc/hosts' } },
        { header: { name: '/etc/cron.d/evil.md' }, body: 'ABSOLUTE NAME' },
        { header: { name: `${ROOT}/../../escape.md` }, body: 'ESCAPED NAME' },
        { header: { name: `${ROOT}/./docs/../../up.md` }, body: 'DOTTED NAME' },
      ]),
    );

    const content = await new GitHubRepositoryReader({ apiUrl: github.url }).read(repoSource('links'), new AbortController().signal);

    // Before, `/etc/cron.d/evil.md` was read as etc/cron.d/evil.md and `../../escape.md` kept its
    // `..`, which the citation's github.com/…/blob/HEAD/ link resolves to another repository.
    expect(content.documents.map((d) => d.location.path)).toEqual(['README.md']);
    expect(existsSync(resolve(process.cwd(), '..', 'escape.md'))).toBe(false);
  });

  it('stops unpacking once its caps are reached: the rest, even cut short, is never read', async () => {
    const archive = await tarball([
      { header: { name: `${ROOT}/a.md` }, body: 'Berth A.' },
      { header: { name: `${ROOT}/b.md` }, body: 'Berth B.' },
      { header: { name: `${ROOT}/c.md` }, body: 'Berth C.' },
      { header: { name: `${ROOT}/noise.txt` }, body: randomBytes(256 * 1024).toString('hex') },
    ]);
    github.rawArchive('acme', 'capped', archive.subarray(0, archive.length - 100 * 1024));

    const content = await new GitHubRepositoryReader({ apiUrl: github.url, limits: { ...limits, maxFiles: 2 } }).read(repoSource('capped'), new AbortController().signal);

    // Before, the archive was unpacked to its (broken) end and the source failed as unreadable.
    expect(content.documents.map((d) => d.location.path)).toEqual(['a.md', 'b.md']);
    // The source says it was cut, and after how many files (App Home shows it).
    expect(content.cutAfterFiles).toBe(2);
    // Cut short before the caps: a clear failure, not a crash.
    const early = new GitHubRepositoryReader({ apiUrl: github.url }).read(repoSource('capped'), new AbortController().signal);
    await expect(early).rejects.toMatchObject({ code: 'unsupported' });
  });

  it('a repository exactly at the file or text cap is read whole, not cut; one file over either is cut', async () => {
    const berths = ['a.md', 'b.md', 'c.md'].map((name) => ({ header: { name: `${ROOT}/${name}` }, body: `Berth ${name[0]!.toUpperCase()}.` }));
    // Skipped anyway after the last kept file (a folder, a binary, vendored code): nothing left out.
    const skipped = [
      { header: { name: `${ROOT}/assets/`, type: 'directory' as const } },
      { header: { name: `${ROOT}/assets/logo.png` }, body: 'PNG' },
      { header: { name: `${ROOT}/node_modules/x/index.js` }, body: 'module.exports = 1;' },
    ];
    github.rawArchive('acme', 'exact', await tarball([...berths, ...skipped]));
    github.rawArchive('acme', 'over', await tarball([...berths, ...skipped, { header: { name: `${ROOT}/d.md` }, body: 'Berth D.' }]));
    const read = (name: string, capped: Partial<typeof limits>) =>
      new GitHubRepositoryReader({ apiUrl: github.url, limits: { ...limits, ...capped } }).read(repoSource(name), new AbortController().signal);
    const paths = (content: { documents: readonly { location: { path?: string } }[] }) => content.documents.map((d) => d.location.path);

    // Exactly 3 files, and exactly their 24 bytes of text: before, each was said to be cut after 3 files.
    for (const cap of [{ maxFiles: 3 }, { maxTextBytes: 24 }]) {
      const exact = await read('exact', cap);
      expect(paths(exact)).toEqual(['a.md', 'b.md', 'c.md']);
      expect(exact.cutAfterFiles).toBeUndefined();
      const over = await read('over', cap);
      expect(paths(over)).toEqual(['a.md', 'b.md', 'c.md']);
      expect(over.cutAfterFiles).toBe(3);
    }
  });

  it('a gzip or tar bomb (huge unpacked size, a huge pax size, many tiny entries) stops at its bounds: too large, or what was read before', async () => {
    const zeros = Buffer.alloc(16 * 1024 * 1024);
    github.rawArchive('acme', 'bomb', await tarball([{ header: { name: `${ROOT}/zeros.txt` }, body: zeros }]));
    github.rawArchive('acme', 'late-bomb', await tarball([{ header: { name: `${ROOT}/README.md` }, body: '# Before the bomb' }, { header: { name: `${ROOT}/zeros.txt` }, body: zeros }]));
    github.rawArchive('acme', 'pax', await tarball([{ header: { name: `${ROOT}/big.md`, pax: { size: '99999999999999' } }, body: zeros }]));
    github.rawArchive(
      'acme',
      'swarm',
      await tarball(Array.from({ length: 3_000 }, (_, n) => ({ header: { name: `${ROOT}/f${n}.md` }, body: '' }))),
    );
    const reader = new GitHubRepositoryReader({ apiUrl: github.url, limits: { ...limits, maxUnpackedBytes: 4 * 1024 * 1024, maxEntries: 1_000 } });
    const read = (name: string) => reader.read(repoSource(name), new AbortController().signal);

    // Before, each was unpacked to its end and read as a repository without text.
    await expect(read('bomb')).rejects.toMatchObject({ code: 'too_large' });
    await expect(read('pax')).rejects.toMatchObject({ code: 'too_large' });
    await expect(read('swarm')).rejects.toMatchObject({ code: 'too_large' });
    expect(await read('late-bomb')).toMatchObject({ documents: [{ location: { path: 'README.md' } }], cutAfterFiles: 1 });
  });

  it('a download stopped by the job (a worker shutting down) is not a failed source: the job retries it', async () => {
    const archive = await tarball([{ header: { name: `${ROOT}/README.md` }, body: randomBytes(64 * 1024).toString('hex') }]);
    github.rawArchive('acme', 'stuck', archive, { stall: Math.floor(archive.length / 2) });
    const job = new AbortController();
    const hits = github.hits.length;

    const reading = new GitHubRepositoryReader({ apiUrl: github.url }).read(repoSource('stuck'), job.signal).catch((e: unknown) => e);
    while (!github.hits.slice(hits).some((h) => h.startsWith('/codeload/acme/stuck/'))) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 100));
    job.abort(new Error('worker stopping'));

    // Before, it failed the source for good as "not a readable archive".
    const error = await reading;
    expect(error).not.toBeInstanceOf(KnowledgeReadError);
    expect(error).toMatchObject({ message: 'worker stopping' });
  });
});
