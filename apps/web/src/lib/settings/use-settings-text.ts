import { useTranslation } from 'react-i18next';
import { translate } from '../../../../shared/messages';
import { useLocale } from '../use-locale';

/**
 * Texts for settings pages: `t` for the page's own words (namespace `settings`), `m` for the
 * spec's catalogue messages (the exact texts of spec 8, shared with the server).
 */
export function useSettingsText() {
  const { t } = useTranslation('settings');
  const locale = useLocale();
  const m = (code: string, params: Record<string, string | number> = {}) => translate(code, params, locale);
  return { t, m, locale };
}
