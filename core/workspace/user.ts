import type { TeamId, UserId } from '../shared/ids';

export type Locale = 'en' | 'ja';
export const LOCALES: readonly Locale[] = ['en', 'ja'];
export const DEFAULT_LOCALE: Locale = 'en';

export function toLocale(value: string | null | undefined): Locale {
  const primary = (value ?? '').toLowerCase().split(/[-_]/)[0];
  return primary === 'ja' ? 'ja' : DEFAULT_LOCALE;
}

/** A person who signed in to Tomo's site with Slack (table `users`); created on first sign-in. */
export interface UserRecord {
  readonly teamId: TeamId;
  readonly userId: UserId;
  readonly email: string;
  readonly name: string;
  readonly locale: Locale;
  readonly createdAt: Date;
  readonly lastSignedInAt: Date;
}

/** The signed-in user as shown in the header: the local part of the e-mail (spec 2 "Frame"). */
export function emailLocalPart(email: string): string {
  const at = email.indexOf('@');
  return at < 0 ? email : email.slice(0, at);
}
