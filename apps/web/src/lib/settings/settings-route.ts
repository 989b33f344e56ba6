import type { i18n as I18n } from 'i18next';
import { prepareMessages } from '../../app/i18n';
import { localeFromParam } from '../page';

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

/**
 * Loader of every settings route: the `settings` messages for the locale and the page title.
 * The API client is imported here, not statically: route loaders are part of the entry
 * chunk, and public pages, which never call the API client, should not carry it.
 */
export async function loadSettingsPage(i18n: I18n, localeParam: string | undefined, page: SettingsPageKey) {
  const locale = localeFromParam(localeParam);
  const [, { setApiLocale }] = await Promise.all([prepareMessages(i18n, locale, ['settings']), import('./api-client')]);
  setApiLocale(locale);
  return { title: i18n.getFixedT(locale, 'settings')(`${page}.title`) };
}

export function settingsHead(loaderData: { title: string } | undefined) {
  return { meta: [{ title: `${loaderData?.title ?? 'Settings'} | Tomo` }, { name: 'robots', content: 'noindex' }] };
}
