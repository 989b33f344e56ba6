import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { GlobeIcon, MenuIcon } from '../../../components/ui/icons';
import { useLocale, useLocaleParams } from '../../../lib/use-locale';
import type { Panels } from '../hooks/use-panels';
import { UserStatus } from './user-status';

export function Header({ panels }: { panels: Panels }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const params = useLocaleParams();
  return (
    <header className="site-header">
      <button
        type="button"
        className="icon-button"
        ref={panels.registerToggle('menu')}
        aria-expanded={panels.open === 'menu'}
        aria-controls="site-menu"
        onClick={() => panels.toggle('menu')}
      >
        <MenuIcon />
        <span className="icon-button-label">{t('header.openMenu')}</span>
      </button>
      <Link to="/{-$locale}" params={params} className="brand">
        <span className="brand-mark" aria-hidden="true">
          T
        </span>
        <span className="brand-name">Tomo</span>
      </Link>
      <div className="header-actions">
        <button
          type="button"
          className="icon-button"
          ref={panels.registerToggle('language')}
          aria-expanded={panels.open === 'language'}
          aria-controls="language-menu"
          onClick={() => panels.toggle('language')}
        >
          <GlobeIcon />
          <span className="icon-button-label">
            <span className="visually-hidden">{t('header.language')}: </span>
            {t(`languages.${locale}`)}
          </span>
        </button>
        <UserStatus />
      </div>
    </header>
  );
}
