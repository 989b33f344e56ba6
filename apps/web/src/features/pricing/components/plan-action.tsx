import { useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { BillingInterval, BillingMode, Plan } from '../../../../../../core/billing/plan';
import type { MeState } from '../../../lib/api/get-me';
import type { PublicConfig } from '../../../lib/api/get-public-config';
import { SEATS_ERROR_ID } from './pricing-controls';

/** The note beside the plans that tells members why their buttons are disabled. */
export const ADMIN_ONLY_NOTE_ID = 'pricing-admin-only';

/**
 * A plan's button: Coming soon (billing disabled), Manage (the workspace already has this
 * plan; Customer Portal), or Subscribe (checkout form; signed-out visitors sign in first).
 * Only admins may buy or manage: members see both disabled, described by the admin-only note.
 * Forms carry `returnTo` (this page) so a refused post comes back here with the reason.
 */
export function PlanAction(props: {
  plan: Plan;
  interval: BillingInterval;
  mode: BillingMode;
  /** null: the typed seat count is not valid, so Subscribe is disabled and described by its message. */
  seats: number | null;
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
  if (session.status !== 'signed-in') {
    return (
      <a className="button" href={`/auth/signin?returnTo=${encodeURIComponent(here)}`}>
        {t('card.subscribe')}
        {planName}
      </a>
    );
  }
  const owned = session.me.activePlanKeys.includes(plan.key);
  if (!session.me.isAdmin) {
    return (
      <button type="button" className={owned ? 'button button-secondary' : 'button'} disabled aria-describedby={ADMIN_ONLY_NOTE_ID}>
        {t(owned ? 'card.manage' : 'card.subscribe')}
        {planName}
      </button>
    );
  }
  if (owned) {
    return (
      <form method="post" action="/api/create-portal-session">
        <input type="hidden" name="returnTo" value={here} />
        <button type="submit" className="button button-secondary">
          {t('card.manage')}
          {planName}
        </button>
      </form>
    );
  }
  return (
    <form method="post" action="/api/create-checkout-session">
      <input type="hidden" name="plan" value={plan.key} />
      <input type="hidden" name="interval" value={props.interval} />
      <input type="hidden" name="mode" value={props.mode} />
      <input type="hidden" name="seats" value={props.seats ?? ''} />
      <input type="hidden" name="returnTo" value={here} />
      <button
        type="submit"
        className="button"
        disabled={props.seats === null}
        aria-describedby={props.seats === null ? SEATS_ERROR_ID : undefined}
      >
        {t('card.subscribe')}
        {planName}
      </button>
    </form>
  );
}
