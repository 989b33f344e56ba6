import { useEffect, useState } from 'react';
import { LoadState } from '../../../components/settings/load-state';
import { ActionStatus, PermissionNotice, SettingsPage } from '../../../components/settings/settings-page';
import { SettingsTable } from '../../../components/settings/settings-table';
import { LiveStatus } from '../../../components/ui/live-status';
import { Switch } from '../../../components/settings/switch';
import { showDate } from '../../../lib/settings/dates';
import { useAction } from '../../../lib/settings/use-action';
import { useResource } from '../../../lib/settings/use-resource';
import { useSettingsText } from '../../../lib/settings/use-settings-text';
import { assignSeat } from '../api/assign-seat';
import { getMembers, type AssignmentSummary } from '../api/get-members';
import { unassignSeat } from '../api/unassign-seat';

/** The search waits for typing to pause (spec 9: debounce 1000 ms). */
const DEBOUNCE_MS = 1000;

/**
 * /settings/members (Primary Owner, Owner or Admin): who holds a seat of which subscription.
 * `isAdmin` is the session's: anyone else gets the permission message at once, not the page's
 * lead and 'Loading...' while the API is asked (it would answer 403 with the same message).
 * When Slack could not list the members (`rolesUnknown`), nobody's role is known: the page asks
 * the API, which answers with the unknown-error text (or the page, once Slack answers again).
 */
export function MembersPage(props: { isAdmin: boolean; rolesUnknown?: boolean }) {
  const { t, m } = useSettingsText();
  if (!props.isAdmin && props.rolesUnknown !== true) return <PermissionNotice title={t('members.title')} message={m('PERMISSION.MEMBERS_PAGE')} />;
  return <SeatAssignments />;
}

function SeatAssignments() {
  const { t, m, locale } = useSettingsText();
  const [subscriptionId, setSubscriptionId] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const page = useResource(() => getMembers(subscriptionId, query), [subscriptionId, query]);
  const action = useAction();
  const data = page.data;
  const selected = subscriptionId ?? data?.selectedSubscriptionId ?? null;

  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  if (page.status === 'error' && page.error.status === 403) {
    return <PermissionNotice title={t('members.title')} message={page.error.message} />;
  }

  const toggle = (memberId: string, assign: boolean) => {
    if (!selected) return;
    void action
      .run('UI.UPDATING', () => (assign ? assignSeat(memberId, selected) : unassignSeat(memberId, selected)), page.reload);
  };

  return (
    <SettingsPage title={t('members.title')} lead={t('members.lead')}>
      <LoadState state={page} hasData={data !== undefined} />
      {data ? (
        <>
          <div className="settings-row">
            <label className="settings-field">
              {t('members.subscription')}
              <select className="settings-input" value={selected ?? ''} onChange={(event) => setSubscriptionId(event.target.value || null)}>
                <option value="">{t('members.chooseSubscription')}</option>
                {data.subscriptions.map((s) => (
                  <option key={s.id} value={s.id}>
                    {t('members.subscriptionOption', { plan: s.planDisplayName, count: s.quantity })}
                  </option>
                ))}
              </select>
            </label>
            <label className="settings-field">
              {t('members.search')}
              <input type="search" className="settings-input" value={typed} placeholder={t('members.searchPlaceholder')} onChange={(event) => setTyped(event.target.value)} />
            </label>
          </div>
          {data.subscriptions.length === 0 ? <p className="settings-hint">{t('members.noSubscription')}</p> : null}
          {data.summary ? <Summary summary={data.summary} /> : null}
          {/* In a status region there before its words, so a search that finds nobody is heard (as LoadState's no-data line). */}
          <LiveStatus>{data.rows.length === 0 ? m('UI.NO_DATA') : null}</LiveStatus>
          {data.rows.length === 0 ? null : (
            <SettingsTable
              label={t('members.title')}
              columns={[
                t('common.number'),
                t('members.columns.authority'),
                t('members.columns.title'),
                t('members.columns.name'),
                t('common.updatedAt'),
                t('common.updatedBy'),
                t('members.columns.assign'),
              ]}
            >
              {data.rows.map((row) => (
                <tr key={row.memberId} data-member={row.memberId}>
                  <td>{row.number}</td>
                  <td>{t(`members.authority.${row.authority}`)}</td>
                  <td>{row.title}</td>
                  <th scope="row">{row.memberName}</th>
                  <td>{showDate(row.updatedAt, locale)}</td>
                  <td>{row.updatedByName ?? '---'}</td>
                  <td>
                    <Switch
                      checked={row.assignButton === 'remove'}
                      label={t('members.assignFor', { name: row.memberName })}
                      disabled={row.assignButton === 'disabled' || action.busy}
                      onChange={(next) => toggle(row.memberId, next)}
                    />
                  </td>
                </tr>
              ))}
            </SettingsTable>
          )}
        </>
      ) : null}
      <ActionStatus progress={action.progress ? m(action.progress) : page.status === 'loading' && data ? m('UI.LOADING') : null} error={action.error} signedOut={action.signedOut} />
    </SettingsPage>
  );
}

function Summary({ summary }: { summary: AssignmentSummary }) {
  const { t, locale } = useSettingsText();
  // Grouped as the page's language writes them (1,200), like Usage's counts and the instruction metrics.
  const count = new Intl.NumberFormat(locale);
  const items: [string, number][] = [
    ['assigned', summary.assigned],
    ['manual', summary.manual],
    ['automatic', summary.automatic],
    ['available', summary.available],
    ['totalSeats', summary.totalSeats],
    ['freeUsageBasedSeats', summary.freeUsageBasedSeats],
  ];
  return (
    <dl className="summary-grid" aria-label={t('members.summary.label')}>
      {items.map(([key, value]) => (
        <div key={key} data-summary={key}>
          <dt>{t(`members.summary.${key}`)}</dt>
          <dd>{count.format(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
