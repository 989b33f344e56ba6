import type { Response } from 'express';

const TEXTS = {
  NOT_CONFIGURED: {
    en: 'Sign in with Slack is not configured on this server (SLACK_CLIENT_ID and SLACK_CLIENT_SECRET).',
    ja: 'このサーバーでは Slack でのサインインが設定されていません（SLACK_CLIENT_ID と SLACK_CLIENT_SECRET）。',
  },
  EXPIRED: {
    en: 'This sign-in link has expired or was already used. Please sign in again.',
    ja: 'このサインインは期限切れか、すでに使われています。もう一度サインインしてください。',
  },
  FAILED: {
    en: 'Signing in with Slack did not succeed. Please try again.',
    ja: 'Slack でのサインインに失敗しました。もう一度お試しください。',
  },
} as const;

const AGAIN = { en: 'Sign in with Slack', ja: 'Slack でサインイン' } as const;

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
        `<title>Tomo</title><main><p role="alert">${TEXTS[reason][locale]}</p>` +
        (reason === 'NOT_CONFIGURED' ? '' : `<p><a href="${retry.replace(/&/g, '&amp;')}">${AGAIN[locale]}</a></p>`) +
        '</main></html>',
    );
}
