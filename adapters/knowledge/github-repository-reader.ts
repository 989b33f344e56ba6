import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createGunzip } from 'node:zlib';
import { extract } from 'tar-stream';
import { KnowledgeReadError, type CodeLanguage, type ExtractedDocument, type SourceContent, type SourceContentReader } from '../../core/knowledge/content-reader.port';
import { githubRepository } from '../../core/knowledge/add-source.use-case';
import type { KnowledgeSourceRecord } from '../../core/knowledge/knowledge-source';
import { decodeUndeclaredText } from '../documents/charset';

export interface RepositoryLimits {
  /** The archive as downloaded (gzip). */
  readonly maxArchiveBytes: number;
  /** One file; larger ones are generated data more often than code. */
  readonly maxFileBytes: number;
  readonly maxFiles: number;
  readonly maxTextBytes: number;
  /**
   * The tar as unpacked, and its entries (files, folders, links, headers), read or skipped: a
   * 100 MB gzip of zeros unpacks to 100 GB, and a tar of millions of empty files kept the
   * worker busy to its end. Past either the read stops with what it has (too large with nothing).
   */
  readonly maxUnpackedBytes: number;
  readonly maxEntries: number;
}

export const DEFAULT_REPOSITORY_LIMITS: RepositoryLimits = {
  maxArchiveBytes: 100 * 1024 * 1024,
  maxFileBytes: 512 * 1024,
  maxFiles: 2_000,
  maxTextBytes: 20 * 1024 * 1024,
  maxUnpackedBytes: 2 * 1024 * 1024 * 1024,
  maxEntries: 200_000,
};

/** How long GitHub has to send the whole archive. */
const ARCHIVE_TIMEOUT_MS = 120_000;

/** Ends the unpacking early: nothing more will be kept (`enough`), or the archive is a bomb (`bounds`). */
class StopReading extends Error {
  constructor(readonly reason: 'enough' | 'bounds') {
    super(reason);
  }
}

/** Folders of dependencies, builds and tooling: not the team's own words. */
const SKIPPED_DIRS = new Set(['node_modules', 'vendor', 'vendors', 'third_party', 'third-party', 'dist', 'build', 'out', 'target', '.git', '.github', '.idea', '.vscode', '__pycache__', '.venv', 'venv', 'bower_components', 'coverage', '.next', '.nuxt', 'Pods', 'DerivedData']);
/** Lock files, minified and generated files. */
const SKIPPED_FILES = [/\.min\.(js|css)$/i, /\.map$/i, /(^|\/)(package-lock\.json|yarn\.lock|pnpm-lock\.yaml|Cargo\.lock|Gemfile\.lock|poetry\.lock|composer\.lock|go\.sum)$/i, /\.(pb|generated|g)\.\w+$/i, /_pb2\.py$/i];
const BINARY_EXTENSIONS = /\.(png|jpe?g|gif|webp|ico|bmp|tiff?|psd|pdf|zip|gz|tgz|bz2|xz|7z|rar|jar|war|class|exe|dll|so|dylib|o|a|wasm|bin|dat|db|sqlite|woff2?|ttf|otf|eot|mp3|mp4|mov|avi|wav|flac|ogg|webm|pyc|lockb)$/i;

const LANGUAGES: Readonly<Record<string, CodeLanguage>> = {
  js: 'js', jsx: 'js', mjs: 'js', cjs: 'js', ts: 'js', tsx: 'js', mts: 'js', cts: 'js', vue: 'js', svelte: 'js',
  py: 'python', go: 'go', java: 'java', kt: 'kotlin', kts: 'kotlin', rs: 'rust', rb: 'ruby', php: 'php',
  c: 'cpp', h: 'cpp', cc: 'cpp', cpp: 'cpp', hpp: 'cpp', cs: 'java', swift: 'swift', scala: 'scala', sol: 'sol',
  md: 'markdown', mdx: 'markdown', html: 'html', htm: 'html',
};

/**
 * A public GitHub repository from its default branch's tarball (REST `GET /repos/{owner}/{repo}/tarball`,
 * which redirects to codeload), streamed through gunzip and tar: text files only, with code
 * tagged by language so the splitter cuts along functions; binaries (by extension or a NUL
 * byte), vendored, built, lock and minified files skipped; sizes and counts capped. Nothing is
 * written to disk.
 */
