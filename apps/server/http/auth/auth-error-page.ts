import type { Response } from 'express';
import { translate, type ServerMessageCode } from '../../../shared/messages';

/** Why a sign-in cannot continue, as its catalogue text (ServerMessageCodes). */
const TEXTS = {
  NOT_CONFIGURED: 'SIGN_IN.NOT_CONFIGURED',
  EXPIRED: 'SIGN_IN.EXPIRED',
  FAILED: 'SIGN_IN.FAILED',
} as const satisfies Record<string, ServerMessageCode>;

/** A small page for a sign-in that cannot continue, with a way to start again. */
export function authErrorPage(
  res: Response,
  status: number,
  locale: 'en' | 'ja',
  reason: keyof typeof TEXTS,
  returnTo: string,
): void {
  const retry = `/auth/signin?returnTo=${encodeURIComponent(returnTo)}`;
  res
    .status(status)
    .type('html')
    .send(
      `<!doctype html><html lang="${locale}"><meta charset="utf-8"><meta name="robots" content="noindex">` +
        `<title>Tomo</title><main><p role="alert">${translate(TEXTS[reason], {}, locale)}</p>` +
        (reason === 'NOT_CONFIGURED' ? '' : `<p><a href="${retry.replace(/&/g, '&amp;')}">${translate('SIGN_IN.AGAIN', {}, locale)}</a></p>`) +
        '</main></html>',
    );
}
