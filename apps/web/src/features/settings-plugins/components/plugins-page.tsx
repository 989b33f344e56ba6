import { LoadState } from '../../../components/settings/load-state';
import { ActionStatus, ReadOnlyNotice, SettingsPage } from '../../../components/settings/settings-page';
import { Switch } from '../../../components/settings/switch';
import { showDate } from '../../../lib/settings/dates';
import { useAction } from '../../../lib/settings/use-action';
import { useResource } from '../../../lib/settings/use-resource';
import { useSettingsText } from '../../../lib/settings/use-settings-text';
import { useWorkspaceReadOnly } from '../../../lib/settings/user-context';
import { getPlugins } from '../api/get-plugins';
import { setPluginEnabled } from '../api/set-plugin-enabled';

/** /settings/plugins: which of the six plugins Tomo may use in this workspace (read-only for guests). */
export function PluginsPage() {
  const { t, m, locale } = useSettingsText();
  const list = useResource(getPlugins, []);
  const action = useAction();
  const readOnly = useWorkspaceReadOnly();
  const plugins = list.data?.plugins;

  return (
    <SettingsPage title={t('plugins.title')} lead={t('plugins.lead')}>
      <LoadState state={list} hasData={plugins !== undefined} />
      {readOnly && plugins ? <ReadOnlyNotice message={m('PERMISSION.GUEST_READ_ONLY')} /> : null}
      {plugins ? (
        <ul className="card-grid card-grid-3">
          {plugins.map((plugin) => (
            <li key={plugin.pluginId} className="card" data-plugin={plugin.pluginId}>
              <h2 className="h3">{t(`plugins.items.${plugin.pluginId}.name`)}</h2>
              <p>{t(`plugins.items.${plugin.pluginId}.description`)}</p>
              <Switch
                checked={plugin.enabled}
                label={t('plugins.enable', { name: t(`plugins.items.${plugin.pluginId}.name`) })}
                disabled={action.busy || readOnly}
                onChange={(next) =>
                  void action.run('UI.UPDATING', () => setPluginEnabled(plugin.pluginId, next), list.reload)
                }
              />
              <p className="settings-hint">
                {t('common.updatedBy')}: {plugin.updatedByName ?? '---'} · {t('common.updatedAt')}: {showDate(plugin.updatedAt, locale)}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      <ActionStatus progress={action.progress ? m(action.progress) : null} error={action.error} signedOut={action.signedOut} />
    </SettingsPage>
  );
}
