import { useEffect, useState } from 'react';
import { APP_NAME_MAX_LENGTH, validateAppName } from '../../../../../../core/customization/app-customization-rules';
import { ConfirmDialog } from '../../../components/settings/confirm-dialog';
import { LoadState } from '../../../components/settings/load-state';
import { ActionStatus, READ_ONLY_NOTICE_ID, ReadOnlyNotice, SettingsPage } from '../../../components/settings/settings-page';
import { Switch } from '../../../components/settings/switch';
import { UnsavedChangesGuard } from '../../../components/settings/unsaved-changes-guard';
import { useConfirm } from '../../../components/settings/use-confirm';
import { showDate } from '../../../lib/settings/dates';
import { useAction } from '../../../lib/settings/use-action';
import { useResource } from '../../../lib/settings/use-resource';
import { useSettingsText } from '../../../lib/settings/use-settings-text';
import { fetchUserContext, useWorkspaceReadOnly, type UserContext } from '../../../lib/settings/user-context';
import { deleteAppIcon } from '../api/delete-app-icon';
import { getAppSettings } from '../api/get-app-settings';
import { updateAppSettings } from '../api/update-app-settings';
import { uploadAppIcon } from '../api/upload-app-icon';
import { AppIconField } from './app-icon-field';

/**
 * /settings/app: Tomo's icon, name and greeting in this workspace. A guest (or someone of
 * another organization) sees them read-only, with why.
 */
export function AppSettingsPage() {
  const { t, m, locale } = useSettingsText();
  const settings = useResource(getAppSettings, []);
  const action = useAction();
  const confirm = useConfirm();
  const [name, setName] = useState('');
  const [who, setWho] = useState<UserContext | null>(null);
  const readOnly = useWorkspaceReadOnly();
  const data = settings.data;

  useEffect(() => {
    void fetchUserContext().then(setWho);
  }, []);
  // Only a changed saved name replaces what is typed: the greeting switch or an icon change
  // reloads the settings too, and must not wipe a name the person has not saved yet.
  const savedName = data ? (data.appName ?? '') : undefined;
  useEffect(() => {
    if (savedName !== undefined) setName(savedName);
  }, [savedName]);

  // Typed but not saved (surrounding spaces aside): leaving the page asks first.
  const unsaved = savedName !== undefined && name.trim() !== savedName.trim();
  const nameCheck = validateAppName(name);
  const nameError = nameCheck.ok ? null : m(nameCheck.error.code, nameCheck.error.params);
  const change = async (progress: 'UI.UPDATING' | 'UI.DELETING', work: () => Promise<unknown>) => {
    await action.run(progress, work, settings.reload);
  };

  return (
    <SettingsPage title={t('app.title')} lead={t('app.lead')}>
      <LoadState state={settings} hasData={data !== undefined} />
      {readOnly && data ? <ReadOnlyNotice message={m('PERMISSION.GUEST_READ_ONLY')} /> : null}
      {data ? (
        <>
          <section className="settings-section" aria-labelledby="app-icon-heading">
            <h2 id="app-icon-heading">{t('app.icon.heading')}</h2>
            <p className="settings-hint">{t('app.icon.hint')}</p>
            <AppIconField
              iconUrl={data.iconUrl}
              teamId={who?.teamId ?? null}
              userId={who?.userId ?? null}
              busy={action.busy}
              readOnly={readOnly}
              onInvalid={(message) => action.setError(message)}
              onChosen={(file) => confirm.ask(t('app.icon.confirmUpdate'), () => void change('UI.UPDATING', () => uploadAppIcon(file)))}
              onRemove={() => confirm.ask(t('app.icon.confirmDelete'), () => void change('UI.DELETING', deleteAppIcon))}
            />
          </section>

          <section className="settings-section" aria-labelledby="app-name-heading">
            <h2 id="app-name-heading">{t('app.name.heading')}</h2>
            <form
              className="settings-form"
              onSubmit={(event) => {
                event.preventDefault();
                if (nameError || readOnly) return;
                const clearing = name.trim() === '';
                confirm.ask(clearing ? t('app.name.confirmDelete', { name: data.defaultAppName }) : t('app.name.confirmUpdate', { name: name.trim() }), () =>
                  void change(clearing ? 'UI.DELETING' : 'UI.UPDATING', () => updateAppSettings({ appName: name })),
                );
              }}
            >
              <label>
                {t('app.name.label')}
                <input
                  type="text"
                  value={name}
                  placeholder={data.defaultAppName}
                  className={nameError ? 'settings-input-invalid' : undefined}
                  readOnly={readOnly}
                  aria-invalid={nameError ? true : undefined}
                  aria-describedby={nameError ? 'app-name-error' : readOnly ? READ_ONLY_NOTICE_ID : undefined}
                  onChange={(event) => setName(event.target.value)}
                />
                <span className="settings-hint">
                  {t('app.name.count', { n: [...name.trim()].length, max: APP_NAME_MAX_LENGTH })} · {t('app.name.hint', { name: data.defaultAppName })}
                </span>
              </label>
              {nameError ? (
                <p id="app-name-error" className="settings-error" role="alert">
                  {nameError}
                </p>
              ) : null}
              {readOnly ? null : (
                <div className="settings-row">
                  <button type="submit" className="button button-small" disabled={action.busy || nameError !== null}>
                    {t('actions.save')}
                  </button>
                </div>
              )}
            </form>
          </section>

          <section className="settings-section" aria-labelledby="app-greeting-heading">
            <h2 id="app-greeting-heading">{t('app.greeting.heading')}</h2>
            <Switch
              checked={data.greetingWhenJoiningChannel}
              label={t('app.greeting.label')}
              showLabel
              disabled={action.busy || readOnly}
              onChange={(next) => void change('UI.UPDATING', () => updateAppSettings({ greetingWhenJoiningChannel: next }))}
            />
          </section>

          <p className="settings-hint">
            {t('common.updatedBy')}: {data.updatedByName ?? '---'} · {t('common.updatedAt')}: {showDate(data.updatedAt, locale)}
          </p>
        </>
      ) : null}
      <ActionStatus progress={action.progress ? m(action.progress) : null} error={action.error} signedOut={action.signedOut} />
      <ConfirmDialog question={confirm} confirmLabel={t('actions.confirm')} cancelLabel={t('actions.cancel')} />
      <UnsavedChangesGuard dirty={unsaved} />
    </SettingsPage>
  );
}
