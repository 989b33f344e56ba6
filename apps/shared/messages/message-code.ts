import type { ErrorCode } from '../../../core/shared/domain-error';

/** UI and Slack strings of the spec that are not domain errors. */
export const UiMessageCodes = [
  'UI.LOADING',
  'UI.NO_DATA',
  'UI.SIGN_IN_FIRST',
  'UI.WORK_IN_PROGRESS',
  'UI.CONFIRM_DELETE_REACTION',
  'UI.NO_REACTIONS_FOUND',
  'UI.SEARCH_BY_CHANNEL_NAME',
  'UI.UNKNOWN_BOT',
  'UI.NO_NAME',
  'UI.INVALID_DATE',
  'UI.CREATING',
  'UI.DELETING',
  'UI.SAVING',
  'UI.UPDATING',
  'UI.PERIOD_ALL_TIME',
  'UI.PERIOD_LAST_1_MONTH',
  'UI.UNLIMITED',
  'UI.ABOUT_TIMES_PER_MONTH',
  'UI.ABOUT_TIMES_PER_YEAR',
  'UI.SUBSCRIBE',
  'UI.MANAGE',
  'UI.COMING_SOON',
  'UI.CHECKOUT_SUCCESS',
  'UI.CHECKOUT_CANCEL',
  'UI.SETUP_SUCCESS',
  'UI.SETUP_CANCEL',
  'UI.SUPPORT',
  'SLACK.GREETING',
  /** Slack's assistant status while Tomo works on an answer (shown after the app name). */
  'SLACK.THINKING',
  /** Assistant status while a tool or reader works (issue 12). */
  'SLACK.STATUS.CALCULATING',
  'SLACK.STATUS.SEARCHING_WEB',
  'SLACK.STATUS.SEARCHING_KNOWLEDGE',
  'SLACK.STATUS.READING_PAGE',
  'SLACK.STATUS.READING_VIDEO',
  'SLACK.STATUS.READING_FILE',
  'SLACK.STATUS.READING_MESSAGE',
  /** Assistant status while images are made (issue 15). */
  'SLACK.STATUS.DRAWING_IMAGES',
  /** Label of the links under an answer that used web pages or search results. */
  'SLACK.SOURCES',
  /** The line under an answer naming the files and links that could not be read, and why (one reason each). */
  'SLACK.UNREAD_SOURCES',
  'SLACK.UNREAD.not_found',
  'SLACK.UNREAD.forbidden',
  'SLACK.UNREAD.too_large',
  'SLACK.UNREAD.unsupported',
  'SLACK.UNREAD.no_text',
  'SLACK.UNREAD.timeout',
  'SLACK.UNREAD.failed',
  'SLACK.UNREAD.external',
  'SLACK.UNREAD.deleted',
  'SLACK.UNREAD.hidden_by_limit',
  /** A file named under the answer that Slack lists without its name (a deleted or hidden file). */
  'SLACK.UNREAD.image_unseen',
  /** An image the AI provider could not process: the answer was asked for again without images. */
  'SLACK.UNREAD.image_rejected',
  'SLACK.UNREAD_FILE',
  /** Assistant status while a connected service is asked (issue 14). */
  'SLACK.STATUS.USING_SERVICE',
  /** Above an answer only its asker sees because it used their connected services (issue 14). */
  'SLACK.PRIVATE_ANSWER',
  /** ...because it used a linked message from a private channel or DM that others here cannot read. */
  'SLACK.PRIVATE_ANSWER_CONVERSATION',
  /** Under an answer the model's output limit cut off. */
  'SLACK.ANSWER_CUT_SHORT',
  /** Under an answer the provider's safety system stopped (OpenAI's content_filter, Anthropic's refusal). */
  'SLACK.ANSWER_STOPPED',
  /** Instead of an answer when the conversation is more than the model can read at once. */
  'SLACK.CONVERSATION_TOO_LONG',
  /** Instead of an answer when the AI provider refused the request as Tomo sent it (400/401/403/404). */
  'SLACK.REQUEST_REJECTED',
] as const;

