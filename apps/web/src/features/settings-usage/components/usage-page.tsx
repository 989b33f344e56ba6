import { getRouteApi } from '@tanstack/react-router';
import { LoadState } from '../../../components/settings/load-state';
import { PermissionNotice, SettingsPage } from '../../../components/settings/settings-page';
import { useResource } from '../../../lib/settings/use-resource';
import { useSettingsText } from '../../../lib/settings/use-settings-text';
import { getUsage, type UsagePeriod } from '../api/get-usage';

const PERIODS: [UsagePeriod, string][] = [
  ['all_time', 'UI.PERIOD_ALL_TIME'],
  ['last_1_month', 'UI.PERIOD_LAST_1_MONTH'],
];

const route = getRouteApi('/{-$locale}/_signed-in/settings/usage');

/**
 * /settings/usage (Primary Owner, Owner or Admin): who uses Tomo how much. `isAdmin` is the
 * session's: anyone else gets the permission message at once, not the page's controls while
 * the API is asked (it would answer 403 with the same message). When Slack could not list the
 * members (`rolesUnknown`) the page asks the API, which answers with the unknown-error text.
 */
export function UsagePage(props: { isAdmin: boolean; rolesUnknown?: boolean }) {
  const { t, m } = useSettingsText();
  if (!props.isAdmin && props.rolesUnknown !== true) return <PermissionNotice title={t('usage.title')} message={m('PERMISSION.USAGE_PAGE')} />;
  return <UsageReport />;
}

function UsageReport() {
  const { t, m, locale } = useSettingsText();
  // Counts grouped as the page's language writes them (12,345), like the other numbers of the settings.
  const count = (n: number) => new Intl.NumberFormat(locale).format(n);
  const period: UsagePeriod = route.useSearch().period ?? 'all_time';
  const navigate = route.useNavigate();
  const setPeriod = (key: UsagePeriod) => void navigate({ search: key === 'last_1_month' ? { period: key } : {}, replace: true, resetScroll: false });
  const report = useResource(() => getUsage(period), [period]);
  // Only a finished load is shown: while a period loads, or after it failed, the page says only that.
  const data = report.status === 'ready' ? report.data : undefined;

  if (report.status === 'error' && report.error.status === 403) {
    return <PermissionNotice title={t('usage.title')} message={report.error.message} />;
  }

  return (
    <SettingsPage title={t('usage.title')} lead={t('usage.lead')}>
      <div className="segmented" role="group" aria-label={t('usage.period')}>
        {PERIODS.map(([key, label]) => (
          <button key={key} type="button" aria-pressed={period === key} onClick={() => setPeriod(key)}>
            {m(label)}
          </button>
        ))}
      </div>
      <LoadState state={report} hasData={data !== undefined} empty={data?.noData === true} />
      {data && !data.noData ? (
        <>
          <dl className="summary-grid" aria-label={t('usage.summary.label')}>
            <div>
              <dt>{t('usage.summary.totalUsers')}</dt>
              <dd>{count(data.summary.totalUsers)}</dd>
            </div>
            <div>
              <dt>{t('usage.summary.totalUsage')}</dt>
              <dd>{count(data.summary.totalUsage)}</dd>
            </div>
            <div>
              <dt>{t('usage.summary.averageUsage')}</dt>
              <dd>{count(data.summary.averageUsage)}</dd>
            </div>
          </dl>
          {/* Scrolls sideways on a narrow screen: a named region in the Tab order, as SettingsTable. */}
          <div className="table-wrap" tabIndex={0} role="region" aria-label={t('usage.title')}>
            <table className="settings-table">
              <thead>
                <tr>
                  <th scope="col" rowSpan={2}>{t('usage.columns.rank')}</th>
                  <th scope="col" rowSpan={2}>{t('usage.columns.title')}</th>
                  <th scope="col" rowSpan={2}>{t('usage.columns.userName')}</th>
                  <th scope="colgroup" colSpan={3}>{t('usage.columns.usage')}</th>
                </tr>
                <tr>
                  <th scope="col">{t('usage.columns.channel')}</th>
                  <th scope="col">{t('usage.columns.dm')}</th>
                  <th scope="col">{t('usage.columns.reaction')}</th>
                </tr>
              </thead>
              <tbody>
                {data.ranking.map((row) => (
                  <tr key={row.memberId} data-member={row.memberId}>
                    <td>{row.rank}</td>
                    <td>{row.title}</td>
                    <th scope="row">{row.userName}</th>
                    <td>{count(row.channel)}</td>
                    <td>{count(row.dm)}</td>
                    <td>{count(row.reaction)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </SettingsPage>
  );
}
