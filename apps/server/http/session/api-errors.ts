import type { Request, Response } from 'express';
import type { DomainError, ErrorParams } from '../../../../core/shared/domain-error';
import { en, HttpMessageCodes, ja, translate } from '../../../shared/messages';
import type { HttpMessageCode } from '../../../shared/messages';
import { requestLocale } from './request-locale';

/**
 * Errors of the HTTP layer that are not domain errors, in both languages. Their texts are in the
 * shared catalogue (`HttpMessageCodes`), so a page shown one of these codes (a refused billing
 * form post's `?billing_error=CROSS_SITE`) says the same words the API does.
 */
export const HTTP_MESSAGES = Object.fromEntries(HttpMessageCodes.map((code) => [code, { en: en[code], ja: ja[code] }])) as Readonly<
  Record<HttpMessageCode, { readonly en: string; readonly ja: string }>
>;

export type HttpErrorCode = HttpMessageCode;

export interface ApiErrorBody {
  error: { code: string; message: string; field?: string };
}

/** Status for a domain error code: permissions 403, sign-in 401, missing 404, conflicts 409, else 400. */
export function statusForCode(code: string): number {
  if (code.startsWith('PERMISSION.')) return 403;
  if (code.startsWith('AUTH.')) return 401;
  if (code.endsWith('.NOT_FOUND')) return 404;
  if (code === 'SEATS.LIMIT_REACHED' || code === 'SEATS.ALREADY_ASSIGNED') return 409;
  if (code === 'UNKNOWN') return 500;
  return 400;
}

/** A domain error (or a catalogue code) as JSON, in the request's language. */
export function sendDomainError(
  req: Request,
  res: Response,
  error: DomainError | { code: string; params?: ErrorParams },
  options: { status?: number; field?: string } = {},
): void {
  const locale = requestLocale(req);
  const body: ApiErrorBody = {
    error: {
      code: error.code,
      message: translate(error.code, error.params ?? {}, locale),
      ...(options.field ? { field: options.field } : {}),
    },
  };
  res.status(options.status ?? statusForCode(error.code)).json(body);
}

export function sendHttpError(req: Request, res: Response, status: number, code: HttpErrorCode): void {
  const locale = requestLocale(req);
  const body: ApiErrorBody = { error: { code, message: HTTP_MESSAGES[code][locale] } };
  res.status(status).json(body);
}
