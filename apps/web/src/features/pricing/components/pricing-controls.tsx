import { useTranslation } from 'react-i18next';
import type { BillingInterval, BillingMode } from '../../../../../../core/billing/plan';
import { MAX_SEATS } from '../plan-display';

/** The message under the seats field when the count cannot be bought; it also describes the disabled Subscribe buttons. */
export const SEATS_ERROR_ID = 'pricing-seats-error';

export function PricingControls(props: {
  interval: BillingInterval;
  mode: BillingMode;
  /** As typed; `seatsValid` says whether it is a seat count that can be bought. */
  seats: string;
  seatsValid: boolean;
  onInterval(interval: BillingInterval): void;
  onMode(mode: BillingMode): void;
  onSeats(seats: string): void;
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
          max={MAX_SEATS}
          step={1}
          value={props.seats}
          aria-invalid={props.seatsValid ? undefined : true}
          aria-describedby={props.seatsValid ? 'pricing-seats-hint' : `${SEATS_ERROR_ID} pricing-seats-hint`}
          onChange={(event) => props.onSeats(event.target.value)}
        />
        {props.seatsValid ? null : (
          <p id={SEATS_ERROR_ID} className="field-error" role="alert">
            {t('controls.seatsInvalid', { max: MAX_SEATS })}
          </p>
        )}
        <p id="pricing-seats-hint" className="meta-note">
          {t('controls.seatsHint')}
        </p>
      </div>
    </div>
  );
}
