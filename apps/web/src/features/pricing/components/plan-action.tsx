import { useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { BillingInterval, BillingMode, Plan } from '../../../../../../core/billing/plan';
import type { MeState } from '../../../lib/api/get-me';
import type { PublicConfig } from '../../../lib/api/get-public-config';

/**
 * A plan's button: Coming soon (billing disabled), Manage (the workspace already has this
 * plan; Customer Portal), or Subscribe (checkout form; signed-out visitors sign in first).
 */
export function PlanAction(props: {
  plan: Plan;
  interval: BillingInterval;
  mode: BillingMode;
  seats: number;
  config: PublicConfig | undefined;
  session: MeState;
}) {
  const { t } = useTranslation('pricing');
  const here = useLocation({ select: (location) => location.pathname });
  const { plan, session } = props;
  const planName = <span className="visually-hidden"> — {t('card.plan', { plan: plan.displayName })}</span>;

  if (props.config && !props.config.billingEnabled) {
    return (
      <button type="button" className="button" disabled>
        {t('card.comingSoon')}
        {planName}
      </button>
    );
  }
  if (session.status === 'signed-in' && session.me.activePlanKeys.includes(plan.key)) {
    return (
      <form method="post" action="/api/create-portal-session">
        <button type="submit" className="button button-secondary">
          {t('card.manage')}
          {planName}
        </button>
      </form>
    );
  }
  if (session.status !== 'signed-in') {
    return (
      <a className="button" href={`/auth/signin?returnTo=${encodeURIComponent(here)}`}>
        {t('card.subscribe')}
        {planName}
      </a>
    );
  }
  return (
    <form method="post" action="/api/create-checkout-session">
      <input type="hidden" name="plan" value={plan.key} />
      <input type="hidden" name="interval" value={props.interval} />
      <input type="hidden" name="mode" value={props.mode} />
      <input type="hidden" name="seats" value={props.seats} />
      <button type="submit" className="button">
        {t('card.subscribe')}
        {planName}
      </button>
    </form>
  );
}
