import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BillingErrorAlert } from '../../../components/billing-error-alert';
import { Alert } from '../../../components/ui/alert';
import { pricingAlerts } from '../pricing-search';
import type { PricingSearch } from '../pricing-search';

/**
 * Outcome messages after returning from checkout or wallet setup, and the reason a Subscribe or
 * wallet post was refused (rendered in the browser only).
 */
export function PricingAlerts({ search }: { search: PricingSearch }) {
  const { t } = useTranslation('pricing');
  const [dismissed, setDismissed] = useState<string[]>([]);
  const alerts = pricingAlerts(search).filter((key) => !dismissed.includes(key));
  if (alerts.length === 0 && !search.billing_error) return null;
  return (
    <div className="pricing-alerts">
      {search.billing_error ? (
        <BillingErrorAlert code={search.billing_error} title={t('alerts.billingError.title')} dismissLabel={t('alerts.dismiss')} />
      ) : null}
      {alerts.map((key) => (
        <Alert
          key={key}
          tone={key.endsWith('Success') ? 'success' : 'warning'}
          title={t(`alerts.${key}.title`)}
          dismissLabel={t('alerts.dismiss')}
          onDismiss={() => setDismissed((list) => [...list, key])}
        >
          {t(`alerts.${key}.body`)}
        </Alert>
      ))}
    </div>
  );
}
