import type { i18n as I18n } from 'i18next';
import { prepareMessages } from '../../app/i18n';
import { localeFromParam } from '../page';
import { setApiLocale } from './api-client';

export type SettingsPageKey =
  | 'app'
  | 'autoReplies'
  | 'instructions'
  | 'integrations'
  | 'members'
  | 'plugins'
  | 'reactions'
  | 'schedules'
  | 'usage'
  | 'subscription';

/** Loader of every settings route: the `settings` messages for the locale and the page title. */
export async function loadSettingsPage(i18n: I18n, localeParam: string | undefined, page: SettingsPageKey) {
  const locale = localeFromParam(localeParam);
  await prepareMessages(i18n, locale, ['settings']);
  setApiLocale(locale);
  return { title: i18n.getFixedT(locale, 'settings')(`${page}.title`) };
}

export function settingsHead(loaderData: { title: string } | undefined) {
  return { meta: [{ title: `${loaderData?.title ?? 'Settings'} | Tomo` }, { name: 'robots', content: 'noindex' }] };
}
