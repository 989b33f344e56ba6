import { useLocation, useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { clientHref } from '../../../lib/client-href';
import { localizePath, locales } from '../../../lib/locale';
import { useLocale } from '../../../lib/use-locale';
import { Panel } from './panel';

/**
 * Choosing a language loads the current page under that locale, keeping the query string
 * and the anchor. The href holds only the path: prerendered HTML cannot know the query, and
 * hydration does not patch attributes, so the rest is added when the link is followed. The
 * page is loaded through the router (a document navigation), so a page's navigation blocker
 * (unsaved changes on a settings page) asks first, in the page's language.
 */
function keepQueryAndAnchor(event: MouseEvent<HTMLAnchorElement>, router: ReturnType<typeof useRouter>) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  void router.navigate({ href: `${event.currentTarget.getAttribute('href')}${window.location.search}${window.location.hash}`, reloadDocument: true });
}

export function LanguageMenu(props: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const current = useLocale();
  const pathname = useLocation({ select: (location) => location.pathname });
  const router = useRouter();
  return (
    <Panel id="language-menu" side="right" label={t('languageMenu.label')} closeLabel={t('header.closeLanguage')} {...props}>
      <ul className="menu-list">
        {locales.map((locale) => (
          <li key={locale}>
            <a
              href={localizePath(pathname, locale)}
              ref={clientHref(localizePath(pathname, locale))}
              hrefLang={locale}
              lang={locale}
              aria-current={locale === current ? 'true' : undefined}
              onClick={(event) => keepQueryAndAnchor(event, router)}
            >
              {t(`languages.${locale}`)}
              {locale === current ? <span className="visually-hidden"> ({t('languageMenu.current')})</span> : null}
            </a>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
