import { getRouteApi } from '@tanstack/react-router';
import { useRef, useState, type KeyboardEvent } from 'react';
import { PRESET_PROMPT_LOCALE } from '../../../../../../core/reactions/preset-reactions';
import { searchReactions } from '../../../../../../core/reactions/reaction-rules';
import { languageName } from '../../../../../../core/shared/language-name';
import { ConfirmDialog } from '../../../components/settings/confirm-dialog';
import { LoadState } from '../../../components/settings/load-state';
import { ActionStatus, ReadOnlyNotice, SettingsPage } from '../../../components/settings/settings-page';
import { SettingsTable } from '../../../components/settings/settings-table';
import { UnsavedChangesGuard } from '../../../components/settings/unsaved-changes-guard';
import { useConfirm } from '../../../components/settings/use-confirm';
import { showDate } from '../../../lib/settings/dates';
import { useAction } from '../../../lib/settings/use-action';
import { useResource } from '../../../lib/settings/use-resource';
import { useSettingsText } from '../../../lib/settings/use-settings-text';
import { useWorkspaceReadOnly } from '../../../lib/settings/user-context';
import { deleteReaction } from '../api/delete-reaction';
import { getReactions, type CustomReactionView, type PresetReactionView } from '../api/get-reactions';
import { saveReaction } from '../api/save-reaction';
import { ReactionDialog } from './reaction-dialog';

type Tab = 'preset' | 'custom';
type Row = (PresetReactionView & { meaning?: string }) | CustomReactionView;
const TABS: readonly Tab[] = ['preset', 'custom'];

const route = getRouteApi('/{-$locale}/_signed-in/settings/reactions');

/**
 * /settings/reactions: emoji reactions that make Tomo act on a message. A guest (or someone of
 * another organization) sees the custom ones without Add, Edit and Delete, and why.
 */
