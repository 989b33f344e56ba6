import { LoadState } from '../../../components/settings/load-state';
import { ActionStatus, SettingsPage } from '../../../components/settings/settings-page';
import { Switch } from '../../../components/settings/switch';
import { showDate } from '../../../lib/settings/dates';
import { useAction } from '../../../lib/settings/use-action';
import { useResource } from '../../../lib/settings/use-resource';
import { useSettingsText } from '../../../lib/settings/use-settings-text';
import { getPlugins } from '../api/get-plugins';
import { setPluginEnabled } from '../api/set-plugin-enabled';

/** /settings/plugins: which of the six plugins Tomo may use in this workspace. */
export function PluginsPage() {
  const { t, m } = useSettingsText();
  const list = useResource(getPlugins, []);
  const action = useAction();
  const plugins = list.data?.plugins;

  return (
    <SettingsPage title={t('plugins.title')} lead={t('plugins.lead')}>
      <LoadState state={list} hasData={plugins !== undefined} />
      {plugins ? (
        <ul className="card-grid card-grid-3">
          {plugins.map((plugin) => (
            <li key={plugin.pluginId} className="card" data-plugin={plugin.pluginId}>
              <h2 className="h3">{t(`plugins.items.${plugin.pluginId}.name`)}</h2>
              <p>{t(`plugins.items.${plugin.pluginId}.description`)}</p>
              <Switch
                checked={plugin.enabled}
                label={t('plugins.enable', { name: t(`plugins.items.${plugin.pluginId}.name`) })}
                disabled={action.busy}
                onChange={(next) =>
                  void action.run('UI.UPDATING', () => setPluginEnabled(plugin.pluginId, next), list.reload)
                }
              />
              <p className="settings-hint">
                {t('common.updatedBy')}: {plugin.updatedByName ?? '---'} · {t('common.updatedAt')}: {showDate(plugin.updatedAt)}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      <ActionStatus progress={action.progress ? m(action.progress) : null} error={action.error} signedOut={action.signedOut} />
    </SettingsPage>
  );
}
