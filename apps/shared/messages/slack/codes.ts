import { PDF_TEXT_CODES, type PdfTextCode } from '../../../../core/creations/pdf-texts';
import { IMAGE_TEXT_CODES, type ImageTextCode } from '../../../../core/images/image-texts';
import { TRIGGER_TEXT_CODES, type TriggerTextCode } from '../../../../core/triggers/trigger-texts';

/**
 * What Tomo says in Slack beyond the shared catalogue: the triggers' words (core's codes) and
 * App Home. Kept apart from apps/shared/messages/{en,ja}.ts so the web app's settings chunks
 * do not carry them.
 */
export const HOME_TEXT_CODES = [
  'HOME.WELCOME',
  'HOME.INTRO',
  'HOME.CAN_DO_TITLE',
  'HOME.CAN_DO',
  'HOME.PLAN_TITLE',
  'HOME.PLAN_TRIAL',
  'HOME.PLAN_PAID',
  'HOME.PLAN_NONE',
  'HOME.PLAN_ENDED',
  'HOME.PLAN_PAYMENT_DUE',
  'HOME.PLAN_PAYMENT_METHOD_NEEDED',
  'HOME.PLAN_PAUSED_AFTER_FAILED_PAYMENT',
  'HOME.PLAN_PAUSED',
  'HOME.INTERVAL_MONTHLY',
  'HOME.INTERVAL_YEARLY',
  'HOME.BILLING_PAY_AS_YOU_GO',
  'HOME.PLAN_ITEM',
  'HOME.SEAT_TITLE',
  'HOME.SEAT_ASSIGNED',
  'HOME.SEAT_AVAILABLE',
  'HOME.SEAT_TRIAL',
  'HOME.SEAT_NONE',
  'HOME.USAGE',
  'HOME.USAGE_LIMIT',
  'HOME.USAGE_UNLIMITED',
  'HOME.SETTINGS_TITLE',
  'HOME.SETTINGS_ADMIN_NOTE',
  'HOME.LINK_APP',
  'HOME.LINK_INSTRUCTIONS',
  'HOME.LINK_REACTIONS',
  'HOME.LINK_SCHEDULES',
  'HOME.LINK_AUTO_REPLIES',
  'HOME.LINK_MEMBERS',
  'HOME.LINK_USAGE',
  'HOME.LINK_SUBSCRIPTION',
  'HOME.LINK_PRICING',
  'HOME.REFRESH',
  'HOME.PRIVACY',
  'HOME.NOTICE_BUTTON_EXPIRED',
  'HOME.NOTICE_BUTTON_FAILED',
  'HOME.NOTICE_NOT_ALLOWED',
  'HOME.NOTICE_SOURCE_GONE',
  'HOME.NOTICE_GUEST_READ_ONLY',
] as const;

/** The shared catalogue already has the greeting and the words for a person without a name. */
export type SlackOnlyTriggerCode = Exclude<TriggerTextCode, 'SLACK.GREETING'>;
export type SlackOnlyPdfCode = Exclude<PdfTextCode, 'UI.NO_NAME'>;
export type HomeTextCode = (typeof HOME_TEXT_CODES)[number];
export type SlackTextCode = SlackOnlyTriggerCode | HomeTextCode | ImageTextCode | SlackOnlyPdfCode;
export type SlackCatalogue = Readonly<Record<SlackTextCode, string>>;

export const SLACK_TEXT_CODES: readonly SlackTextCode[] = [
  ...TRIGGER_TEXT_CODES.filter((code): code is SlackOnlyTriggerCode => code !== 'SLACK.GREETING'),
  ...HOME_TEXT_CODES,
  ...IMAGE_TEXT_CODES,
  ...PDF_TEXT_CODES.filter((code): code is SlackOnlyPdfCode => code !== 'UI.NO_NAME'),
];
