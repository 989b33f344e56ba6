import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronIcon } from '../../../components/ui/icons';
import { localizePath } from '../../../lib/locale';
import { site } from '../../../lib/site';
import { useLocale, useLocaleParams } from '../../../lib/use-locale';
import { Panel } from './panel';

const pages = [
  { to: '/{-$locale}', label: 'menu.home' },
  { to: '/{-$locale}/features', label: 'menu.features' },
  { to: '/{-$locale}/use-cases', label: 'menu.useCases' },
  { to: '/{-$locale}/booking/demo', label: 'menu.booking' },
  { to: '/{-$locale}/pricing', label: 'menu.pricing' },
] as const;

const policies = [
  { to: '/{-$locale}/terms-of-service', label: 'menu.terms' },
  { to: '/{-$locale}/privacy-policy', label: 'menu.privacy' },
  { to: '/{-$locale}/compliance/hipaa', label: 'menu.compliance' },
  { to: '/{-$locale}/security/vdp', label: 'menu.security' },
  { to: '/{-$locale}/specified-commercial-transaction-act', label: 'menu.commercial' },
] as const;

// Settings pages are client-rendered (the client-only shell) and owned by the settings feature.
// Router links, so leaving a settings page with unsaved changes asks first (its useBlocker).
const settings = [
  { to: '/{-$locale}/settings/app', label: 'menu.settingsItems.app' },
  { to: '/{-$locale}/settings/auto-replies', label: 'menu.settingsItems.autoReplies' },
  { to: '/{-$locale}/settings/instructions', label: 'menu.settingsItems.instructions' },
  { to: '/{-$locale}/settings/integrations', label: 'menu.settingsItems.integrations' },
  { to: '/{-$locale}/settings/members', label: 'menu.settingsItems.members' },
  { to: '/{-$locale}/settings/plugins', label: 'menu.settingsItems.plugins' },
  { to: '/{-$locale}/settings/reactions', label: 'menu.settingsItems.reactions' },
  { to: '/{-$locale}/settings/schedules', label: 'menu.settingsItems.schedules' },
  { to: '/{-$locale}/settings/usage', label: 'menu.settingsItems.usage' },
  { to: '/{-$locale}/settings/subscription', label: 'menu.settingsItems.subscription' },
] as const;

export function SiteMenu(props: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const params = useLocaleParams();
  const [settingsOpen, setSettingsOpen] = useState(true);
  const settingsListId = useId();
  const external = <span className="visually-hidden"> {t('menu.external')}</span>;

  return (
    <Panel id="site-menu" side="left" label={t('menu.label')} closeLabel={t('header.closeMenu')} {...props}>
      <ul className="menu-list">
        {pages.map((page) => (
          <li key={page.to}>
            <Link to={page.to} params={params} activeOptions={{ exact: true, includeSearch: false }} activeProps={{ 'aria-current': 'page' }}>
              {t(page.label)}
            </Link>
          </li>
        ))}
        {site.newsUrl ? (
          <li>
            <a href={site.newsUrl} rel="noopener" target="_blank">
              {t('menu.news')}
              {external}
            </a>
          </li>
        ) : null}
        {site.blogUrl ? (
          <li>
            <a href={site.blogUrl} rel="noopener" target="_blank">
              {t('menu.blog')}
              {external}
            </a>
          </li>
        ) : null}
        {site.supportEmail ? (
          <li>
            <a href={`mailto:${site.supportEmail}?subject=${encodeURIComponent(t('menu.contactSubject'))}`}>{t('menu.contact')}</a>
          </li>
        ) : null}
      </ul>

      <div className="menu-group">
        <button
          type="button"
          className="menu-group-toggle"
          aria-expanded={settingsOpen}
          aria-controls={settingsListId}
          onClick={() => setSettingsOpen((open) => !open)}
        >
          {t('menu.settings')}
          <ChevronIcon className="chevron" />
        </button>
        <ul id={settingsListId} className="menu-list menu-sublist" hidden={!settingsOpen}>
          {settings.map((page) => (
            <li key={page.to}>
              <Link to={page.to} params={params} activeProps={{ 'aria-current': 'page' }}>
                {t(page.label)}
              </Link>
            </li>
          ))}
        </ul>
      </div>

      <ul className="menu-list menu-list-secondary">
        <li>
          <form method="post" action="/api/create-portal-session">
            {/* A refused post (signed out, not an admin) comes back to pricing with the reason. */}
            <input type="hidden" name="returnTo" value={localizePath('/pricing', locale)} />
            <button type="submit" className="menu-form-button">
              {t('menu.customerPortal')}
            </button>
          </form>
        </li>
        {policies.map((page) => (
          <li key={page.to}>
            <Link to={page.to} params={params} activeProps={{ 'aria-current': 'page' }}>
              {t(page.label)}
            </Link>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
