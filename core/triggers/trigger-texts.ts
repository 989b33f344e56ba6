import type { Locale } from '../workspace/user';

/**
 * The words Tomo says itself for the triggers, by message code; the apps layer owns the
 * catalogue (en, ja) and a test keeps every code here in it.
 */
export const TRIGGER_TEXT_CODES = [
  'SLACK.GREETING',
  'SLACK.ASSISTANT_GREETING',
  'SLACK.ASSISTANT_PROMPTS_TITLE',
  'SLACK.PROMPT_SUMMARIZE_CHANNEL_TITLE',
  'SLACK.PROMPT_SUMMARIZE_CHANNEL',
  'SLACK.PROMPT_WHAT_CAN_YOU_DO_TITLE',
  'SLACK.PROMPT_WHAT_CAN_YOU_DO',
  'SLACK.PROMPT_DRAFT_REPLY_TITLE',
  'SLACK.PROMPT_DRAFT_REPLY',
  'SLACK.PROMPT_TRANSLATE_TITLE',
  'SLACK.PROMPT_TRANSLATE',
  'SLACK.SUMMARY_HEADER',
  'SLACK.SUMMARY_EMPTY',
  'SLACK.SUMMARY_NOT_IN_CHANNEL',
  'SLACK.SUMMARY_CHANNEL_GONE',
  'SLACK.SUMMARY_CHANNEL_ARCHIVED',
  'SLACK.SUMMARY_OWNER_GONE',
  'SLACK.SUMMARY_REFUSED',
  'SLACK.AUTO_REPLY_REFUSED',
  'SLACK.WORKFLOW_INPUT_MISSING',
  'SLACK.WORKFLOW_USER_GONE',
] as const;

export type TriggerTextCode = (typeof TRIGGER_TEXT_CODES)[number];

export interface TriggerTexts {
  say(code: TriggerTextCode, params: Readonly<Record<string, string | number>>, locale: Locale): string;
}
