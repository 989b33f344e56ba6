import { useTranslation } from 'react-i18next';
import type { BillingInterval, BillingMode } from '../../../../../../core/billing/plan';

export function PricingControls(props: {
  interval: BillingInterval;
  mode: BillingMode;
  seats: number;
  onInterval(interval: BillingInterval): void;
  onMode(mode: BillingMode): void;
  onSeats(seats: number): void;
}) {
  const { t } = useTranslation('pricing');
  const payg = props.mode === 'pay_as_you_go';
  return (
    <div className="pricing-controls">
      <div role="group" aria-label={t('controls.mode')} className="segmented">
        <button type="button" aria-pressed={!payg} onClick={() => props.onMode('fixed_rate')}>
          {t('controls.fixed')}
        </button>
        <button type="button" aria-pressed={payg} onClick={() => props.onMode('pay_as_you_go')}>
          {t('controls.payg')}
        </button>
      </div>
      {payg ? (
        <p className="meta-note">{t('controls.paygNote')}</p>
      ) : (
        <div role="group" aria-label={t('controls.interval')} className="segmented">
          <button type="button" aria-pressed={props.interval === 'monthly'} onClick={() => props.onInterval('monthly')}>
            {t('controls.monthly')}
          </button>
          <button type="button" aria-pressed={props.interval === 'yearly'} onClick={() => props.onInterval('yearly')}>
            {t('controls.yearly')} <span className="segmented-hint">{t('controls.yearlyHint')}</span>
          </button>
        </div>
      )}
      <div className="seats-field">
        <label htmlFor="pricing-seats">{t('controls.seats')}</label>
        <input
          id="pricing-seats"
          type="number"
          inputMode="numeric"
          min={1}
          max={10000}
          value={props.seats}
          aria-describedby="pricing-seats-hint"
          onChange={(event) => props.onSeats(Math.max(1, Math.min(10000, Math.floor(Number(event.target.value)) || 1)))}
        />
        <p id="pricing-seats-hint" className="meta-note">
          {t('controls.seatsHint')}
        </p>
      </div>
    </div>
  );
}
