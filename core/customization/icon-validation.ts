import type { Outcome } from '../shared/domain-error';
import { fail, ok } from '../shared/domain-error';

export const ALLOWED_ICON_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export const MAX_ICON_BYTES = 52_428_800;
/** Display size of the icon on the App page, in pixels (spec 5). */
export const ICON_DISPLAY_SIZE = { mobile: 175, desktop: 250 } as const;

export interface IconUpload {
  readonly teamId: string | null | undefined;
  readonly userId: string | null | undefined;
  readonly file: { readonly name: string; readonly size: number } | null | undefined;
}

/** The extension after the last dot, or null (no dot, a leading-dot name, or a trailing dot). */
export function fileExtension(fileName: string): string | null {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0 || dot === fileName.length - 1) return null;
  return fileName.slice(dot + 1);
}

/**
 * Icon checks in the spec's order (spec 5): team id present, user id present, file
 * selected, extension present, extension allowed (jpg, jpeg, png), size ≤ 52,428,800 bytes.
 * The first failing check is the one reported. Returns the lower-case extension.
 */
export function validateIconUpload(upload: IconUpload): Outcome<{ extension: string }> {
  if (!upload.teamId) return fail('AUTH.TEAM_ID_MISSING');
  if (!upload.userId) return fail('AUTH.USER_ID_MISSING');
  if (!upload.file) return fail('ICON.NO_FILE');
  const ext = fileExtension(upload.file.name);
  if (ext === null) return fail('ICON.NO_EXTENSION');
  const extension = ext.toLowerCase();
  if (!(ALLOWED_ICON_EXTENSIONS as readonly string[]).includes(extension)) {
    return fail('ICON.EXTENSION_NOT_ALLOWED', { ext, list: ALLOWED_ICON_EXTENSIONS.join(', ') });
  }
  if (upload.file.size > MAX_ICON_BYTES) {
    return fail('ICON.FILE_TOO_LARGE', { n: upload.file.size, limit: MAX_ICON_BYTES });
  }
  return ok({ extension });
}

/**
 * Largest icon, in pixels on either side. The file limit alone lets a small PNG declare
 * 100,000 × 100,000 pixels (a decompression bomb for every browser and for Slack, which
 * load the icon); a 10,000 × 10,000 scan still fits.
 */
export const MAX_ICON_SIDE_PX = 10_000;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * What the bytes of an icon are, after `validateIconUpload` passed its name: a PNG or JPEG as
 * its extension says (its signature, and the dimensions its header declares), no larger than
 * `MAX_ICON_SIDE_PX` on either side. Anything else (an HTML or SVG page named `.png`, a JPEG
 * named `.png`, a header cut off) is refused with `ICON.NOT_AN_IMAGE`: only images are stored
 * and served at Tomo's address. The header is read, never the image decoded.
 */
export function checkIconContent(extension: string, data: Uint8Array): Outcome<{ width: number; height: number }> {
  const format = extension.toLowerCase() === 'png' ? 'PNG' : 'JPEG';
  const size = format === 'PNG' ? pngSize(data) : jpegSize(data);
  if (!size || size.width === 0 || size.height === 0) return fail('ICON.NOT_AN_IMAGE', { ext: extension, format });
  if (size.width > MAX_ICON_SIDE_PX || size.height > MAX_ICON_SIDE_PX) {
    return fail('ICON.IMAGE_TOO_LARGE', { width: size.width, height: size.height, max: MAX_ICON_SIDE_PX });
  }
  return ok(size);
}

/** The signature, then the IHDR chunk, which PNG requires first: width and height, 4 bytes each. */
function pngSize(data: Uint8Array): { width: number; height: number } | null {
  if (data.length < 24 || PNG_SIGNATURE.some((byte, i) => data[i] !== byte)) return null;
  if (String.fromCharCode(data[12]!, data[13]!, data[14]!, data[15]!) !== 'IHDR') return null;
  return { width: uint32(data, 16), height: uint32(data, 20) };
}

/** SOI, then the segments up to the first start-of-frame (SOF0–SOF15 but DHT, JPG, DAC), which holds the size. */
function jpegSize(data: Uint8Array): { width: number; height: number } | null {
  if (data[0] !== 0xff || data[1] !== 0xd8 || data[2] !== 0xff) return null;
  let at = 2;
  while (at + 4 <= data.length) {
    if (data[at] !== 0xff) return null;
    const marker = data[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // no length
      continue;
    }
    // Start of scan or end of image before any frame: no size to read.
    if (marker === 0xda || marker === 0xd9) return null;
    const length = (data[at + 2]! << 8) | data[at + 3]!;
    if (length < 2) return null;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (at + 9 > data.length) return null;
      return { height: (data[at + 5]! << 8) | data[at + 6]!, width: (data[at + 7]! << 8) | data[at + 8]! };
    }
    at += 2 + length;
  }
  return null;
}

function uint32(data: Uint8Array, at: number): number {
  return ((data[at]! << 24) >>> 0) + (data[at + 1]! << 16) + (data[at + 2]! << 8) + data[at + 3]!;
}
