import { createInstance } from 'i18next';
import type { BackendModule, i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLocale, locales } from '../lib/locale';
import type { Locale } from '../lib/locale';

// Every namespace of every locale is its own chunk; a page loads only what it renders.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.ts');

const chunkBackend: BackendModule = {
  type: 'backend',
  callbackApi: false,
  init() {},
  read(language: string, namespace: string) {
    const load = loaders[`../locales/${language}/${namespace}.ts`];
    if (!load) return Promise.reject(new Error(`No messages for ${language}/${namespace}`));
    return load().then((module) => module.default);
  },
} as BackendModule;

export async function createI18n(locale: Locale = defaultLocale): Promise<I18n> {
  const i18n = createInstance();
  i18n.use(chunkBackend).use(initReactI18next);
  await i18n.init({
    lng: locale,
    fallbackLng: false,
    supportedLngs: [...locales],
    ns: ['common'],
    defaultNS: 'common',
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  return i18n;
}

/** Switches language and loads the namespaces a page needs before it renders. */
export async function prepareMessages(i18n: I18n, locale: Locale, namespaces: readonly string[]): Promise<void> {
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  await i18n.loadNamespaces([...namespaces]);
}
