import type { Locale } from '../workspace/user';

/** What the Save-as-PDF shortcut says and writes, by code; the catalogue (en, ja) lives at the edge. */
export const PDF_TEXT_CODES = [
  'PDF.TITLE_THREAD',
  'PDF.TITLE_MESSAGE',
  'PDF.SUBTITLE',
  'PDF.DIRECT_MESSAGE',
  'PDF.ATTACHMENT',
  'PDF.ATTACHMENT_DELETED',
  'PDF.ATTACHMENT_HIDDEN',
  'PDF.ATTACHMENT_NOT_FOUND',
  'PDF.A_FILE',
  'PDF.APP',
  'PDF.FORWARDED',
  'PDF.FORWARDED_FROM',
  /** The shared catalogue's: a person without a name, '<id>: (No Name)'. */
  'UI.NO_NAME',
  'PDF.POSTED_DM',
  'PDF.POSTED_THREAD',
  'PDF.CANNOT_READ',
  'PDF.FAILED',
  /** Said at the edge (no installation, so no core use case): a partner's shortcut naming no workspace with Tomo. */
  'PDF.NOT_INSTALLED',
] as const;

export type PdfTextCode = (typeof PDF_TEXT_CODES)[number];

export interface PdfTexts {
  say(code: PdfTextCode, params: Readonly<Record<string, string | number>>, locale: Locale): string;
}
