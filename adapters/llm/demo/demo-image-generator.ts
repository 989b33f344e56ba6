import sharp from 'sharp';
import type { GeneratedImage, ImageGenerationRequest, ImageGenerator } from '../../../core/images/image-generator.port';

/** Written on every demo picture, so nobody takes it for a model's drawing. */
export const DEMO_IMAGE_LABEL = 'Demo image (offline, LLM_PROVIDER=demo)';

/** Four gradients, one per variant, so the four pictures are told apart at a glance. */
const GRADIENTS: readonly [from: string, to: string][] = [
  ['#4f46e5', '#06b6d4'],
  ['#db2777', '#f59e0b'],
  ['#059669', '#84cc16'],
  ['#7c3aed', '#ef4444'],
];
const SIZE = 512;
/** The prompt's first words written on the picture: enough to recognise it, not the whole text. */
const PROMPT_WORDS = 6;
const PROMPT_CHARS = 40;

/**
 * `LLM_PROVIDER=demo`'s image generator: offline, beside the demo model, so the playground
 * shows the image studio whole (the status, four pictures in one message, the allowance)
 * with no image provider. Each picture is a gradient of its own with the prompt's first words,
 * its number and a "demo" label, rendered from SVG to PNG with sharp. Nothing is sent
 * anywhere, logged or kept. Selected only with `LLM_PROVIDER=demo` (apps/worker/image-studio.ts).
 */
export class DemoImageGenerator implements ImageGenerator {
  readonly provider = 'demo';
  readonly model = 'demo';

  async generate(request: ImageGenerationRequest): Promise<GeneratedImage[]> {
    request.signal?.throwIfAborted();
    const words = firstWords(request.prompt);
    return Promise.all(
      Array.from({ length: request.count }, async (_, index) => ({
        bytes: new Uint8Array(await sharp(Buffer.from(demoSvg(words, index, request.count))).png().toBuffer()),
        mimetype: 'image/png',
      })),
    );
  }
}

export function firstWords(prompt: string): string {
  const words = prompt.trim().split(/\s+/).filter(Boolean);
  const text = words.slice(0, PROMPT_WORDS).join(' ');
  if (text.length > PROMPT_CHARS) return `${text.slice(0, PROMPT_CHARS - 1).trimEnd()}…`;
  return words.length > PROMPT_WORDS ? `${text}…` : text;
}

function demoSvg(words: string, index: number, count: number): string {
  const [from, to] = GRADIENTS[index % GRADIENTS.length]!;
  const angle = (index * 90) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <defs>
    <linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)">
      <stop offset="0" stop-color="${from}"/>
      <stop offset="1" stop-color="${to}"/>
    </linearGradient>
  </defs>
  <rect width="${SIZE}" height="${SIZE}" fill="url(#g)"/>
  <circle cx="${SIZE / 2}" cy="${SIZE / 2 - 30}" r="${90 + index * 12}" fill="#ffffff" fill-opacity="0.18"/>
  <text x="50%" y="${SIZE / 2 - 20}" text-anchor="middle" font-family="sans-serif" font-size="34" font-weight="700" fill="#ffffff">${escapeXml(words)}</text>
  <text x="50%" y="${SIZE / 2 + 30}" text-anchor="middle" font-family="sans-serif" font-size="26" fill="#ffffff">${index + 1} / ${count}</text>
  <rect x="0" y="${SIZE - 56}" width="${SIZE}" height="56" fill="#000000" fill-opacity="0.45"/>
  <text x="50%" y="${SIZE - 21}" text-anchor="middle" font-family="sans-serif" font-size="22" fill="#ffffff">${escapeXml(DEMO_IMAGE_LABEL)}</text>
</svg>`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}
