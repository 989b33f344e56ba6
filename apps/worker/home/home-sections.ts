import type { HomeFacts } from '../../../core/home/home-facts';
import type { HomeView } from '../../../core/home/home-view';
import { formatDay } from '../../../core/shared/zoned-time';
import { slackText } from '../../shared/messages/slack';
import type { HomeSection } from './home-section';
import { knowledgeSection } from './sections/knowledge.section';
import { noticeSection } from './sections/notice.section';
import { planSection } from './sections/plan.section';
import { settingsSection } from './sections/settings.section';
import { welcomeSection } from './sections/welcome.section';

/** App Home, top to bottom. */
export const HOME_SECTIONS: readonly HomeSection[] = [noticeSection, welcomeSection, planSection, knowledgeSection, settingsSection];

/** Renders App Home for one person from the sections, in their language, linking to `publicUrl`. */
export function homeRenderer(publicUrl: string, sections: readonly HomeSection[] = HOME_SECTIONS): (facts: HomeFacts) => HomeView {
  const base = publicUrl.replace(/\/$/, '');
  return (facts) => {
    const prefix = facts.locale === 'ja' ? '/ja' : '';
    const context = {
      facts,
      t: (code: Parameters<typeof slackText>[0], params: Readonly<Record<string, string | number>> = {}) =>
        slackText(code, params, facts.locale),
      page: (path: string) => `${base}${prefix}/${path}`,
      day: (date: Date) => formatDay(date, facts.timeZone, facts.locale),
    };
    return { blocks: sections.flatMap((section) => section(context)) };
  };
}
