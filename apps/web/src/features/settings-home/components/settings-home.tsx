import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { localizePath } from '../../../lib/locale';
import { useLocale } from '../../../lib/use-locale';

const pages = ['app', 'auto-replies', 'instructions', 'integrations', 'members', 'plugins', 'reactions', 'schedules', 'usage', 'subscription'] as const;
const labels = {
  app: 'menu.settingsItems.app',
  'auto-replies': 'menu.settingsItems.autoReplies',
  instructions: 'menu.settingsItems.instructions',
  integrations: 'menu.settingsItems.integrations',
  members: 'menu.settingsItems.members',
  plugins: 'menu.settingsItems.plugins',
  reactions: 'menu.settingsItems.reactions',
  schedules: 'menu.settingsItems.schedules',
  usage: 'menu.settingsItems.usage',
  subscription: 'menu.settingsItems.subscription',
} as const;

/** /settings: the list of settings pages (each page is added by the settings feature). */
export function SettingsHome() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <PageHeader title={t('menu.settings')}>
      <ul className="card-grid card-grid-3 settings-links">
        {pages.map((page) => (
          <li key={page} className="card">
            <a href={localizePath(`/settings/${page}`, locale)}>{t(labels[page])}</a>
          </li>
        ))}
      </ul>
    </PageHeader>
  );
}
