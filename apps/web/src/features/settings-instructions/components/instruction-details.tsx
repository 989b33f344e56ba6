import { showDate } from '../../../lib/settings/dates';
import { useSettingsText } from '../../../lib/settings/use-settings-text';
import type { InstructionView } from '../api/get-instructions';

/** Who wrote an instruction and when: created by / at, updated by / at. */
export function InstructionDetails({ view }: { view: InstructionView }) {
  const { t, locale } = useSettingsText();
  return (
    <p className="settings-hint">
      {t('instructions.fields.name')}: {view.name || '---'} · {t('common.createdBy')}: {view.createdByName ?? '---'} · {t('common.createdAt')}:{' '}
      {showDate(view.createdAt, locale)} · {t('common.updatedBy')}: {view.updatedByName ?? '---'} · {t('common.updatedAt')}: {showDate(view.updatedAt, locale)}
    </p>
  );
}
