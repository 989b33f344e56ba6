import { useLocation } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { BillingErrorAlert } from '../../../components/billing-error-alert';
import { ConfirmDialog } from '../../../components/settings/confirm-dialog';
import { LoadState } from '../../../components/settings/load-state';
import { ActionStatus, SettingsPage } from '../../../components/settings/settings-page';
import { useConfirm } from '../../../components/settings/use-confirm';
import { usePublicConfig } from '../../../lib/api/get-public-config';
import { BILLING_ERROR_PARAM, parseBillingError } from '../../../lib/billing-error';
import { localizePath } from '../../../lib/locale';
import { useAction } from '../../../lib/settings/use-action';
import { useResource } from '../../../lib/settings/use-resource';
import { useSettingsText } from '../../../lib/settings/use-settings-text';
import { fetchUserContext, type UserContext } from '../../../lib/settings/user-context';
import { getSubscription, type CurrentSubscription } from '../api/get-subscription';
import { resumeSubscription } from '../api/resume-subscription';
import { setAutoRenew } from '../api/set-auto-renew';
import { planStateChanged } from '../plan-ended';
import { showDay } from '../show-day';
import { ManageBilling } from './manage-billing';
import { SubscriptionCard } from './subscription-card';
import './subscription.css';

/**
 * /settings/subscription: the current trial or plans with status, seats assigned / total and
 * renewal. Admins (with billing configured) also turn auto-renewal on or off, change seats
 * after a price preview, and open the Customer Portal. Members see the same facts read-only;
 * without billing there are no buying controls and a note says why.
 */
export function SubscriptionPage() {
  const { t, m, locale } = useSettingsText();
  const page = useResource(getSubscription, []);
  const config = usePublicConfig();
  const [who, setWho] = useState<UserContext | null>(null);
  const action = useAction();
  const confirm = useConfirm();
  const billingError = useLocation({ select: (location) => parseBillingError((location.search as Record<string, unknown>)[BILLING_ERROR_PARAM]) });
  const data = page.data;

  useEffect(() => {
    void fetchUserContext().then(setWho);
  }, []);

  // The trial's or plans' end in the catalogue's words, as Slack refuses questions now.
  const refusal = data?.refusal
    ? m(data.refusal.code, { ...data.refusal.params, pricingUrl: new URL(localizePath('/pricing', locale), window.location.origin).href })
    : undefined;
  const billingOff = config !== undefined && !config.billingEnabled;
  const canChange = config?.billingEnabled === true && who?.isAdmin === true;
  const hasPaid = (data?.current ?? []).some((s) => s.kind === 'paid') || (data?.past ?? []).some((s) => s.kind === 'paid');
  // Plans that grant nothing now but come back once the admin acts: an unpaid invoice, a missing payment method.
  const halted = (data?.past ?? []).filter((s) => s.status === 'suspended' || s.status === 'paused');
  const buyable = config?.billingEnabled === true && data !== undefined && !data.current.some((s) => s.kind === 'paid') && halted.length === 0;

  const toggleAutoRenew = (s: CurrentSubscription, next: boolean) => {
    const message = next
      ? t('subscription.autoRenew.confirmOn', { plan: s.planDisplayName, date: showDay(s.currentPeriodEnd, locale) })
      : t('subscription.autoRenew.confirmOff', { plan: s.planDisplayName, date: showDay(s.currentPeriodEnd, locale) });
    confirm.ask(message, () => void action.run('UI.UPDATING', () => setAutoRenew(s.id, next), page.reload, planStateChanged));
  };
  // A seat change found the plan changed (ended at Stripe): its card may be gone after the reload,
  // so the message is shown here, with the page's other outcomes.
  const planChangedElsewhere = async (message: string) => {
    action.setError(message);
    await page.reload();
  };
  const resume = (s: CurrentSubscription) =>
    confirm.ask(t('subscription.resume.confirm', { plan: s.planDisplayName }), () =>
      void action.run('UI.UPDATING', () => resumeSubscription(s.id), page.reload, planStateChanged),
    );

  return (
    <SettingsPage title={t('subscription.title')} lead={t('subscription.lead')}>
      {billingError ? (
        <BillingErrorAlert code={billingError} title={t('subscription.billingError.title')} dismissLabel={t('subscription.billingError.dismiss')} />
      ) : null}
      {billingOff ? (
        <p className="subscription-note" data-testid="billing-off">
          {m('BILLING.NOT_CONFIGURED')}
        </p>
      ) : null}
      {config?.billingEnabled && who && !who.isAdmin ? <p className="subscription-note">{t('subscription.adminOnly')}</p> : null}
      <LoadState state={page} hasData={data !== undefined} empty={data?.current.length === 0 && halted.length === 0} emptyText={refusal ?? t('subscription.none')} />
      {data && data.current.length > 0 ? (
        <ul className="card-grid card-grid-2">
          {data.current.map((s) => (
            <SubscriptionCard
              key={s.id}
              subscription={s}
              canChange={canChange}
              busy={action.busy}
              onAutoRenew={(next) => toggleAutoRenew(s, next)}
              onChanged={page.reload}
              onPlanChanged={planChangedElsewhere}
            />
          ))}
        </ul>
      ) : null}
      {halted.length > 0 ? (
        <ul className="card-grid card-grid-2" aria-label={t('subscription.halted')}>
          {halted.map((s) => (
            <SubscriptionCard
              key={s.id}
              subscription={s}
              canChange={canChange}
              busy={action.busy}
              onAutoRenew={() => undefined}
              onChanged={page.reload}
              onPlanChanged={planChangedElsewhere}
              onResume={() => resume(s)}
            />
          ))}
        </ul>
      ) : null}
      <ActionStatus progress={action.progress ? m(action.progress) : null} error={action.error} signedOut={action.signedOut} />
      {canChange && hasPaid ? <ManageBilling /> : null}
      <p className="actions">
        <a className={buyable && who?.isAdmin ? 'button button-small' : 'button button-secondary button-small'} href={localizePath('/pricing', locale)}>
          {buyable && who?.isAdmin ? t('subscription.buyPlan') : t('subscription.seePlans')}
        </a>
      </p>
      <ConfirmDialog question={confirm} confirmLabel={t('actions.confirm')} cancelLabel={t('actions.cancel')} />
    </SettingsPage>
  );
}
