import { useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { localizePath, locales } from '../../../lib/locale';
import { useLocale } from '../../../lib/use-locale';
import { Panel } from './panel';

/** Choosing a language loads the current page (path, query and anchor) under that locale. */
export function LanguageMenu(props: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const current = useLocale();
  const location = useLocation();
  const hash = location.hash ? `#${location.hash}` : '';
  return (
    <Panel id="language-menu" side="right" label={t('languageMenu.label')} closeLabel={t('header.closeLanguage')} {...props}>
      <ul className="menu-list">
        {locales.map((locale) => (
          <li key={locale}>
            <a
              href={`${localizePath(location.pathname, locale)}${location.searchStr}${hash}`}
              hrefLang={locale}
              lang={locale}
              aria-current={locale === current ? 'true' : undefined}
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