export class GitHubRepositoryReader implements SourceContentReader {
  constructor(
    private readonly options: {
      apiUrl: string;
      limits?: RepositoryLimits;
      token?: (source: KnowledgeSourceRecord) => Promise<string | undefined>;
      /**
       * GitHub refused the adder's token (401): their connection is refreshed where it can be,
       * else says "reconnect needed". Resolves the fresh token to try instead, if there is one.
       */
      refused?: (source: KnowledgeSourceRecord, token: string) => Promise<string | undefined>;
    },
  ) {}

  async read(source: KnowledgeSourceRecord, signal: AbortSignal): Promise<SourceContent> {
    const repo = githubRepository(source.url ?? '');
    if (!repo) throw new KnowledgeReadError('not_found', 'not a GitHub repository address');
    const limits = this.options.limits ?? DEFAULT_REPOSITORY_LIMITS;
    const token = await this.options.token?.(source);
    // The job's signal, or GitHub's time up: the download and the unpacking stop with either.
    const deadline = AbortSignal.any([signal, AbortSignal.timeout(ARCHIVE_TIMEOUT_MS)]);
    let response = await this.tarball(repo, token, deadline);
    // GitHub answers 401 to a dead token (removed by its owner, expired unused or early) even
    // for a public repository, which needs no sign-in at all. A fresh token (refreshed now, or
    // by another request meanwhile) is tried once; without one, the repository is read as public.
    if (token && response.status === 401) {
      await response.body?.cancel();
      const fresh = await this.refused(source, token);
      if (fresh !== undefined) {
        response = await this.tarball(repo, fresh, deadline);
        if (response.status === 401) {
          await response.body?.cancel();
          await this.refused(source, fresh);
          response = await this.tarball(repo, undefined, deadline);
        }
      } else {
        response = await this.tarball(repo, undefined, deadline);
      }
    }
    // GitHub answers 404 for private repositories it will not show without a token.
    if (response.status === 404) throw new KnowledgeReadError('not_found');
    if (response.status === 401 || response.status === 403) {
      // The primary limit spent, or a secondary limit (403 with retry-after): temporary, the job retries.
      if (response.headers.get('x-ratelimit-remaining') === '0' || response.headers.has('retry-after')) {
        await response.body?.cancel();
        throw new Error('GitHub API rate limit reached; retried later');
      }
      throw new KnowledgeReadError('not_authorized');
    }
    if (!response.ok || !response.body) throw new Error(`GitHub answered HTTP ${response.status}; retried later`);
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    if (Number.isFinite(declared) && declared > limits.maxArchiveBytes) throw new KnowledgeReadError('too_large');
    try {
      return await this.unpack(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), limits);
    } catch (error) {
      // Stopped, not unreadable: the job's own abort is its to handle (before, a worker shutting
      // down mid-download failed the source for good as "not a readable archive").
      signal.throwIfAborted();
      if (deadline.aborted) throw new KnowledgeReadError('fetch_failed', 'GitHub took too long to send the archive');
      throw error;
    }
  }

  /** Tells the connection; never lets that bookkeeping hide the read itself. */
  private async refused(source: KnowledgeSourceRecord, token: string): Promise<string | undefined> {
    const fresh = await this.options.refused?.(source, token).catch(() => undefined);
    return fresh === token ? undefined : fresh;
  }

  private async tarball(repo: { owner: string; name: string }, token: string | undefined, signal: AbortSignal): Promise<Response> {
    const base = this.options.apiUrl.replace(/\/$/, '');
    try {
      return await fetch(`${base}/repos/${encodeURIComponent(repo.owner)}/${encodeURIComponent(repo.name)}/tarball`, {
        headers: { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28', 'user-agent': 'Tomo', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        redirect: 'follow',
        signal,
      });
    } catch (error) {
      if (signal.aborted && !(signal.reason instanceof DOMException && signal.reason.name === 'TimeoutError')) throw error;
      throw new KnowledgeReadError('fetch_failed', 'GitHub could not be reached');
    }
  }

  private async unpack(body: Readable, limits: RepositoryLimits): Promise<SourceContent> {
    const documents: ExtractedDocument[] = [];
    let sizeBytes = 0;
    let archiveBytes = 0;
    let unpackedBytes = 0;
    let entries = 0;
    let tooLarge = false;
    /** The file or text cap reached: a further file that would be kept means the repository was cut. */
    let full = false;
    const tar = extract();
    tar.on('entry', (header, stream, next) => {
      // The archive's error (cut short, stopped) reaches the entry being read too, and one without
      // a listener ended the whole worker (an uncaught exception): the pipeline reports it.
      stream.on('error', () => {});
      entries += 1;
      if (entries > limits.maxEntries) {
        tar.destroy(new StopReading('bounds'));
        return;
      }
      // GitHub's tarballs wrap everything in "<owner>-<repo>-<sha>/". A name outside it
      // (absolute, `../`) is no file of the repository, and would send its citation elsewhere.
      const segments = header.name.split('/');
      const path = segments.slice(1).join('/');
      const inside = segments[0] !== '' && segments.every((segment) => segment !== '..' && segment !== '.');
      const wanted = header.type === 'file' && inside && path !== '' && keep(path) && (header.size ?? 0) <= limits.maxFileBytes;
      if (!wanted) {
        stream.on('end', next).resume();
        return;
      }
      const parts: Buffer[] = [];
      stream.on('data', (part: unknown) => parts.push(part as Buffer));
      stream.on('end', () => {
        const bytes = Buffer.concat(parts);
        const text = bytes.subarray(0, 8_000).includes(0) || isLfsPointer(bytes) ? '' : repositoryText(bytes);
        if (text.trim() !== '') {
          // A file that would be kept after the caps were reached: the repository is cut here,
          // and the rest of the archive would only be unpacked to be skipped.
          if (full) {
            tar.destroy(new StopReading('enough'));
            return;
          }
          sizeBytes += bytes.length;
          const language = LANGUAGES[path.split('.').pop()?.toLowerCase() ?? ''];
          documents.push({ text, location: { path, lineStart: 1 }, ...(language ? { language } : {}) });
        }
        // The caps reached: nothing more is kept, but the repository is cut only if a file that
        // would have been kept follows (before, one of exactly 2,000 files, or exactly the text
        // cap, was said to be cut though nothing was left out). Entries skipped anyway (folders,
        // vendored, binary files) are passed over, within the archive's bounds.
        full = documents.length >= limits.maxFiles || sizeBytes >= limits.maxTextBytes;
        next();
      });
    });
    const unpacked = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        unpackedBytes += chunk.length;
        done(unpackedBytes > limits.maxUnpackedBytes ? new StopReading('bounds') : null, chunk);
      },
    });
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        archiveBytes += chunk.length;
        if (archiveBytes > limits.maxArchiveBytes) {
          tooLarge = true;
          done(new Error('archive too large'));
          return;
        }
        done(null, chunk);
      },
    });
    try {
      await pipeline(body, counter, createGunzip(), unpacked, tar);
    } catch (error) {
      // A file past the caps (`enough`), or past the entries or bytes unpacked (`bounds`, where
      // the rest is not looked at): what was read so far is kept, and the source says it was cut,
      // with the files read (App Home shows it).
      if (error instanceof StopReading && (error.reason === 'enough' || documents.length > 0)) return { documents, sizeBytes, cutAfterFiles: documents.length };
      if (error instanceof StopReading) throw new KnowledgeReadError('too_large', 'archive unpacks too large');
      throw new KnowledgeReadError(tooLarge ? 'too_large' : 'unsupported', tooLarge ? 'archive too large' : 'not a readable archive');
    }
    return { documents, sizeBytes };
  }
}

/**
 * A Git LFS pointer (git-lfs spec v1: under 1024 bytes, first line `version
 * https://git-lfs.github.com/spec/v1`), which GitHub's archives hold instead of the file unless
 * the repository opts in to "Include Git LFS objects in archives": no words of the team's own.
 */
function isLfsPointer(bytes: Buffer): boolean {
  return bytes.length < 1024 && bytes.subarray(0, 60).toString('latin1').startsWith('version https://git-lfs.github.com/spec/');
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** A file's text: UTF-8, or else the charset its bytes read best in (`decodeUndeclaredText`: Shift_JIS or EUC-JP from Japanese Windows tools, GBK, Big5…). */
function repositoryText(bytes: Buffer): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    return decodeUndeclaredText(bytes);
  }
}

function keep(path: string): boolean {
  const segments = path.split('/');
  if (segments.slice(0, -1).some((dir) => SKIPPED_DIRS.has(dir))) return false;
  if (BINARY_EXTENSIONS.test(path)) return false;
  return !SKIPPED_FILES.some((pattern) => pattern.test(path));
}
