import type { Request, Response } from 'express';
import type { DomainError, ErrorParams } from '../../../../core/shared/domain-error';
import { translate } from '../../../shared/messages';
import { requestLocale } from './request-locale';

/**
 * Errors of the HTTP layer that are not domain errors. Their texts live here, beside the
 * few places that raise them; domain errors use the shared catalogue.
 */
export const HTTP_MESSAGES = {
  TEAM_MISMATCH: {
    en: 'This request names a different Slack workspace from the one you are signed in to.',
    ja: 'このリクエストは、サインイン中とは別の Slack ワークスペースを指定しています。',
  },
  USER_MISMATCH: {
    en: 'This request names a different Slack user from the one you are signed in as.',
    ja: 'このリクエストは、サインイン中とは別の Slack ユーザーを指定しています。',
  },
  CROSS_SITE: {
    en: 'This request came from another site and was refused.',
    ja: '別のサイトから送られたリクエストのため、処理しませんでした。',
  },
  NOT_INSTALLED: {
    en: 'Tomo is not installed in your Slack workspace yet. Install it first.',
    ja: 'Tomo はまだ Slack ワークスペースにインストールされていません。先にインストールしてください。',
  },
  NOT_FOUND: { en: 'Not found.', ja: '見つかりません。' },
  // Refusals of the body parsers and the router (error-handler.ts) and the rate limit.
  PAYLOAD_TOO_LARGE: {
    en: 'This is too large to send to Tomo in one go. Shorten it and try again.',
    ja: '一度に Tomo へ送るには大きすぎます。短くしてから、もう一度お試しください。',
  },
  INVALID_JSON: {
    en: 'Tomo could not read this request (it is not valid JSON). Reload the page and try again.',
    ja: 'このリクエストを読み取れませんでした（JSON の形式が正しくありません）。ページを再読み込みしてから、もう一度お試しください。',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    en: 'Tomo could not read this request (it is not sent as JSON). Reload the page and try again.',
    ja: 'このリクエストを読み取れませんでした（JSON として送られていません）。ページを再読み込みしてから、もう一度お試しください。',
  },
  BAD_REQUEST: {
    en: 'Tomo could not understand this request. Reload the page and try again.',
    ja: 'このリクエストを処理できませんでした。ページを再読み込みしてから、もう一度お試しください。',
  },
  RATE_LIMITED: {
    en: 'Too many requests. Please try again in a minute.',
    ja: 'リクエストが多すぎます。1 分ほどしてから、もう一度お試しください。',
  },
} as const;

export type HttpErrorCode = keyof typeof HTTP_MESSAGES;

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
