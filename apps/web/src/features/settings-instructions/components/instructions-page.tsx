import { useState } from 'react';
import { ConfirmDialog } from '../../../components/settings/confirm-dialog';
import { LoadState } from '../../../components/settings/load-state';
import { ActionStatus, SettingsPage } from '../../../components/settings/settings-page';
import { SettingsTable } from '../../../components/settings/settings-table';
import { UnsavedChangesGuard, useUnsavedForms } from '../../../components/settings/unsaved-changes-guard';
import { useConfirm } from '../../../components/settings/use-confirm';
import { showDate } from '../../../lib/settings/dates';
import { useAction } from '../../../lib/settings/use-action';
import { useResource } from '../../../lib/settings/use-resource';
import { useSettingsText } from '../../../lib/settings/use-settings-text';
import { deleteInstruction } from '../api/delete-instruction';
import { getInstructions, type InstructionAbout, type InstructionLevel } from '../api/get-instructions';
import { saveInstruction } from '../api/save-instruction';
import { InstructionDetails } from './instruction-details';
import { InstructionEditor, type InstructionFieldError } from './instruction-editor';
import { InstructionMetricsList } from './instruction-metrics';

/** The language of Tomo's own system instruction (core/instructions/compose-instructions.ts). */
const SYSTEM_INSTRUCTION_LOCALE = 'en';

