import { gzipSync } from 'node:zlib';
import { pack } from 'tar-stream';
import { sendJson, startHttpFake } from '../support/http-fake';

export interface FakeGitHub {
  /** For GITHUB_API_URL. */
  url: string;
  /** Paths requested, in order. */
  hits: string[];
  /** Adds a repository with these files (path → content); a private one is shown only to `readableWith` (a token, or the tokens it picks). */
  repository(owner: string, name: string, files: Record<string, string | Buffer>, options?: { readableWith?: string | ((token: string) => boolean) }): Promise<void>;
  /**
   * Serves these bytes as the repository's archive, as they are (a hand-made tar: links, `../`
   * names, pax headers, a bomb, cut short). `stall`: sends the first `stall` bytes, then holds the
   * connection open without a word more, as a stuck download does.
   */
  rawArchive(owner: string, name: string, archive: Buffer, options?: { stall?: number }): void;
  /** The token stops working, as when its owner removes the app on github.com: 401 for every request carrying it. */
  revoke(token: string): void;
  /** Every token `dead` picks gets 401, e.g. one an OAuth server expired (a GitHub App's expiring user tokens). */
  refuse(dead: (token: string) => boolean): void;
  /** The next tarball request hits GitHub's secondary rate limit: 403 with `retry-after`, the primary limit not spent. */
  secondaryRateLimit(retryAfterSeconds: number): void;
  close(): Promise<void>;
}

/**
 * GitHub's REST tarball endpoint as it behaves: `GET /repos/{owner}/{repo}/tarball` answers 302
 * to codeload, which serves a gzipped tar whose entries sit under `<owner>-<repo>-<sha>/`;
 * an unknown (or private) repository is a 404 JSON error.
 */
export async function startFakeGitHub(): Promise<FakeGitHub> {
  const archives = new Map<string, Buffer>();
  const privateTokens = new Map<string, (token: string) => boolean>();
  const revoked = new Set<string>();
  const refusals: ((token: string) => boolean)[] = [];
  const hits: string[] = [];
  const limited: number[] = [];
  const stalls = new Map<string, number>();
  const http = await startHttpFake((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    hits.push(path);
    const api = /^\/repos\/([^/]+)\/([^/]+)\/tarball(?:\/[^/]+)?$/.exec(path);
    if (api) {
      const wait = limited.shift();
      if (wait !== undefined) {
        res.writeHead(403, { 'content-type': 'application/json', 'retry-after': String(wait), 'x-ratelimit-limit': '5000', 'x-ratelimit-remaining': '4990' });
        res.end(JSON.stringify({ message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.', documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits', status: '403' }));
        return;
      }
      // GitHub refuses a dead token outright, even for a public repository.
      const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (revoked.has(bearer) || (bearer !== '' && refusals.some((dead) => dead(bearer)))) {
        sendJson(res, 401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' });
        return;
      }
      const key = `${decodeURIComponent(api[1]!)}/${decodeURIComponent(api[2]!)}`;
      const required = privateTokens.get(key);
      if (!archives.has(key) || (required !== undefined && !(req.headers.authorization?.startsWith('Bearer ') && required(bearer)))) {
        sendJson(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest/repos/contents#download-a-repository-archive-tar', status: '404' });
        return;
      }
      // Like GitHub, a private archive's codeload address carries a short-lived token of its own.
      res.writeHead(302, { location: `/codeload/${key}/legacy.tar.gz/refs/heads/main${required === undefined ? '' : `?token=t-${encodeURIComponent(bearer)}`}` });
      res.end();
      return;
    }
    const codeload = /^\/codeload\/([^/]+)\/([^/]+)\/legacy\.tar\.gz\//.exec(path);
    const codeKey = codeload ? `${codeload[1]}/${codeload[2]}` : '';
    const codeToken = privateTokens.get(codeKey);
    const given = new URL(req.url ?? '/', 'http://fake').searchParams.get('token') ?? '';
    const allowed = codeToken === undefined || (given.startsWith('t-') && codeToken(given.slice(2)));
    const archive = codeload && allowed ? archives.get(codeKey) : undefined;
    if (!archive) {
      sendJson(res, 404, { message: 'Not Found' });
      return;
    }
    res.writeHead(200, { 'content-type': 'application/x-gzip', 'content-length': String(archive.length) });
    const stall = stalls.get(codeKey);
    if (stall === undefined) res.end(archive);
    else res.write(archive.subarray(0, stall));
  });
  return {
    url: http.origin,
    hits,
    async repository(owner, name, files, options) {
      const tar = pack();
      const chunks: Buffer[] = [];
      tar.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
      const done = new Promise<void>((resolve) => tar.on('end', () => resolve()));
      const root = `${owner}-${name}-1a2b3c4`;
      tar.entry({ name: `${root}/`, type: 'directory' });
      for (const [path, content] of Object.entries(files)) tar.entry({ name: `${root}/${path}` }, typeof content === 'string' ? Buffer.from(content) : content);
      tar.finalize();
      await done;
      archives.set(`${owner}/${name}`, gzipSync(Buffer.concat(chunks)));
      const readable = options?.readableWith;
      if (readable !== undefined) privateTokens.set(`${owner}/${name}`, typeof readable === 'string' ? (token) => token === readable : readable);
    },
    rawArchive(owner, name, archive, options) {
      archives.set(`${owner}/${name}`, archive);
      if (options?.stall !== undefined) stalls.set(`${owner}/${name}`, options.stall);
    },
    revoke: (token) => revoked.add(token),
    refuse: (dead) => refusals.push(dead),
    secondaryRateLimit: (seconds) => limited.push(seconds),
    close: () => http.close(),
  };
}
