import { formatList } from '../../../../core/shared/list-format';
import { escapeSlackText } from '../../../../core/shared/slack-escapes';
import type { HomeSection } from '../home-section';

/** The workspace's plan or trial (with the days left), the person's seat and this month's usage. */
export const planSection: HomeSection = ({ facts, t, day, page }) => {
  const { plan, seat, usage } = facts;
  // Every text here is a mrkdwn section: the name a person typed shows as typed, never as markup.
  const appName = escapeSlackText(facts.appName);
  let planText: string;
  if (plan.kind === 'trial') planText = t('HOME.PLAN_TRIAL', { days: plan.daysLeft, date: day(plan.endsAt) });
  else if (plan.kind === 'paid') {
    // How each plan is billed: pay-as-you-go has no fixed interval (Stripe names none).
    const billing = (p: (typeof plan.plans)[number]) =>
      p.payAsYouGo || p.interval === null ? t('HOME.BILLING_PAY_AS_YOU_GO') : p.interval === 'yearly' ? t('HOME.INTERVAL_YEARLY') : t('HOME.INTERVAL_MONTHLY');
    const plans = plan.plans.map((p) => t('HOME.PLAN_ITEM', { name: p.name, billing: billing(p), seats: p.seats }));
    planText = t('HOME.PLAN_PAID', { plans: formatList(plans, facts.locale) });
  } else if (plan.kind === 'payment_due') {
    planText = `${t('HOME.PLAN_PAYMENT_DUE', { appName })} <${page('settings/subscription')}|${t('HOME.LINK_SUBSCRIPTION')}>`;
  } else if (plan.kind === 'payment_method_needed' || plan.kind === 'paused_after_failed_payment' || plan.kind === 'paused') {
    const why = { payment_method_needed: 'HOME.PLAN_PAYMENT_METHOD_NEEDED', paused_after_failed_payment: 'HOME.PLAN_PAUSED_AFTER_FAILED_PAYMENT', paused: 'HOME.PLAN_PAUSED' } as const;
    planText = `${t(why[plan.kind], { appName })} <${page('settings/subscription')}|${t('HOME.LINK_SUBSCRIPTION')}>`;
  } else {
    const ended = plan.kind === 'ended' ? t('HOME.PLAN_ENDED', { appName }) : t('HOME.PLAN_NONE', { appName });
    planText = `${ended} <${page('pricing')}|${t('HOME.LINK_PRICING')}>`;
  }

  const seatText =
    seat.kind === 'assigned'
      ? t('HOME.SEAT_ASSIGNED', { plan: seat.planName })
      : seat.kind === 'available'
        ? t('HOME.SEAT_AVAILABLE', { plan: seat.planName })
        : seat.kind === 'trial'
          ? t('HOME.SEAT_TRIAL', { appName })
          : t('HOME.SEAT_NONE');
  const usageText = [
    t('HOME.USAGE', { total: usage.total, channel: usage.channel, dm: usage.directMessage, reaction: usage.reaction }),
    usage.limit === null ? t('HOME.USAGE_UNLIMITED') : t('HOME.USAGE_LIMIT', { limit: usage.limit, date: day(usage.resetsAt) }),
  ].join('\n');

  return [
    { type: 'text', text: `${t('HOME.PLAN_TITLE')}\n${planText}` },
    { type: 'text', text: `${t('HOME.SEAT_TITLE')}\n${seatText}\n${usageText}` },
    { type: 'divider' },
  ];
};
