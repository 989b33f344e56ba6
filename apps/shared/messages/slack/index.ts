import type { AnswerTexts } from '../../../../core/assistant/answer-pipeline';
import type { PdfTextCode } from '../../../../core/creations/pdf-texts';
import type { ErrorParams } from '../../../../core/shared/domain-error';
import type { TriggerTextCode } from '../../../../core/triggers/trigger-texts';
import type { Locale } from '../../../../core/workspace/user';
import { fillTemplate, translate } from '../translate';
import type { SlackTextCode } from './codes';
import { slackEn } from './en';
import { slackJa } from './ja';

export { HOME_TEXT_CODES, SLACK_TEXT_CODES, type HomeTextCode, type SlackTextCode } from './codes';
export const slackCatalogues = { en: slackEn, ja: slackJa } as const;

/** What Tomo says in Slack (triggers, App Home) in a locale; shared-catalogue codes fall through to it. */
export function slackText(code: SlackTextCode | TriggerTextCode | PdfTextCode, params: ErrorParams = {}, locale: Locale = 'en'): string {
  const catalogue = locale === 'ja' ? slackJa : slackEn;
  return Object.hasOwn(catalogue, code) ? fillTemplate(catalogue[code as SlackTextCode], params) : translate(code, params, locale);
}

/** The words the answer pipeline and the triggers say, from both catalogues. */
export const slackAnswerTexts: AnswerTexts = {
  thinking: (locale) => translate('SLACK.THINKING', {}, locale),
  unknownError: (locale) => translate('UNKNOWN', {}, locale),
  stopped: (reason, locale) => translate(reason === 'max_tokens' ? 'SLACK.ANSWER_CUT_SHORT' : 'SLACK.ANSWER_STOPPED', {}, locale),
  tooLong: (locale) => translate('SLACK.CONVERSATION_TOO_LONG', {}, locale),
  rejected: (locale) => translate('SLACK.REQUEST_REJECTED', {}, locale),
  denial: (error, locale) => translate(error.code, error.params, locale),
  say: (code, params, locale) => slackText(code, params, locale),
};