export function ReactionsPage() {
  const { t, m, locale } = useSettingsText();
  const list = useResource(getReactions, []);
  const action = useAction();
  const readOnly = useWorkspaceReadOnly();
  const confirm = useConfirm();
  const tab: Tab = route.useSearch().tab ?? 'preset';
  const navigate = route.useNavigate();
  // The tab is the address's, replaced in place: Back leaves the page instead of stepping through tabs.
  const setTab = (key: Tab) => void navigate({ search: key === 'custom' ? { tab: 'custom' } : {}, replace: true, resetScroll: false });
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<CustomReactionView | 'new' | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [unsaved, setUnsaved] = useState(false);
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const data = list.data;
  // On a page in another language than the prompts' (English), each preset says what it does in
  // the page's words above its exact prompt, and the search finds those words too.
  const meaningOf = (preset: PresetReactionView) =>
    preset.does === 'translate'
      ? t('reactions.does.translate', { language: languageName(preset.language ?? '', locale) })
      : t(`reactions.does.${preset.does}`);
  const presets: Row[] = data
    ? locale === PRESET_PROMPT_LOCALE
      ? data.preset
      : data.preset.map((preset) => ({ ...preset, meaning: meaningOf(preset) }))
    : [];
  const rows: Row[] = data ? searchReactions(tab === 'preset' ? presets : data.custom, query) : [];

  const save = async (id: string | null, draft: Parameters<typeof saveReaction>[1]) => {
    setDialogError(null);
    // The progress state lasts until the list shows what was stored, as on the other pages.
    if (await action.run(id ? 'UI.UPDATING' : 'UI.CREATING', () => saveReaction(id, draft), list.reload)) setEditing(null);
  };

  // WAI-ARIA tabs: Left/Right (wrapping), Home and End select and focus a tab; only the
  // selected tab is in the Tab order (roving tabindex).
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const at = TABS.indexOf(tab);
    const next = new Map([['ArrowRight', at + 1], ['ArrowLeft', at - 1], ['Home', 0], ['End', TABS.length - 1]]).get(event.key);
    if (next === undefined) return;
    event.preventDefault();
    const key = TABS[(next + TABS.length) % TABS.length]!;
    setTab(key);
    tabRefs.current[key]?.focus();
  };

  return (
    <SettingsPage title={t('reactions.title')} lead={t('reactions.lead')}>
      {readOnly && data ? <ReadOnlyNotice message={m('PERMISSION.GUEST_READ_ONLY')} /> : null}
      <div className="tabs" role="tablist" aria-label={t('reactions.title')}>
        {TABS.map((key) => (
          <button
            key={key}
            ref={(element) => {
              tabRefs.current[key] = element;
            }}
            type="button"
            role="tab"
            id={`tab-${key}`}
            aria-selected={tab === key}
            aria-controls="reactions-panel"
            tabIndex={tab === key ? 0 : -1}
            onClick={() => setTab(key)}
            onKeyDown={onTabKey}
          >
            {t(`reactions.tabs.${key}`)}
          </button>
        ))}
      </div>
      <div id="reactions-panel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
        {tab === 'preset' ? <p className="settings-hint">{t('reactions.presetNote')}</p> : null}
        <div className="settings-row">
          <label className="settings-field">
            {t('reactions.search')}
            <input type="search" className="settings-input" value={query} placeholder={t('reactions.searchPlaceholder')} onChange={(event) => setQuery(event.target.value)} />
          </label>
          {tab === 'custom' && !readOnly ? (
            <button type="button" className="button button-small" onClick={() => setEditing('new')}>
              {t('reactions.add')}
            </button>
          ) : null}
        </div>
        <LoadState
          state={list}
          hasData={data !== undefined}
          empty={data !== undefined && rows.length === 0}
          emptyText={query.trim() ? m('UI.NO_REACTIONS_FOUND') : m('UI.NO_DATA')}
        />
        {rows.length > 0 ? (
          <SettingsTable
            label={t(`reactions.tabs.${tab}`)}
            columns={[
              t('reactions.fields.name'),
              t('reactions.fields.prompt'),
              t('reactions.fields.category'),
              ...(tab === 'custom' ? [t('common.updatedBy'), t('common.updatedAt'), ...(readOnly ? [] : [t('actions.edit')])] : []),
            ]}
          >
            {rows.map((row) => (
              <tr key={'id' in row ? row.id : row.name} data-reaction={row.name}>
                <th scope="row">:{row.name}:</th>
                <td>
                  {'meaning' in row && row.meaning ? (
                    <>
                      <div>{row.meaning}</div>
                      <div className="settings-hint" lang={PRESET_PROMPT_LOCALE}>
                        {row.prompt}
                      </div>
                    </>
                  ) : (
                    row.prompt
                  )}
                </td>
                <td>{t(`reactions.categories.${row.category}`)}</td>
                {'id' in row ? (
                  <>
                    <td>{row.updatedByName ?? '---'}</td>
                    <td>{showDate(row.updatedAt, locale)}</td>
                    {readOnly ? null : (
                      <td className="settings-row">
                        <button type="button" className="button button-small button-quiet" onClick={() => setEditing(row)} aria-label={`${t('actions.edit')}: :${row.name}:`}>
                          {t('actions.edit')}
                        </button>
                        <button
                          type="button"
                          className="button button-small button-quiet"
                          disabled={action.busy}
                          aria-label={`${t('actions.delete')}: :${row.name}:`}
                          onClick={() =>
                            confirm.ask(m('UI.CONFIRM_DELETE_REACTION'), () =>
                              void action.run('UI.DELETING', () => deleteReaction(row.id), list.reload),
                            )
                          }
                        >
                          {t('actions.delete')}
                        </button>
                      </td>
                    )}
                  </>
                ) : null}
              </tr>
            ))}
          </SettingsTable>
        ) : null}
      </div>
      <ActionStatus progress={action.progress ? m(action.progress) : null} error={editing ? null : action.error} signedOut={action.signedOut} />
      <ReactionDialog
        editing={editing}
        custom={data?.custom ?? []}
        busy={action.busy}
        serverError={editing ? (dialogError ?? action.error) : null}
        serverField={editing && !dialogError ? action.errorField : null}
        signedOut={editing !== null && action.signedOut}
        onUnsavedChange={setUnsaved}
        onSave={(id, draft) => void save(id, draft)}
        onClose={() => {
          setEditing(null);
          action.setError(null);
        }}
      />
      <ConfirmDialog question={confirm} confirmLabel={t('actions.delete')} cancelLabel={t('actions.cancel')} />
      <UnsavedChangesGuard dirty={unsaved} />
    </SettingsPage>
  );
}
