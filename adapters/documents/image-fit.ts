import sharp, { type Metadata } from 'sharp';
import { IMAGE_LIMITS } from '../../core/readers/file-contents.port';
import { ReaderError } from '../../core/readers/reader';
import { Turns } from './turns';

/**
 * Shared images made to fit what the models take (`IMAGE_LIMITS`), with sharp (libvips):
 * a 4–15 MB phone photo or a 6000 × 4000 screenshot is scaled down (aspect ratio kept, EXIF
 * orientation applied, metadata such as GPS position left out) and re-encoded, instead of being
 * dropped as too large. An image already within the limits, upright and of the type it claims,
 * is sent as it is. ADR 86.
 */

/**
 * Pixels an image may declare before anything is decoded: a "decompression bomb" (a few KB of
 * PNG declaring 50,000 × 50,000) is refused instead of taking gigabytes. 100 MP holds a 48 MP
 * phone photo and a 10,000 × 10,000 scan; the download cap (25 MB) bounds the bytes.
 */
export const MAX_INPUT_PIXELS = 100_000_000;
/** The smallest long edge tried before an image is given up as too large. */
const MIN_LONG_EDGE = 400;
/** JPEG and WebP quality: text in a screenshot stays legible. */
const QUALITY = 85;

/**
 * Images worked on at once in this process. sharp runs off the event loop, on libuv's thread
 * pool (4 threads by default, shared with file system, DNS lookups and zlib) and libvips' own
 * threads; each large image takes tens to hundreds of MB while it is decoded. A burst (100
 * photos shared at once, across answers) waits its turn here instead of decoding them all
 * together, and leaves pool threads for the rest of the process.
 */
export const IMAGE_JOBS_AT_ONCE = 2;
const imageTurns = new Turns(IMAGE_JOBS_AT_ONCE);

// libvips' operation cache keeps recent images for reuse; shared images are each seen once.
sharp.cache(false);

/** Images being worked on and waiting for their turn (for tests and diagnostics). */
export function imageJobStats(): { running: number; waiting: number } {
  return { running: imageTurns.running, waiting: imageTurns.waiting };
}

const TYPES: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' };

export interface FittedImage {
  mediaType: string;
  data: Buffer;
  width: number;
  height: number;
  /** The upright size before it was scaled down; absent when it was not. */
  scaledFrom?: { width: number; height: number };
}

/**
 * The image within `IMAGE_LIMITS`. Throws `ReaderError('unsupported')` for bytes that are not
 * a JPEG, PNG, GIF or WebP image (whatever the file claims), `ReaderError('too_large')` for one
 * over `MAX_INPUT_PIXELS` or that cannot be made to fit.
 */
export async function fitImage(bytes: Uint8Array, options: { signal?: AbortSignal } = {}): Promise<FittedImage> {
  options.signal?.throwIfAborted();
  await imageTurns.take(options.signal).catch(() => {
    throw new ReaderError('failed', 'stopped');
  });
  try {
    return await fit(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), options.signal);
  } finally {
    imageTurns.release();
  }
}

/** JPEG, PNG, GIF or WebP by their first bytes: sharp reads nothing else (no SVG or TIFF parser on a file that claims to be a PNG). */
function looksLikeImage(input: Buffer): boolean {
  const starts = (bytes: number[], at = 0) => bytes.every((byte, n) => input[at + n] === byte);
  return (
    starts([0xff, 0xd8, 0xff]) ||
    starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) ||
    starts([0x47, 0x49, 0x46, 0x38]) ||
    (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8))
  );
}

async function fit(input: Buffer, signal: AbortSignal | undefined): Promise<FittedImage> {
  if (!looksLikeImage(input)) throw new ReaderError('unsupported', 'not a JPEG, PNG, GIF or WebP image');
  let meta: Metadata;
  try {
    // The header only: nothing is decoded yet.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ReaderError('unsupported', 'not a readable image');
  }
  const type = TYPES[meta.format ?? ''];
  if (type === undefined || !meta.width || !meta.height) throw new ReaderError('unsupported', `not a JPEG, PNG, GIF or WebP image (${meta.format ?? 'unknown'})`);
  // A GIF's or WebP's first frame is what is read (`pageHeight`), as the providers do.
  const height = meta.pageHeight ?? meta.height;
  if (meta.width * height > MAX_INPUT_PIXELS) throw new ReaderError('too_large', `${meta.width} × ${height} px`);
  const sideways = (meta.orientation ?? 1) >= 5;
  const upright = { width: sideways ? height : meta.width, height: sideways ? meta.width : height };
  const scale = Math.min(1, IMAGE_LIMITS.maxLongEdge / Math.max(upright.width, upright.height), Math.sqrt(IMAGE_LIMITS.maxPixels / (upright.width * upright.height)));
  const fitsAsItIs = scale === 1 && (meta.orientation ?? 1) === 1 && base64Length(input.length) <= IMAGE_LIMITS.maxBase64Chars && (meta.pages ?? 1) === 1;
  if (fitsAsItIs) {
    // Decoded once (at most 1.15 MP): a cut-off upload would have the provider refuse the whole request.
    await decode(input);
    return { mediaType: type, data: input, width: upright.width, height: upright.height };
  }

  // Photos stay JPEG; images that may be transparent (PNG, GIF, WebP) stay PNG, then WebP, which
  // keeps the transparency in far fewer bytes when a PNG is still too large.
  const encodings: Encoding[] = meta.format === 'jpeg' ? ['jpeg'] : meta.hasAlpha ? ['png', 'webp'] : meta.format === 'webp' ? ['webp'] : ['png', 'jpeg'];
  // Rounded down, so the pixels stay within `maxPixels`.
  let longEdge = Math.floor(Math.max(upright.width, upright.height) * scale);
  for (;;) {
    const ratio = longEdge / Math.max(upright.width, upright.height);
    const width = Math.max(1, Math.floor(upright.width * ratio));
    const height = Math.max(1, Math.floor(upright.height * ratio));
    for (const encoding of encodings) {
      signal?.throwIfAborted();
      const data = await encode(input, encoding, width, height);
      if (base64Length(data.length) <= IMAGE_LIMITS.maxBase64Chars) {
        return { mediaType: TYPES[encoding]!, data, width, height, ...(width !== upright.width || height !== upright.height ? { scaledFrom: upright } : {}) };
      }
    }
    if (longEdge <= MIN_LONG_EDGE) throw new ReaderError('too_large', 'the image does not fit even scaled down');
    longEdge = Math.max(MIN_LONG_EDGE, Math.floor(longEdge * 0.7));
  }
}

type Encoding = 'jpeg' | 'png' | 'webp';

async function decode(input: Buffer): Promise<void> {
  try {
    await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).stats();
  } catch {
    throw new ReaderError('unsupported', 'the image could not be decoded');
  }
}

async function encode(input: Buffer, encoding: Encoding, width: number, height: number): Promise<Buffer> {
  try {
    // `autoOrient` turns the pixels upright (EXIF orientation); the output keeps no metadata.
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true }).resize(width, height, { fit: 'fill' });
    if (encoding === 'jpeg') return await image.flatten({ background: '#ffffff' }).jpeg({ quality: QUALITY, mozjpeg: true }).toBuffer();
    if (encoding === 'webp') return await image.webp({ quality: QUALITY }).toBuffer();
    return await image.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
  } catch {
    // The header was readable, the pixels are not (a cut-off upload).
    throw new ReaderError('unsupported', 'the image could not be decoded');
  }
}

function base64Length(bytes: number): number {
  return Math.ceil(bytes / 3) * 4;
}
