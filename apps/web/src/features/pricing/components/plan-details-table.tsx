import { useTranslation } from 'react-i18next';
import type { BillingInterval, BillingMode, Plan } from '../../../../../../core/billing/plan';
import { PAID_PLANS, PLANS } from '../../../../../../core/billing/plan-catalog';
import { KNOWLEDGE_QUOTAS } from '../../../../../../core/knowledge/knowledge-source';
import { usageView } from '../plan-display';

type Row = 'tokensAndModels' | 'usage' | 'urlReaders' | 'fileReaders' | 'instructions' | 'plugins' | 'imageGeneration' | 'knowledge' | 'support';
const rows: Row[] = ['tokensAndModels', 'usage', 'urlReaders', 'fileReaders', 'instructions', 'plugins', 'imageGeneration', 'knowledge', 'support'];

/** The spec's plan detail rows for the free trial and every paid plan, in the chosen period and mode. */
export function PlanDetailsTable({ interval, mode }: { interval: BillingInterval; mode: BillingMode }) {
  const { t } = useTranslation('pricing');
  const plans: { plan: Plan; name: string }[] = [
    { plan: PLANS.free, name: t('details.freeTrial') },
    ...PAID_PLANS.map((plan) => ({ plan, name: plan.displayName })),
  ];

  const cell = (plan: Plan, row: Row): string => {
    switch (row) {
      case 'tokensAndModels':
        // With how much of the links and files it reads an answer gets (4K, 8K, 16K, 32K tokens).
        return t('details.values.tokensAndReading', {
          model: plan.model.displayName,
          tokens: plan.product.tokenLimitInK,
          read: `${plan.readers.tokensPerAnswer / 1000}K`,
        });
      case 'usage': {
        // The trial has no billing mode or period: its limit is always shown per month.
        const usage = plan.key === 'free' ? usageView(plan, 'monthly', 'fixed_rate') : usageView(plan, interval, mode);
        return t(`details.values.${usage.key}`, { count: usage.count });
      }
      case 'urlReaders':
        return t('details.values.urlReaders', { count: plan.readers.linksPerAnswer });
      case 'fileReaders':
        return t('details.values.fileReaders', { count: plan.readers.filesPerAnswer });
      case 'instructions':
        return t('details.values.instructions');
      case 'plugins':
        return plan.googleResultsPerAnswer === 1
          ? t('details.values.pluginsOne')
          : t('details.values.plugins', { count: plan.googleResultsPerAnswer });
      case 'imageGeneration':
        return t('details.values.imageGeneration', { count: plan.imageGenerationsPerMonth });
      case 'knowledge': {
        // Uploaded sources and passages a workspace may hold (docs/knowledge.md).
        const quota = KNOWLEDGE_QUOTAS[plan.name];
        return t('details.values.knowledge', { sources: quota.sources.toLocaleString('en-US'), chunks: quota.chunks.toLocaleString('en-US'), pages: quota.pagesPerSite });
      }
      case 'support':
        return t(plan.support.includes('shared_channel') ? 'details.values.emailAndChannel' : 'details.values.email');
    }
  };

  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={t('details.tableLabel')}>
      <table>
        <caption className="visually-hidden">{t('details.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('details.feature')}</th>
            {plans.map(({ plan, name }) => (
              <th key={plan.key} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row}>
              <th scope="row">{t(`details.rows.${row}`)}</th>
              {plans.map(({ plan }) => (
                <td key={plan.key}>{cell(plan, row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
