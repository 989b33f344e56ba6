import type { Request } from 'express';
import type { NoNameText } from '../../../../core/workspace/member';
import { translate } from '../../../shared/messages';
import { requestLocale } from './request-locale';

/**
 * How the page asking shows a member or channel without a name ('<id>: (No Name)', spec 3) and
 * a bot no longer in the workspace ('Unknown Bot'): the catalogue's `UI.NO_NAME` and
 * `UI.UNKNOWN_BOT` in the page's language (`X-Tomo-Locale`, else Accept-Language), so
 * /ja/settings says '<id>: (名前なし)' and '不明なボット' like its other catalogue texts.
 */
export function unnamedTexts(req: Request): { readonly noName: NoNameText; readonly unknownBot: string } {
  const locale = requestLocale(req);
  return {
    noName: (id) => translate('UI.NO_NAME', { id }, locale),
    unknownBot: translate('UI.UNKNOWN_BOT', {}, locale),
  };
}
