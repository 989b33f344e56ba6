import { useTranslation } from 'react-i18next';
import { PLANS } from '../../../../../../core/billing/plan-catalog';
import { SLACK_INSTALL_PATH } from '../../../lib/site';

export function TrialCard() {
  const { t } = useTranslation('pricing');
  const plan = PLANS.free;
  return (
    <li className="plan-card" aria-labelledby="plan-free">
      <h2 id="plan-free">{t('details.freeTrial')}</h2>
      <p className="plan-tagline">{t('plans.free.tagline')}</p>
      <p className="plan-price">
        <span className="plan-amount">{t('card.trialPrice')}</span> <span className="plan-unit">{t('card.trialPeriod')}</span>
      </p>
      <p className="plan-savings">{'\u00a0'}</p>
      <ul className="plan-points">
        <li>{t('details.values.tokens', { model: plan.model.displayName, tokens: plan.product.tokenLimitInK })}</li>
        <li>{t('details.values.timesPerMonth', { count: plan.prices.monthly.requestLimit ?? 0 })}</li>
        <li>{t('details.values.pluginsOne')}</li>
        <li>{t('details.values.email')}</li>
      </ul>
      <div className="plan-action">
        <a className="button button-secondary" href={SLACK_INSTALL_PATH}>
          {t('card.trialCta')}
        </a>
      </div>
    </li>
  );
}
