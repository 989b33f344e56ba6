import type { LookupFunction } from 'node:net';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { once } from 'node:events';
import { createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from 'node:zlib';
import { pipeline, type Readable } from 'node:stream';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/**
 * Why a fetch made on someone's behalf was refused or failed. `blocked`: the address is not
 * one Tomo may open (scheme, credentials, a private, loopback, link-local, CGNAT, multicast
 * or metadata address, too many redirects). Messages never carry content.
 */
export type GuardedFetchFailure = 'blocked' | 'too_large' | 'unsupported' | 'timeout' | 'connection' | 'bad_response';

export class GuardedFetchError extends Error {
  override readonly name = 'GuardedFetchError';
  constructor(
    readonly failure: GuardedFetchFailure,
    detail: string,
  ) {
    super(`Guarded fetch ${failure}: ${detail}`);
  }
}

/** `blocked` for a chain of more redirects than the client follows (a loop, say), told apart for robots.txt (RFC 9309 §2.3.1.2). */
export class TooManyRedirectsError extends GuardedFetchError {
  constructor(maxRedirects: number) {
    super('blocked', `more than ${maxRedirects} redirects`);
  }
}

export interface GuardedHttpOptions {
  /**
   * Exact `host:port` pairs that may be reached even on a private address
   * (`FETCH_ALLOW_PRIVATE_HOSTS`; tests reach their fakes on 127.0.0.1 this way). Empty by
   * default and never set by the app itself.
   */
  readonly allowPrivateHosts?: readonly string[];
  /** Default 5. */
  readonly maxRedirects?: number;
  /** Largest body, after decompression. Default 5 MB. */
  readonly maxBytes?: number;
  /** For the whole fetch, redirects included. Default 10 s. */
  readonly timeoutMs?: number;
  /** Name resolution; tests give one that maps made-up names to chosen addresses. */
  readonly lookup?: LookupFunction;
  readonly userAgent?: string;
}

export interface GuardedGetOptions {
  readonly signal?: AbortSignal;
  /** Sent as `Accept`. */
  readonly accept?: string;
  /** Decides from the Content-Type (lower case, without parameters) whether the body is wanted. */
  readonly wants?: (contentType: string) => boolean;
  /** A smaller body cap for this request (after decompression); the client's own cap still applies. */
  readonly maxBytes?: number;
  /**
   * Keep the first `maxBytes` of a larger body instead of refusing it (robots.txt: RFC 9309 §2.5
   * has crawlers parse at least 500 KiB and ignore the rest), always or for the Content-Types
   * the function takes (an HTML page's beginning reads well, a PDF's does not).
   */
  readonly truncate?: boolean | ((contentType: string) => boolean);
}

export interface GuardedResponse {
  /** The address that answered, after redirects. */
  readonly url: string;
  readonly status: number;
  /** Lower case, without parameters (`text/html`). */
  readonly contentType: string;
  /** The `charset` parameter, if any. */
  readonly charset: string | undefined;
  readonly body: Uint8Array;
  /** The final response's headers (lower-case names), for callers that cache (robots.txt). */
  readonly headers: IncomingHttpHeaders;
}

/** Sent with every request; its product token (`TomoBot`) names Tomo's group in a robots.txt. */
export const DEFAULT_USER_AGENT = 'TomoBot/1.0 (+https://github.com/tomo)';

export const DEFAULT_GUARDED_LIMITS = { maxRedirects: 5, maxBytes: 5 * 1024 * 1024, timeoutMs: 10_000 } as const;

const filtering = { http: new RequestFilteringHttpAgent(), https: new RequestFilteringHttpsAgent() };
const allowingPrivate = {
  http: new RequestFilteringHttpAgent({ allowPrivateIPAddress: true }),
  https: new RequestFilteringHttpsAgent({ allowPrivateIPAddress: true }),
};

/**
 * The one HTTP client for every fetch Tomo makes on a user's behalf (OWASP SSRF cheat sheet):
 * http(s) only, no credentials in the address, and the address each name resolves to checked
 * when the socket connects (request-filtering-agent, so DNS rebinding gets no second look),
 * again on every redirect. IPv4 in any spelling (decimal, octal, hex) is normalised by the
 * URL parser first; IPv6, IPv4-mapped and NAT64 forms are checked as addresses. Size and
 * time are capped, compressed bodies included.
 */
export class GuardedHttpClient {
  private readonly limits: { maxRedirects: number; maxBytes: number; timeoutMs: number };
  private readonly allowed: ReadonlySet<string>;

  constructor(private readonly options: GuardedHttpOptions = {}) {
    this.limits = {
      maxRedirects: options.maxRedirects ?? DEFAULT_GUARDED_LIMITS.maxRedirects,
      maxBytes: options.maxBytes ?? DEFAULT_GUARDED_LIMITS.maxBytes,
      timeoutMs: options.timeoutMs ?? DEFAULT_GUARDED_LIMITS.timeoutMs,
    };
    this.allowed = new Set((options.allowPrivateHosts ?? []).map((entry) => entry.trim().toLowerCase()).filter(Boolean));
  }

  /** The User-Agent header this client sends. */
  get userAgent(): string {
    return this.options.userAgent ?? DEFAULT_USER_AGENT;
  }

  async get(address: string, options: GuardedGetOptions = {}): Promise<GuardedResponse> {
    const deadline = AbortSignal.timeout(this.limits.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
    let url = checkAddress(address);
    for (let hop = 0; ; hop += 1) {
      const response = await this.open(url, options, signal);
      const location = response.headers.location;
      if (response.statusCode !== undefined && response.statusCode >= 300 && response.statusCode < 400 && location) {
        response.resume();
        if (hop >= this.limits.maxRedirects) throw new TooManyRedirectsError(this.limits.maxRedirects);
        url = checkAddress(URL.canParse(location, url) ? new URL(location, url).toString() : 'invalid:');
        continue;
      }
      const [type = '', ...params] = (response.headers['content-type'] ?? '').split(';');
      const contentType = type.trim().toLowerCase();
      const charset = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('charset='))?.slice('charset='.length).replace(/"/g, '');
      if (options.wants && !options.wants(contentType)) {
        response.destroy();
        throw new GuardedFetchError('unsupported', contentType || 'no content type');
      }
      const truncate = typeof options.truncate === 'function' ? options.truncate(contentType) : options.truncate === true;
      const body = await this.readBody(response, signal, Math.min(this.limits.maxBytes, options.maxBytes ?? Infinity), truncate);
      return { url: url.toString(), status: response.statusCode ?? 0, contentType, charset, body, headers: response.headers };
    }
  }

  private open(url: URL, options: GuardedGetOptions, signal: AbortSignal): Promise<IncomingMessage> {
    const secure = url.protocol === 'https:';
    const port = url.port || (secure ? '443' : '80');
    const agents = this.allowed.has(`${url.hostname}:${port}`.toLowerCase()) ? allowingPrivate : filtering;
    const send = secure ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const request = send(
        {
          protocol: url.protocol,
          hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
          port,
          path: `${url.pathname}${url.search}`,
          method: 'GET',
          agent: secure ? agents.https : agents.http,
          signal,
          ...(this.options.lookup ? { lookup: this.options.lookup } : {}),
          headers: {
            'user-agent': this.userAgent,
            accept: options.accept ?? '*/*',
            'accept-encoding': 'gzip, deflate, br',
          },
        },
        resolve,
      );
      request.on('error', (error) => reject(toFetchError(error, signal)));
      request.end();
    });
  }

  private async readBody(response: IncomingMessage, signal: AbortSignal, maxBytes: number, truncate: boolean): Promise<Uint8Array> {
    const declared = Number(response.headers['content-length']);
    const encoding = (response.headers['content-encoding'] ?? 'identity').toLowerCase();
    if (!truncate && encoding === 'identity' && Number.isFinite(declared) && declared > maxBytes) {
      response.destroy();
      throw new GuardedFetchError('too_large', `${declared} bytes`);
    }
    const parts: Buffer[] = [];
    let total = 0;
    let stream: Readable = response;
    try {
      stream = decoded(response, encoding, encoding === 'deflate' && !isZlib(await firstBytes(response, signal)));
      for await (const part of stream as AsyncIterable<Buffer>) {
        if (truncate && total + part.length >= maxBytes) {
          parts.push(part.subarray(0, maxBytes - total));
          total = maxBytes;
          break;
        }
        total += part.length;
        if (total > maxBytes) throw new GuardedFetchError('too_large', `over ${maxBytes} bytes`);
        parts.push(part);
      }
    } catch (error) {
      throw error instanceof GuardedFetchError ? error : toFetchError(error, signal);
    } finally {
      response.destroy();
      stream.destroy();
    }
    return Buffer.concat(parts);
  }
}

