import type { Outcome } from '../shared/domain-error';
import { fail, ok } from '../shared/domain-error';
import type { AppCustomizationRecord } from './app-customization';
import { charCount } from '../shared/clip-text';

export const DEFAULT_APP_NAME = 'Tomo';
export const APP_NAME_MAX_LENGTH = 50;

/**
 * App name (spec 5): at most 50 characters (counted as characters a person sees, so
 * Japanese and emoji count one each); empty reverts to the default name (null).
 */
export function validateAppName(name: string | null | undefined): Outcome<string | null> {
  const trimmed = (name ?? '').trim();
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
