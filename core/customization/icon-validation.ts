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