/** The address as a URL, if it is one Tomo may ask for at all (before any name is resolved). */
export function checkAddress(address: string): URL {
  if (!URL.canParse(address)) throw new GuardedFetchError('blocked', 'not a URL');
  const url = new URL(address);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new GuardedFetchError('blocked', `scheme ${url.protocol}`);
  if (url.username !== '' || url.password !== '') throw new GuardedFetchError('blocked', 'credentials in the address');
  if (url.hostname === '') throw new GuardedFetchError('blocked', 'no host');
  if (BAD_PORTS.has(url.port)) throw new GuardedFetchError('blocked', `port ${url.port}`);
  url.hash = '';
  return url;
}

/**
 * The Fetch standard's bad ports (mail, SSH, FTP, DNS, IRC, SIP…), which browsers and Node's
 * own fetch refuse: an HTTP request sent there lets a link talk to another protocol's server
 * (a public SMTP or IRC server) in Tomo's name.
 */
const BAD_PORTS = new Set(
  [
    1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135,
    137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719,
    1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
  ].map(String),
);

/**
 * The body, decompressed. `pipeline`, not `pipe`: when the deadline aborts the response, the
 * decompressor must fail too, or a server that stops halfway through a compressed body would
 * hold the read (and what it has read) forever.
 */
function decoded(response: IncomingMessage, encoding: string, rawDeflate: boolean): Readable {
  const decompressor =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? rawDeflate
          ? createInflateRaw()
          : createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : undefined;
  if (decompressor === undefined) return response;
  // Errors reach the reader through the decompressor it iterates.
  return pipeline(response, decompressor, () => undefined);
}

