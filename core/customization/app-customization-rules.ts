import type { Outcome } from '../shared/domain-error';
import { fail, ok } from '../shared/domain-error';
import type { AppCustomizationRecord } from './app-customization';
import { charCount } from '../shared/clip-text';
import { isUnstorableText } from '../shared/storable-text';

export const DEFAULT_APP_NAME = 'Tomo';
export const APP_NAME_MAX_LENGTH = 50;

/**
 * App name (spec 5): at most 50 characters (counted as characters a person sees, so
 * Japanese and emoji count one each); empty reverts to the default name (null). A NUL
 * character or a lone surrogate (a pasted name can hold one) is refused with the catalogue's
 * `INPUT.UNSUPPORTED_CHARACTERS`, the text the server's input guard answers, so the page says
 * it under the field while it is typed instead of after a confirmed Save.
 */
export function validateAppName(name: string | null | undefined): Outcome<string | null> {
  const trimmed = (name ?? '').trim();
  if (isUnstorableText(trimmed)) return fail('INPUT.UNSUPPORTED_CHARACTERS');
  if (trimmed === '') return ok(null);
  if (charCount(trimmed) > APP_NAME_MAX_LENGTH) return fail('APP_NAME.TOO_LONG', { max: APP_NAME_MAX_LENGTH });
  return ok(trimmed);
}

export interface EffectiveAppCustomization {
  readonly appName: string;
  readonly iconKey: string | null;
  readonly greetingWhenJoiningChannel: boolean;
}

/** What Slack shows: the custom name and icon when set, otherwise Tomo's; greeting on by default. */
export function effectiveCustomization(record: AppCustomizationRecord | null): EffectiveAppCustomization {
  return {
    appName: record?.appName ?? DEFAULT_APP_NAME,
    iconKey: record?.iconKey ?? null,
    greetingWhenJoiningChannel: record?.greetingWhenJoiningChannel ?? true,
  };
}
