import { useLocation } from '@tanstack/react-router';
import { Switch } from '../../../components/settings/switch';
import { showDate } from '../../../lib/settings/dates';
import { useSettingsText } from '../../../lib/settings/use-settings-text';
import type { CurrentSubscription } from '../api/get-subscription';
import { showDay } from '../show-day';
import { SeatChange } from './seat-change';

/**
 * One current trial or plan: status, seats assigned / total, renewal (or end) date, and for
 * admins with billing configured the auto-renew switch and the seat change. A halted plan
 * (suspended for an unpaid invoice, or paused) shows what brings it back instead; for admins, a
 * plan suspended, past due or paused after a failed renewal has Pay the unpaid invoice (a form post
 * that goes on to Stripe's hosted invoice page: paying it brings the plan back, a paused one with
 * no second charge), any other paused plan the Resume button.
 */
export function SubscriptionCard(props: {
  subscription: CurrentSubscription;
  /** Admin and billing configured: the buying controls are shown. */
  canChange: boolean;
  busy: boolean;
  onAutoRenew(next: boolean): void;
  onChanged(): Promise<unknown>;
  /** A seat change was refused because the plan changed at Stripe: the page shows `message` and reloads. */
  onPlanChanged(message: string): Promise<unknown>;
  onResume?(): void;
}) {
  const { t, locale } = useSettingsText();
  const s = props.subscription;
  const trial = s.kind === 'trial';
  const halted = s.status === 'suspended' || s.status === 'paused';
  const unpaidRenewal = s.status === 'paused' && s.pauseReason === 'payment_failed';
  // An invoice left open by a failed payment: paid on Stripe's hosted page, the plan is active again.
  const invoiceToPay = unpaidRenewal || s.status === 'suspended' || s.status === 'past_due';
  const here = useLocation({ select: (location) => location.pathname });
  const title = trial ? t('subscription.trial') : s.planDisplayName;
  const endsLabel = trial ? t('subscription.trialEnds') : s.autoRenew ? t('subscription.renews') : t('subscription.ends');
  return (
    <li className="card subscription-card" data-subscription={s.id} aria-label={title}>
      <h2 className="h3">{title}</h2>
      <dl className="summary-grid">
        <div>
          <dt>{t('subscription.status')}</dt>
          <dd data-testid="subscription-status">{t(`subscription.statuses.${s.status}`)}</dd>
        </div>
        {trial ? null : (
          <div>
            <dt>{t('subscription.seatsAssigned')}</dt>
            <dd data-testid="subscription-seats">
              {s.seats ? t('subscription.seatsOf', { assigned: s.seats.assigned, total: s.seats.totalSeats }) : s.quantity}
            </dd>
          </div>
        )}
        {halted ? null : (
          <div>
            <dt>{endsLabel}</dt>
            <dd data-testid="subscription-period-end">{showDate(s.currentPeriodEnd, locale)}</dd>
          </div>
        )}
      </dl>
      {trial || halted ? null : (
        <p className="settings-hint">
          {t(`subscription.intervals.${s.interval ?? 'monthly'}`)} · {t(`subscription.modes.${s.billingMode ?? 'fixed_rate'}`)} ·{' '}
          {s.autoRenew ? t('subscription.autoRenewOn') : t('subscription.autoRenewOff')}
        </p>
      )}
      {!trial && !halted && s.cancelAtPeriodEnd ? (
        <p className="subscription-flag" data-testid="cancels-at-period-end">
          <strong>{t('subscription.cancelsAtPeriodEnd')}</strong> — {t('subscription.cancelsNote', { date: showDay(s.currentPeriodEnd, locale) })}
        </p>
      ) : null}
      {s.status === 'past_due' ? <p className="subscription-flag">{t('subscription.pastDueNote')}</p> : null}
      {s.status === 'suspended' ? (
        <p className="subscription-flag" data-testid="suspended-note">
          {t('subscription.suspendedNote')}
        </p>
      ) : null}
      {s.status === 'paused' ? (
        <p className="subscription-flag" data-testid="paused-note">
          {t(s.pauseReason === 'payment_failed' ? 'subscription.pausedAfterFailedPaymentNote' : s.pauseReason === 'requested' || s.pauseReason === 'other' ? 'subscription.pausedOnRequestNote' : 'subscription.pausedNote')}
        </p>
      ) : null}
      {invoiceToPay && props.canChange ? (
        <form className="subscription-controls" method="post" action={`/api/billing/subscriptions/${encodeURIComponent(s.id)}/pay-invoice`}>
          <input type="hidden" name="returnTo" value={here} />
          <button type="submit" className="button button-small">
            {t('subscription.payInvoice.button')}
          </button>
          <span className="settings-hint"> {t('subscription.payInvoice.hint')}</span>
        </form>
      ) : null}
      {s.status === 'paused' && !unpaidRenewal && props.canChange && props.onResume ? (
        <p className="subscription-controls">
          <button type="button" className="button button-small" disabled={props.busy} onClick={props.onResume}>
            {t('subscription.resume.button')}
          </button>
        </p>
      ) : null}
      {!trial && !halted && props.canChange ? (
        <div className="subscription-controls">
          <Switch
            checked={s.autoRenew}
            label={t('subscription.autoRenew.label')}
            showLabel
            disabled={props.busy}
            onChange={props.onAutoRenew}
          />
          <SeatChange subscription={s} onChanged={props.onChanged} onPlanChanged={props.onPlanChanged} />
        </div>
      ) : null}
    </li>
  );
}
