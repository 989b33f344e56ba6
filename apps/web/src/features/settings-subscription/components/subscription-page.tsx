import { SettingsPage } from '../../../components/settings/settings-page';
import { showDate } from '../../../lib/settings/dates';
import { localizePath } from '../../../lib/locale';
import { useResource } from '../../../lib/settings/use-resource';
import { useSettingsText } from '../../../lib/settings/use-settings-text';
import { getSubscription, type SubscriptionView } from '../api/get-subscription';

/** /settings/subscription (read-only): the current trial or plans, seats and renewal. */
export function SubscriptionPage() {
  const { t, m, locale } = useSettingsText();
  const page = useResource(getSubscription, []);
  const data = page.data;
  return (
    <SettingsPage title={t('subscription.title')} lead={t('subscription.lead')}>
      {page.status === 'loading' && !data ? <p role="status">{m('UI.LOADING')}</p> : null}
      {page.status === 'error' && !data ? <p className="settings-error" role="alert">{page.error.message || m('UNKNOWN')}</p> : null}
      {data ? (
        data.current.length === 0 ? (
          <p>{t('subscription.none')}</p>
        ) : (
          <ul className="card-grid card-grid-2">
            {data.current.map((s) => (
              <SubscriptionCard key={s.id} subscription={s} />
            ))}
          </ul>
        )
      ) : null}
      <p className="actions">
        <a className="button button-secondary button-small" href={localizePath('/pricing', locale)}>
          {t('subscription.seePlans')}
        </a>
      </p>
    </SettingsPage>
  );
}

function SubscriptionCard({ subscription: s }: { subscription: SubscriptionView }) {
  const { t } = useSettingsText();
  const trial = s.kind === 'trial';
  return (
    <li className="card" data-subscription={s.id}>
      <h2 className="h3">{trial ? t('subscription.trial') : s.planDisplayName}</h2>
      <dl className="summary-grid">
        <div>
          <dt>{t('subscription.status')}</dt>
          <dd>{t(`subscription.statuses.${s.status}`)}</dd>
        </div>
        {trial ? null : (
          <div>
            <dt>{t('subscription.seats')}</dt>
            <dd>{s.quantity}</dd>
          </div>
        )}
        <div>
          <dt>{trial ? t('subscription.trialEnds') : s.autoRenew ? t('subscription.renews') : t('subscription.ends')}</dt>
          <dd>{showDate(s.currentPeriodEnd)}</dd>
        </div>
      </dl>
      {trial ? null : (
        <p className="settings-hint">
          {t(`subscription.intervals.${s.interval ?? 'monthly'}`)} · {t(`subscription.modes.${s.billingMode ?? 'fixed_rate'}`)} ·{' '}
          {s.autoRenew ? t('subscription.autoRenewOn') : t('subscription.autoRenewOff')}
        </p>
      )}
    </li>
  );
}