export type UiMessageCode = (typeof UiMessageCodes)[number];

/**
 * Refusals of the HTTP layer, not of a domain rule (apps/server/http/session/api-errors.ts): the
 * cross-site and tenancy guards, the body parsers, the router, the rate limit. In the catalogue so
 * that a refused billing form post brought back to its page (`?billing_error=CROSS_SITE`) is
 * told why in the page's language, not 'An unknown error has occurred'.
 */
export const HttpMessageCodes = [
  'TEAM_MISMATCH',
  'USER_MISMATCH',
  'CROSS_SITE',
  'NOT_INSTALLED',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'INVALID_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'BAD_REQUEST',
  'RATE_LIMITED',
  'REQUEST_TIMEOUT',
] as const;

export type HttpMessageCode = (typeof HttpMessageCodes)[number];

/**
 * The server's own words outside the settings API: its small HTML pages (the Slack install
 * result pages, apps/server/http/slack/install-pages.ts; the sign-in error page,
 * apps/server/http/auth/auth-error-page.ts; the integration connect result pages,
 * apps/server/http/integrations/integration-auth.routes.ts, whose JSON refusals also carry the
 * `INTEGRATION.*` codes) and the YouTube videos API's refusals (`YOUTUBE.*`, the codes it answers).
 */
export const ServerMessageCodes = [
  'INSTALL.INSTALLED_TITLE',
  'INSTALL.INSTALLED',
  /** Inserted as {trial} into INSTALL.INSTALLED when the install started a trial. */
  'INSTALL.TRIAL',
  /** Instead of INSTALL.INSTALLED when the workspace has no usable trial or plan. */
  'INSTALL.REFUSED',
  'INSTALL.EXPIRED_TITLE',
  'INSTALL.EXPIRED',
  'INSTALL.CANCELLED_TITLE',
  'INSTALL.CANCELLED',
  'INSTALL.FAILED_TITLE',
  'INSTALL.FAILED',
  'INSTALL.ENTERPRISE_TITLE',
  'INSTALL.ENTERPRISE',
  'INSTALL.NOT_CONFIGURED_TITLE',
  'INSTALL.NOT_CONFIGURED',
  'INSTALL.PRICING',
  'INSTALL.AGAIN',
  'INSTALL.OPEN_SLACK',
  'INSTALL.SETTINGS',
  'INSTALL.HOME',
  'SIGN_IN.NOT_CONFIGURED',
  'SIGN_IN.EXPIRED',
  'SIGN_IN.FAILED',
  'SIGN_IN.AGAIN',
  'INTEGRATION.SIGN_IN_FIRST',
  'INTEGRATION.NOT_FOUND',
  'INTEGRATION.NOT_CONFIGURED',
  'INTEGRATION.EXPIRED',
  'INTEGRATION.FAILED',
  'INTEGRATION.SCOPES_DECLINED',
  'INTEGRATION.BACK',
  /** The confirmation page of a connect started from outside Tomo's pages ({service}, {user}, {workspace}). */
  'INTEGRATION.CONFIRM_TITLE',
  'INTEGRATION.CONFIRM_WHO',
  'INTEGRATION.CONFIRM_WHY',
  'INTEGRATION.CONFIRM_BUTTON',
  'YOUTUBE.INVALID',
  'YOUTUBE.NOT_CONNECTED',
  'YOUTUBE.RECONNECT_NEEDED',
  'YOUTUBE.UNAVAILABLE',
] as const;

export type ServerMessageCode = (typeof ServerMessageCodes)[number];
export type MessageCode = ErrorCode | UiMessageCode | HttpMessageCode | ServerMessageCode;
export type MessageCatalogue = Readonly<Record<MessageCode, string>>;
