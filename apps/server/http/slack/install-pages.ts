import type { Request, Response } from 'express';
import { toLocale, type Locale } from '../../../../core/workspace/user';
import { translate, type MessageCode } from '../../../shared/messages';
import type { DomainError, ErrorParams } from '../../../../core/shared/domain-error';

export type InstallPage =
  /**
   * `refusal`: the install left the workspace no usable trial or plan, so instead of "mention
   * @Tomo" the page says what a question would be told (the catalogue's text, with its link).
   */
  | { kind: 'installed'; teamName: string; teamId: string; trialDays: number | null; refusal?: DomainError | null; links?: Record<string, string> }
  | { kind: 'expired' }
  | { kind: 'cancelled' }
  | { kind: 'failed' }
  /** Slack confirmed the install but Tomo could not store it (the catalogue's unknown error). */
  | { kind: 'error' }
  /** An org-wide install on Enterprise Grid, which Tomo refuses: it is installed per workspace. */
  | { kind: 'enterprise' }
  | { kind: 'not_configured' };

/** Each page's title and text in the catalogue (ServerMessageCodes); 'error' says the unknown error. */
const PAGE_TEXT: Record<InstallPage['kind'], { title: MessageCode; body: MessageCode }> = {
  installed: { title: 'INSTALL.INSTALLED_TITLE', body: 'INSTALL.INSTALLED' },
  expired: { title: 'INSTALL.EXPIRED_TITLE', body: 'INSTALL.EXPIRED' },
  cancelled: { title: 'INSTALL.CANCELLED_TITLE', body: 'INSTALL.CANCELLED' },
  failed: { title: 'INSTALL.FAILED_TITLE', body: 'INSTALL.FAILED' },
  error: { title: 'INSTALL.FAILED_TITLE', body: 'UNKNOWN' },
  enterprise: { title: 'INSTALL.ENTERPRISE_TITLE', body: 'INSTALL.ENTERPRISE' },
  not_configured: { title: 'INSTALL.NOT_CONFIGURED_TITLE', body: 'INSTALL.NOT_CONFIGURED' },
};

/** The installer's language from the browser (en unless Japanese comes first). */
export function requestLocale(req: Request): Locale {
  return toLocale(req.get('accept-language')?.split(',')[0]);
}

/** The site's home page in the installer's language (apps/web: '/' is en, '/ja' is ja). */
const HOME_PATH: Record<Locale, string> = { en: '/', ja: '/ja' };
/** The App settings page in the installer's language. */
const SETTINGS_PATH: Record<Locale, string> = { en: '/settings/app', ja: '/ja/settings/app' };
/** The pricing page in the installer's language. */
export const PRICING_PATH: Record<Locale, string> = { en: '/pricing', ja: '/ja/pricing' };

/** A small self-contained page: what happened, and where to go next (always including the way back to the site). */
export function sendInstallPage(res: Response, status: number, locale: Locale, page: InstallPage): void {
  const text = (code: MessageCode, params: ErrorParams = {}) => translate(code, params, locale);
  const title = text(PAGE_TEXT[page.kind].title);
  let body = escapeHtml(text(PAGE_TEXT[page.kind].body));
  const links: string[] = [];
  if (page.kind === 'installed') {
    const trial = page.trialDays === null ? '' : text('INSTALL.TRIAL', { days: page.trialDays });
    const refusal = page.refusal ? text(page.refusal.code, { ...page.refusal.params, ...page.links }) : '';
    // One pass (the catalogue's): a team named "$'…" or "{trial}" is shown as it is named.
    body = escapeHtml(page.refusal ? text('INSTALL.REFUSED', { team: page.teamName, refusal }) : text('INSTALL.INSTALLED', { team: page.teamName, trial }));
    if (page.refusal) links.push(`<a href="${PRICING_PATH[locale]}">${text('INSTALL.PRICING')}</a>`);
    links.push(`<a href="https://slack.com/app_redirect?team=${encodeURIComponent(page.teamId)}">${text('INSTALL.OPEN_SLACK')}</a>`);
    links.push(`<a href="${SETTINGS_PATH[locale]}">${text('INSTALL.SETTINGS')}</a>`);
  } else if (page.kind !== 'not_configured') {
    links.push(`<a href="/slack/install">${text('INSTALL.AGAIN')}</a>`);
  }
  links.push(`<a href="${HOME_PATH[locale]}">${text('INSTALL.HOME')}</a>`);
  res
    .status(status)
    .set('Cache-Control', 'no-store')
    .type('html')
    .send(
      `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${body}</p>` +
        `<p>${links.join(' · ')}</p></main></body></html>`,
    );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
