import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/settings/confirm-dialog';
import { LoadState } from '../../../components/settings/load-state';
import { ActionStatus, READ_ONLY_NOTICE_ID, ReadOnlyNotice, SettingsPage } from '../../../components/settings/settings-page';
import { SettingsTable } from '../../../components/settings/settings-table';
import { UnsavedChangesGuard } from '../../../components/settings/unsaved-changes-guard';
import { useConfirm } from '../../../components/settings/use-confirm';
import { showDate } from '../../../lib/settings/dates';
import { useAction } from '../../../lib/settings/use-action';
import { useResource } from '../../../lib/settings/use-resource';
import { useSettingsText } from '../../../lib/settings/use-settings-text';
import { useWorkspaceReadOnly } from '../../../lib/settings/user-context';
import { getAutoReplies, useChannelsFillingIn, type AutoReplyRow, type BotChannelsState, type ChannelsFillingIn } from '../api/get-auto-replies';
import { saveAutoReply } from '../api/save-auto-reply';

type Draft = { instruction: string; enabled: boolean };

/**
 * /settings/auto-replies: Tomo answers messages of chosen bots with a per-bot instruction. A guest
 * (or someone of another organization) sees the rows read-only, without Save, and why.
 */
export function AutoRepliesPage() {
  const { t, m, locale } = useSettingsText();
  const list = useResource(getAutoReplies, []);
  const action = useAction();
  const readOnly = useWorkspaceReadOnly();
  const confirm = useConfirm();
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  /** The bot whose row was saved last: a refusal about its instruction is shown in that row. */
  const [savedFrom, setSavedFrom] = useState<string | null>(null);
  /** Each bot's saved updatedAt as last shown: tells a reload's changed rows from the others. */
  const shown = useRef(new Map<string, string | null>());
  const rows = list.data?.rows;
  // Slack lists a bot's channels about once a second: the rows come at once, their channels as Slack answers.
  const channels = useChannelsFillingIn(list.data);

  useEffect(() => {
    if (!rows) return;
    // Saving one bot's row reloads every row: a row whose saved setting did not change keeps
    // what is being typed in it, so unsaved edits for other bots are not lost.
    const before = shown.current;
    const kept = (row: AutoReplyRow) => before.get(row.botUserId) === row.updatedAt;
    shown.current = new Map(rows.map((row) => [row.botUserId, row.updatedAt]));
    setDrafts((previous) =>
      Object.fromEntries(
        rows.map((row) => [
          row.botUserId,
          (kept(row) ? previous[row.botUserId] : undefined) ?? { instruction: row.instruction, enabled: row.enabled },
        ]),
      ),
    );
  }, [rows]);

  const save = (row: AutoReplyRow) => {
    const draft = drafts[row.botUserId];
    if (!draft) return;
    confirm.ask(t('autoReplies.confirmUpdate', { bot: row.botName }), () => {
      setSavedFrom(row.botUserId);
      void action.run('UI.UPDATING', () => saveAutoReply(row.botUserId, draft), list.reload);
    });
  };

  // Typed but not saved in any row (surrounding spaces aside): leaving the page asks first.
  const unsaved = (rows ?? []).some((row) => {
    const draft = drafts[row.botUserId];
    return draft !== undefined && (draft.instruction.trim() !== row.instruction.trim() || draft.enabled !== row.enabled);
  });
  const refusedRow = action.errorField === 'instruction' && action.error && rows?.some((row) => row.botUserId === savedFrom) ? savedFrom : null;
  const instructionInput = useRef(new Map<string, HTMLTextAreaElement>());
  useEffect(() => {
    if (refusedRow) instructionInput.current.get(refusedRow)?.focus();
  }, [refusedRow, action.error]);

  return (
    <SettingsPage title={t('autoReplies.title')} lead={t('autoReplies.lead')}>
      <ul className="settings-hint">
        <li>{t('autoReplies.seatNote')}</li>
        <li>{t('autoReplies.channelNote')}</li>
      </ul>
      <LoadState state={list} hasData={rows !== undefined} empty={rows?.length === 0} />
      {readOnly && rows ? <ReadOnlyNotice message={m('PERMISSION.GUEST_READ_ONLY')} /> : null}
      <ChannelsProgress channels={channels} t={t} />
      {rows && rows.length > 0 ? (
        <SettingsTable
          label={t('autoReplies.title')}
          columns={[
            t('common.number'),
            t('autoReplies.columns.bot'),
            t('autoReplies.columns.instruction'),
            t('autoReplies.columns.enabled'),
            t('common.updatedBy'),
            t('common.updatedAt'),
            ...(readOnly ? [] : [t('actions.save')]),
          ]}
        >
          {rows.map((row) => {
            const draft = drafts[row.botUserId] ?? { instruction: row.instruction, enabled: row.enabled };
            const set = (next: Partial<Draft>) => setDrafts((all) => ({ ...all, [row.botUserId]: { ...draft, ...next } }));
            const refused = refusedRow === row.botUserId;
            const errorId = `auto-reply-${row.botUserId}-instruction-error`;
            return (
              <tr key={row.botUserId} data-bot={row.botUserId}>
                <td>{row.number}</td>
                <th scope="row">
                  {row.botName}
                  <BotChannels state={channels?.byBot.get(row.botUserId) ?? row} t={t} />
                </th>
                <td>
                  <textarea
                    ref={(element) => {
                      if (element) instructionInput.current.set(row.botUserId, element);
                      else instructionInput.current.delete(row.botUserId);
                    }}
                    className={refused ? 'settings-input settings-input-invalid' : 'settings-input'}
                    rows={3}
                    value={draft.instruction}
                    readOnly={readOnly}
                    aria-label={t('autoReplies.instructionFor', { bot: row.botName })}
                    aria-invalid={refused ? true : undefined}
                    aria-describedby={refused ? errorId : readOnly ? READ_ONLY_NOTICE_ID : undefined}
                    onChange={(event) => set({ instruction: event.target.value })}
                  />
                  {refused ? (
                    <p id={errorId} className="settings-error" role="alert">
                      {action.error}
                    </p>
                  ) : null}
                </td>
                <td>
                  <input
                    type="checkbox"
                    checked={draft.enabled}
                    disabled={readOnly}
                    aria-label={t('autoReplies.enabledFor', { bot: row.botName })}
                    onChange={(event) => set({ enabled: event.target.checked })}
                  />
                </td>
                <td>{row.updatedByName ?? '---'}</td>
                <td>{showDate(row.updatedAt, locale)}</td>
                {readOnly ? null : (
                  <td>
                    <button type="button" className="button button-small" disabled={action.busy} onClick={() => save(row)} aria-label={`${t('actions.save')}: ${row.botName}`}>
                      {t('actions.save')}
                    </button>
                  </td>
                )}
              </tr>
            );
          })}
        </SettingsTable>
      ) : null}
      <ActionStatus progress={action.progress ? m(action.progress) : null} error={refusedRow ? null : action.error} signedOut={action.signedOut} />
      <ConfirmDialog question={confirm} confirmLabel={t('actions.confirm')} cancelLabel={t('actions.cancel')} />
      <UnsavedChangesGuard dirty={unsaved} />
    </SettingsPage>
  );
}

