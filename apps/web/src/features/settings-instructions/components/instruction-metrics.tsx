import { useSettingsText } from '../../../lib/settings/use-settings-text';
import type { InstructionMetrics } from '../api/get-instructions';

/**
 * this / total / limit characters, this / total tokens and the soft token limit (spec 2), and a
 * warning in words once the total is over the soft token limit.
 */
export function InstructionMetricsList({ metrics }: { metrics: InstructionMetrics }) {
  const { t } = useSettingsText();
  return (
    <>
      <ul className="settings-metrics" aria-label={t('instructions.metrics.label')}>
        <li className={metrics.overLimit ? 'over' : undefined}>{t('instructions.metrics.this', { n: metrics.this })}</li>
        <li>{t('instructions.metrics.total', { n: metrics.total })}</li>
        <li>{t('instructions.metrics.limit', { n: metrics.limit })}</li>
        <li>{t('instructions.metrics.thisTokens', { n: metrics.thisTokens })}</li>
        <li className={metrics.overSoftTokenLimit ? 'over' : undefined}>{t('instructions.metrics.totalTokens', { n: metrics.totalTokens })}</li>
        <li>{t('instructions.metrics.softTokenLimit', { n: metrics.softTokenLimit })}</li>
      </ul>
      {/* The warning in words, not only in the total's colour: saving is still allowed (docs/instructions.md). */}
      <p className="settings-hint" aria-live="polite">
        {metrics.overSoftTokenLimit ? t('instructions.metrics.overSoftTokenLimit', { n: metrics.softTokenLimit }) : null}
      </p>
    </>
  );
}