/** /settings/instructions: system-wide, workspace-wide, channel-specific and user-specific instructions. */
export function InstructionsPage() {
  const { t, m, locale } = useSettingsText();
  const page = useResource(getInstructions, []);
  const action = useAction();
  const confirm = useConfirm();
  const discard = useConfirm();
  const [channelId, setChannelId] = useState('');
  const unsaved = useUnsavedForms();
  /** The editor whose save ran last: a refusal naming its name or text is shown there. */
  const [savedFrom, setSavedFrom] = useState<string | null>(null);
  const data = page.data;

  const editorKey = (level: InstructionLevel, targetId: string | null) => `${level}:${targetId ?? ''}`;
  const save = (level: InstructionLevel, targetId: string | null, exists: boolean) => (input: { name: string; text: string }) => {
    setSavedFrom(editorKey(level, targetId));
    void action.run(exists ? 'UI.UPDATING' : 'UI.CREATING', () => saveInstruction(level, { targetId, ...input }), page.reload);
  };
  const refusedField = action.errorField === 'name' || action.errorField === 'text' ? action.errorField : null;
  // The editors on the page now (the channel editor changes with the chosen channel).
  const shownEditors = [...(data?.isAdmin ? [editorKey('workspace', null)] : []), editorKey('user', null), ...(channelId ? [editorKey('channel', channelId)] : [])];
  const refusalUnderField = refusedField !== null && savedFrom !== null && shownEditors.includes(savedFrom);
  const editorProps = (level: InstructionLevel, targetId: string | null) => {
    const key = editorKey(level, targetId);
    const fieldError: InstructionFieldError | null = refusedField && action.error && savedFrom === key ? { field: refusedField, message: action.error } : null;
    return { fieldError, onUnsavedChange: (dirty: boolean) => unsaved.mark(key, dirty) };
  };
  const remove = (level: InstructionLevel, targetId: string | null, options: { unlisted?: boolean } = {}) => () =>
    confirm.ask(t('instructions.confirmDelete'), () =>
      void action.run('UI.DELETING', () => deleteInstruction(level, targetId, options), page.reload),
    );

  const channelView = data?.channels.find((c) => c.targetId === channelId) ?? null;
  // Another channel (the select, or a row's Edit) replaces the channel editor: what is typed in
  // it and not saved is discarded only when the person says so, as in the reaction modal.
  const chooseChannel = (next: string) => {
    if (next === channelId) return;
    if (channelId && unsaved.isDirty(editorKey('channel', channelId))) discard.ask(t('unsaved.discardMessage'), () => setChannelId(next));
    else setChannelId(next);
  };

  return (
    <SettingsPage title={t('instructions.title')} lead={t('instructions.lead')}>
      <LoadState state={page} hasData={data !== undefined} />
      {data ? (
        <>
          <section className="settings-section" aria-labelledby="instructions-system">
            <h2 id="instructions-system">{t('instructions.sections.system')}</h2>
            <p className="settings-hint">{t('instructions.systemNote')}</p>
            {data.system.builtIn && locale !== SYSTEM_INSTRUCTION_LOCALE ? (
              <>
                <p className="settings-hint">{t('instructions.systemTranslatedNote')}</p>
                <p className="settings-system-meaning">{t('instructions.systemMeaning', { name: data.system.appName })}</p>
                <pre className="example" lang={SYSTEM_INSTRUCTION_LOCALE}>
                  {data.system.text}
                </pre>
              </>
            ) : (
              <>
                <p className="settings-hint">{t('instructions.systemLanguageNote')}</p>
                <pre className="example">{data.system.text}</pre>
              </>
            )}
            <InstructionMetricsList metrics={data.system.metrics} />
          </section>

          <section className="settings-section" aria-labelledby="instructions-workspace">
            <h2 id="instructions-workspace">{t('instructions.sections.workspace')}</h2>
            {data.workspace ? <InstructionDetails view={data.workspace} /> : null}
            {data.isAdmin ? (
              <InstructionEditor
                level="workspace"
                targetId={null}
                about={t('instructions.editorFor.workspace')}
                initial={data.workspace}
                busy={action.busy}
                {...editorProps('workspace', null)}
                onSave={save('workspace', null, data.workspace !== null)}
                {...(data.workspace ? { onDelete: remove('workspace', null) } : {})}
              />
            ) : (
              <>
                <p className="settings-hint">{t('instructions.adminOnly')}</p>
                {data.workspace ? <pre className="example">{data.workspace.text}</pre> : <p>{m('UI.NO_DATA')}</p>}
              </>
            )}
          </section>

          <section className="settings-section" aria-labelledby="instructions-channel">
            <h2 id="instructions-channel">{t('instructions.sections.channel')}</h2>
            {data.channelsFailed ? (
              <p className="settings-error" role="alert">
                {m('UNKNOWN')}
              </p>
            ) : (
              <InstructionTable
                label={t('instructions.tables.channel')}
                views={data.channels}
                targetLabel={t('instructions.columns.channel')}
                action={{ label: t('actions.edit'), run: (v) => chooseChannel(v.targetId ?? '') }}
              />
            )}
            {data.unlistedChannels?.length ? (
              <>
                <h3 id="instructions-unlisted">{t('instructions.unlisted.title')}</h3>
                <p className="settings-hint">{t('instructions.unlisted.note')}</p>
                <InstructionTable
                  label={t('instructions.unlisted.title')}
                  views={data.unlistedChannels}
                  targetLabel={t('instructions.columns.channel')}
                  action={{ label: t('actions.delete'), run: (v) => remove('channel', v.targetId, { unlisted: true })() }}
                />
              </>
            ) : null}
            <label className="settings-field">
              {t('instructions.chooseChannel')}
              <select className="settings-input" value={channelId} onChange={(event) => chooseChannel(event.target.value)}>
                <option value="">{t('instructions.chooseChannelPlaceholder')}</option>
                {data.channelOptions.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
            {channelId ? (
              <InstructionEditor
                key={channelId}
                level="channel"
                targetId={channelId}
                about={t('instructions.editorFor.channel', { channel: data.channelOptions.find((c) => c.id === channelId)?.name ?? channelId })}
                initial={channelView}
                busy={action.busy}
                {...editorProps('channel', channelId)}
                onSave={save('channel', channelId, channelView !== null)}
                {...(channelView ? { onDelete: remove('channel', channelId) } : {})}
              />
            ) : null}
          </section>

          <section className="settings-section" aria-labelledby="instructions-user">
            <h2 id="instructions-user">{t('instructions.sections.user')}</h2>
            {data.isAdmin ? <InstructionTable label={t('instructions.tables.user')} views={data.users} targetLabel={t('instructions.columns.user')} /> : null}
            <p className="settings-hint">{t('instructions.userNote')}</p>
            <InstructionEditor
              level="user"
              targetId={null}
              about={t('instructions.editorFor.user')}
              initial={data.own}
              busy={action.busy}
              {...editorProps('user', null)}
              onSave={save('user', null, data.own !== null)}
              {...(data.own ? { onDelete: remove('user', null) } : {})}
            />
          </section>
        </>
      ) : null}
      {/* A refusal about an editor's name or text is shown under that input instead. */}
      <ActionStatus progress={action.progress ? m(action.progress) : null} error={refusalUnderField ? null : action.error} signedOut={action.signedOut} />
      <ConfirmDialog question={confirm} confirmLabel={t('actions.confirm')} cancelLabel={t('actions.cancel')} />
      <ConfirmDialog question={discard} confirmLabel={t('unsaved.discard')} cancelLabel={t('unsaved.keepEditing')} />
      <UnsavedChangesGuard dirty={unsaved.dirty} />
    </SettingsPage>
  );
}

/** `action`: a button on each row (Edit, or Delete), named with the row's channel or member for a screen reader. */
function InstructionTable(props: { label: string; views: InstructionAbout[]; targetLabel: string; action?: { label: string; run: (view: InstructionAbout) => void } }) {
  const { t, m, locale } = useSettingsText();
  if (props.views.length === 0) return <p>{m('UI.NO_DATA')}</p>;
  return (
    <SettingsTable
      label={props.label}
      columns={[
        props.targetLabel,
        t('instructions.fields.name'),
        t('common.createdBy'),
        t('common.createdAt'),
        t('common.updatedBy'),
        t('common.updatedAt'),
        ...(props.action ? [props.action.label] : []),
      ]}
    >
      {props.views.map((view) => (
        <tr key={`${view.level}-${view.targetId}`}>
          <th scope="row">{view.targetName ?? view.targetId}</th>
          <td>{view.name || '---'}</td>
          <td>{view.createdByName ?? '---'}</td>
          <td>{showDate(view.createdAt, locale)}</td>
          <td>{view.updatedByName ?? '---'}</td>
          <td>{showDate(view.updatedAt, locale)}</td>
          {props.action ? (
            <td>
              <button
                type="button"
                className="button button-small button-quiet"
                onClick={() => props.action?.run(view)}
                aria-label={`${props.action.label}: ${view.targetName ?? view.targetId ?? ''}`}
              >
                {props.action.label}
              </button>
            </td>
          ) : null}
        </tr>
      ))}
    </SettingsTable>
  );
}