type Translate = ReturnType<typeof useSettingsText>['t'];

/**
 * While Slack is still being asked for the bots' channels: what is happening and how far it is.
 * The status region stays in place (empty when done), so a screen reader hears the start and
 * the end, not every count; the counts are a progress bar.
 */
function ChannelsProgress(props: { channels: ChannelsFillingIn | undefined; t: Translate }) {
  const { channels, t } = props;
  const loading = channels?.loading === true;
  const missing = loading && channels.read < channels.total;
  return (
    <div className="settings-channels-progress">
      <p className="settings-hint" role="status">
        {loading ? t(missing ? 'autoReplies.channelsReading' : 'autoReplies.channelsUpdating') : ''}
      </p>
      {missing ? (
        <p className="settings-hint settings-row">
          <progress max={channels.total} value={channels.read} aria-label={t('autoReplies.channelsProgressLabel')} />
          <span>{t('autoReplies.channelsProgress', { read: channels.read, total: channels.total })}</span>
        </p>
      ) : null}
    </div>
  );
}

/** Where the bot posts and whether Tomo is there to answer (spec 2: it must be a member). */
function BotChannels(props: { state: BotChannelsState; t: Translate }) {
  const { state, t } = props;
  const { channels } = state;
  const note = (kind: string, text: string) => (
    <p className="settings-hint settings-bot-channels" data-channels={kind}>
      {text}
    </p>
  );
  if (channels === null) {
    if (state.channelsLoading) return note('loading', t('autoReplies.channelsLoading'));
    return state.channelsFailed ? note('failed', t('autoReplies.channelsFailed')) : null;
  }
  return (
    <>
      {channels.length === 0 ? (
        note('none', t('autoReplies.noChannels'))
      ) : (
        <ul className="settings-hint settings-bot-channels" aria-label={t('autoReplies.channelsLabel')}>
          {channels.map((channel) => (
            <li key={channel.id} data-channel={channel.id} data-tomo-member={channel.tomoIsMember}>
              {channel.tomoIsMember
                ? t('autoReplies.tomoIn', { channel: channel.name })
                : t('autoReplies.tomoNotIn', { channel: channel.name })}
            </li>
          ))}
        </ul>
      )}
      {/* The last list read, shown while Slack is asked again. */}
      {state.channelsLoading ? note('checking', t('autoReplies.channelsChecking')) : null}
    </>
  );
}
