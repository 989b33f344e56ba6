import { HOME_ACTIONS } from '../../../shared/home-actions';
import type { HomeTextCode } from '../../../shared/messages/slack';
import type { HomeSection } from '../home-section';

const EVERYONE: readonly [string, HomeTextCode][] = [
  ['app', 'HOME.LINK_APP'],
  ['instructions', 'HOME.LINK_INSTRUCTIONS'],
  ['reactions', 'HOME.LINK_REACTIONS'],
  ['schedules', 'HOME.LINK_SCHEDULES'],
  ['auto-replies', 'HOME.LINK_AUTO_REPLIES'],
  ['subscription', 'HOME.LINK_SUBSCRIPTION'],
];
const ADMINS: readonly [string, HomeTextCode][] = [
  ['members', 'HOME.LINK_MEMBERS'],
  ['usage', 'HOME.LINK_USAGE'],
];

/** Links to the settings pages (admins also see Members and Usage), and a refresh button. */
export const settingsSection: HomeSection = ({ facts, t, page }) => {
  const links = [...EVERYONE, ...(facts.isAdmin ? ADMINS : [])].map(([path, label]) => ({
    text: t(label),
    actionId: `${HOME_ACTIONS.linkPrefix}${path}`,
    url: page(`settings/${path}`),
  }));
  return [
    { type: 'text', text: t('HOME.SETTINGS_TITLE') },
    { type: 'buttons', buttons: links },
    ...(facts.isAdmin ? [] : [{ type: 'context' as const, text: t('HOME.SETTINGS_ADMIN_NOTE') }]),
    { type: 'buttons', buttons: [{ text: t('HOME.REFRESH'), actionId: HOME_ACTIONS.refresh }] },
    { type: 'context', text: t('HOME.PRIVACY') },
  ];
};
