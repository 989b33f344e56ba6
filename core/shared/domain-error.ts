/**
 * Coded domain errors. Expected business outcomes are returned as values
 * (`Outcome<T>`) carrying a stable code and parameters; the user-facing text for
 * each code (en, ja) lives at the edge in apps/shared/messages. Infrastructure
 * failures (database down, HTTP 500) are thrown, never encoded here.
 */
export const ErrorCodes = [
  // Sign-in and permissions (spec 6, 8)
  'AUTH.TEAM_ID_MISSING',
  'AUTH.USER_ID_MISSING',
  'PERMISSION.ADMIN_REQUIRED',
  'PERMISSION.MEMBERS_PAGE',
  'PERMISSION.USAGE_PAGE',
  'PERMISSION.GUEST_READ_ONLY',
  // App customization (spec 5, 8)
  'ICON.NO_FILE',
  'ICON.NO_EXTENSION',
  'ICON.EXTENSION_NOT_ALLOWED',
  'ICON.FILE_TOO_LARGE',
  'ICON.NOT_AN_IMAGE',
  'ICON.IMAGE_TOO_LARGE',
  'APP_NAME.TOO_LONG',
  // Reactions
  'REACTION.NAME_REQUIRED',
  'REACTION.PROMPT_REQUIRED',
  'REACTION.NAME_TOO_LONG',
  'REACTION.PROMPT_TOO_LONG',
  'REACTION.NAME_EXISTS',
  'REACTION.NAME_NOT_EMOJI_NAME',
  'REACTION.NOT_FOUND',
  // Schedules
  'SCHEDULE.INVALID_LOCAL_TIME',
  'SCHEDULE.INVALID_LOOKBACK_DAYS',
  'SCHEDULE.INVALID_TIME_ZONE',
  // Auto replies
  'AUTO_REPLY.BOT_NOT_ALLOWED',
  'AUTO_REPLY.INSTRUCTION_REQUIRED',
  'AUTO_REPLY.INSTRUCTION_TOO_LONG',
  // Instructions
  'INSTRUCTIONS.TEXT_REQUIRED',
  'INSTRUCTIONS.TEXT_TOO_LONG',
  'INSTRUCTIONS.NAME_TOO_LONG',
  'INSTRUCTIONS.TARGET_REQUIRED',
  'INSTRUCTIONS.READ_ONLY',
  'INSTRUCTIONS.NOT_FOUND',
  // Seats and subscriptions
  'SEATS.NO_SUBSCRIPTION_SELECTED',
  'SEATS.LIMIT_REACHED',
  'SEATS.ALREADY_ASSIGNED',
  'SEATS.NOT_ASSIGNED',
  'SEATS.NOT_ASSIGNABLE',
  'SEATS.INVALID_QUANTITY',
  'SUBSCRIPTION.NOT_FOUND',
  'SUBSCRIPTION.NOT_ACTIVE',
  'SUBSCRIPTION.IS_TRIAL',
  'SUBSCRIPTION.NOT_PAUSED',
  'SUBSCRIPTION.RESUME_PAYMENT_FAILED',
  'SUBSCRIPTION.INVOICE_DUE',
  'SUBSCRIPTION.NO_OPEN_INVOICE',
  // Billing (payment provider)
  'BILLING.NOT_CONFIGURED',
  'BILLING.PROVIDER_UNAVAILABLE',
  'BILLING.PREVIEW_EXPIRED',
  'BILLING.INVALID_OPTION',
  // Entitlement: why Tomo does not answer (posted in Slack)
  'ENTITLEMENT.TRIAL_OVER',
  'ENTITLEMENT.PLAN_ENDED',
  'ENTITLEMENT.PAYMENT_DUE',
  'ENTITLEMENT.PAYMENT_METHOD_NEEDED',
  'ENTITLEMENT.PAUSED_AFTER_FAILED_PAYMENT',
  'ENTITLEMENT.PLAN_PAUSED',
  'ENTITLEMENT.NO_SEAT',
  'ENTITLEMENT.OTHER_WORKSPACE',
  'ENTITLEMENT.REQUEST_LIMIT_REACHED',
  'ENTITLEMENT.UNINSTALLED',
  // Usage
  'USAGE.NO_DATA',
  // Edge and infrastructure-facing messages of spec 8
  'CONFIG.DATABASE_NOT_CONFIGURED',
  'SESSION.RETRIEVAL_FAILED',
  'CONTEXT.OUTSIDE_PROVIDER',
  // Any request: a text field holding a NUL character or a lone UTF-16 surrogate
  'INPUT.UNSUPPORTED_CHARACTERS',
  'UNKNOWN',
] as const;

export type ErrorCode = (typeof ErrorCodes)[number];

export type ErrorParams = Readonly<Record<string, string | number>>;

export interface DomainError {
  readonly code: ErrorCode;
  readonly params: ErrorParams;
}

export type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: DomainError };

export function domainError(code: ErrorCode, params: ErrorParams = {}): DomainError {
  return { code, params };
}

export function ok<T>(value: T): Outcome<T> {
  return { ok: true, value };
}

export function fail<T = never>(code: ErrorCode, params: ErrorParams = {}): Outcome<T> {
  return { ok: false, error: domainError(code, params) };
}

export function isErrorCode(value: string): value is ErrorCode {
  return (ErrorCodes as readonly string[]).includes(value);
}

/**
 * Thrown (not returned) when code that expects success meets a domain outcome it cannot
 * handle, e.g. a composition root unwrapping an Outcome. Carries the same code and params.
 */
export class DomainException extends Error {
  readonly code: ErrorCode;
  readonly params: ErrorParams;
  constructor(error: DomainError) {
    super(error.code);
    this.name = 'DomainException';
    this.code = error.code;
    this.params = error.params;
  }
}

export function unwrap<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  throw new DomainException(outcome.error);
}
