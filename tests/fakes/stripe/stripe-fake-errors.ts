// Errors answered the way Stripe answers them: `{ error: { type, code, message, param } }` with an
// HTTP status the SDK maps onto its own error classes (400 → StripeInvalidRequestError, ...).

export class FakeStripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'api_error' | 'idempotency_error' | 'authentication_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }

  toJson(): { error: Record<string, string> } {
    const error: Record<string, string> = { type: this.type, message: this.message };
    if (this.code) error.code = this.code;
    if (this.param) error.param = this.param;
    return { error };
  }
}

export function missing(kind: string, id: string, param = 'id'): FakeStripeError {
  return new FakeStripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);
}

export function invalid(message: string, param?: string, code = 'parameter_invalid'): FakeStripeError {
  return new FakeStripeError(400, 'invalid_request_error', message, code, param);
}

export function required(param: string): FakeStripeError {
  return new FakeStripeError(400, 'invalid_request_error', `Missing required param: ${param}.`, 'parameter_missing', param);
}
