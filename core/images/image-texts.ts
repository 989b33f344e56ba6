import type { Locale } from '../workspace/user';

/** What Tomo says about pictures, by code; the catalogue (en, ja) lives at the edge. */
export const IMAGE_TEXT_CODES = [
  'IMAGES.POSTED',
  'IMAGES.NOT_AVAILABLE',
  'IMAGES.NOT_IN_PLAN',
  'IMAGES.LIMIT_REACHED',
  'IMAGES.CONTENT_POLICY',
  'IMAGES.TIMEOUT',
  'IMAGES.RATE_LIMITED',
  'IMAGES.FAILED',
] as const;

export type ImageTextCode = (typeof IMAGE_TEXT_CODES)[number];

export interface ImageTexts {
  say(code: ImageTextCode, params: Readonly<Record<string, string | number>>, locale: Locale): string;
}
