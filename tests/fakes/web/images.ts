import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** Images as people share them, made with sharp for the tests of shared images (ADR 86). */

/** A phone photo: `width` × `height` of grain (noise keeps the JPEG large, as a real photo's detail does). */
export async function photoJpeg(width = 4032, height = 3024, options: { orientation?: number; quality?: number } = {}): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: '#6a8caf', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).jpeg({ quality: options.quality ?? 92 });
  return (options.orientation ? image.withMetadata({ orientation: options.orientation }) : image).toBuffer();
}

/**
 * A photo as a phone stores it when held upright: the pixels landscape, EXIF orientation 6
 * ("rotate 90° clockwise to view"). The stored top half is red, the bottom half blue, so seen
 * upright it is portrait, red on the right and blue on the left.
 */
export async function sidewaysPhotoJpeg(width = 2400, height = 1600): Promise<Buffer> {
  const red = await sharp({ create: { width, height: height / 2, channels: 3, background: '#ff0000' } }).png().toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([{ input: red, top: 0, left: 0 }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A large screenshot with transparent corners: flat colour and a grainy area, as PNG. */
export async function screenshotPng(width = 6000, height = 4000, grain = { width: 1400, height: 1000 }): Promise<Buffer> {
  const noisy = await sharp({ create: { ...grain, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 }, noise: { type: 'gaussian', mean: 128, sigma: 70 } } }).png().toBuffer();
  return sharp({ create: { width, height, channels: 4, background: { r: 240, g: 240, b: 250, alpha: 0.5 } } })
    .composite([{ input: noisy, top: 100, left: 100 }])
    .png()
    .toBuffer();
}

/** A PNG of a few bytes that declares `width` × `height` pixels (a "decompression bomb"'s header). */
export async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000000' } }).png().toBuffer());
  // IHDR: length (8), type (12), width (16), height (20), …, CRC over type and data (29).
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}
