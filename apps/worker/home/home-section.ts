import type { HomeFacts } from '../../../core/home/home-facts';
import type { HomeBlock } from '../../../core/home/home-view';
import type { HomeTextCode } from '../../shared/messages/slack';

/** What a section of App Home draws from: the facts, the person's language, Tomo's pages. */
export interface HomeSectionContext {
  readonly facts: HomeFacts;
  t(code: HomeTextCode, params?: Readonly<Record<string, string | number>>): string;
  /** A settings page in the person's language, e.g. page('settings/app'). */
  page(path: string): string;
  /** A date as the person reads it: the day in their time zone, in their language ("Mar 15, 2025", "2025年3月15日"). */
  day(date: Date): string;
}

/** One part of App Home. Adding one (e.g. knowledge uploaders) is a new file plus a line in HOME_SECTIONS. */
export type HomeSection = (context: HomeSectionContext) => readonly HomeBlock[];