/**
 * The body's first bytes, left in the stream to be read again. `Content-Encoding: deflate`
 * means zlib-wrapped deflate (RFC 9110), but some servers (older IIS, hand-written handlers)
 * send raw deflate, which browsers and undici read too; zlib's inflate refused it as broken.
 */
async function firstBytes(response: IncomingMessage, signal: AbortSignal): Promise<Buffer> {
  for (;;) {
    const chunk = response.read() as Buffer | null;
    if (chunk !== null) {
      response.unshift(chunk);
      return chunk;
    }
    if (response.readableEnded || response.destroyed) return Buffer.alloc(0);
    await once(response, 'readable', { signal });
  }
}

/** A zlib header (RFC 1950): method 8, and the two bytes a multiple of 31. Raw deflate otherwise. */
function isZlib(bytes: Buffer): boolean {
  return bytes.length < 2 || ((bytes[0]! & 0x0f) === 8 && (bytes[0]! * 256 + bytes[1]!) % 31 === 0);
}

function toFetchError(error: unknown, signal: AbortSignal): GuardedFetchError {
  if (signal.aborted) return new GuardedFetchError('timeout', 'stopped');
  const message = error instanceof Error ? error.message : String(error);
  // request-filtering-agent refuses with "DNS lookup … is not allowed".
  if (/is not allowed/.test(message)) return new GuardedFetchError('blocked', 'private or reserved address');
  if (error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('Z_')) {
    return new GuardedFetchError('bad_response', 'broken compression');
  }
  return new GuardedFetchError('connection', error instanceof Error && 'code' in error ? String(error.code) : 'failed');
}
