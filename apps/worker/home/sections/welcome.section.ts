import { escapeSlackText } from '../../../../core/shared/slack-escapes';
import type { HomeSection } from '../home-section';

/** Who Tomo is and what it can do. */
export const welcomeSection: HomeSection = ({ facts, t }) => [
  { type: 'header', text: t('HOME.WELCOME', { appName: facts.appName }) },
  { type: 'text', text: t('HOME.INTRO') },
  { type: 'text', text: `${t('HOME.CAN_DO_TITLE', { appName: escapeSlackText(facts.appName) })}\n${t('HOME.CAN_DO', { appName: escapeSlackText(facts.appName) })}` },
  { type: 'divider' },
];
