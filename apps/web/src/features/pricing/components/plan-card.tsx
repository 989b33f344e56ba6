import { useTranslation } from 'react-i18next';
import type { BillingInterval, BillingMode, Plan } from '../../../../../../core/billing/plan';
import type { MeState } from '../../../lib/api/get-me';
import type { PublicConfig } from '../../../lib/api/get-public-config';
import { planPriceView, seatsTotalView, usageView } from '../plan-display';
import { PlanAction } from './plan-action';

export function PlanCard(props: {
  plan: Plan;
  interval: BillingInterval;
  mode: BillingMode;
  /** null: the typed seat count is not valid (no total, no checkout). */
  seats: number | null;
  config: PublicConfig | undefined;
  session: MeState;
  featured?: boolean;
}) {
  const { t } = useTranslation('pricing');
  const { plan, interval, mode } = props;
  const price = planPriceView(plan, interval, mode);
  const usage = usageView(plan, interval, mode);
  const total = props.seats === null ? null : seatsTotalView(plan, interval, mode, props.seats);
  const titleId = `plan-${plan.key}`;
  return (
    <li className={props.featured ? 'plan-card plan-card-featured' : 'plan-card'} aria-labelledby={titleId}>
      {props.featured ? <p className="plan-badge">{t('card.popular')}</p> : null}
      <h2 id={titleId}>{plan.displayName}</h2>
      <p className="plan-tagline">{t(`plans.${plan.name}.tagline`)}</p>
      <p className="plan-price">
        <span className="plan-amount">{price.amount}</span> <span className="plan-unit">{t(`card.${price.unit}`)}</span>
      </p>
      <p className="plan-total" aria-live="polite">
        {total ? t(`card.${total.key}`, { total: total.total, price: total.price, seats: total.seats }) : ''}
      </p>
      <p className="plan-savings">{price.savings ? t('card.savings', { amount: price.savings }) : '\u00a0'}</p>
      <ul className="plan-points">
        <li>{t('details.values.tokens', { model: plan.model.displayName, tokens: plan.product.tokenLimitInK })}</li>
        <li>{t(`details.values.${usage.key}`, { count: usage.count })}</li>
        <li>{t('details.values.plugins', { count: plan.googleResultsPerAnswer })}</li>
        <li>{t(plan.support.includes('shared_channel') ? 'details.values.emailAndChannel' : 'details.values.email')}</li>
      </ul>
      <div className="plan-action">
        <PlanAction {...props} />
      </div>
    </li>
  );
}
