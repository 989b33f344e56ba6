import type { Request, Response } from 'express';
import { toLocale, type Locale } from '../../../../core/workspace/user';
import { en, ja } from '../../../shared/messages';
import { translate } from '../../../shared/messages/translate';
import type { DomainError } from '../../../../core/shared/domain-error';

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

const TEXT: Record<Locale, Record<InstallPage['kind'], { title: string; body: string }> & { again: string; open: string; settings: string; home: string; refused: string; pricing: string }> = {
  en: {
    installed: { title: 'Tomo is installed', body: 'Tomo is now part of {team}. {trial}Mention @Tomo in a channel or send it a direct message.' },
    expired: {
      title: 'This install link has expired',
      body: 'For your safety an install must finish in the browser that started it, within 10 minutes. Please start again.',
    },
    cancelled: { title: 'Install cancelled', body: 'Tomo was not installed. You can start again whenever you are ready.' },
    failed: { title: 'Tomo could not be installed', body: 'Slack did not confirm the install. Please start again, or contact us if it keeps happening.' },
    error: { title: 'Tomo could not be installed', body: en.UNKNOWN },
    enterprise: {
      title: 'Install Tomo into a workspace',
      body: 'Tomo is installed into one workspace at a time, not into a whole Enterprise Grid organization, so it was not installed. Please start again and choose a workspace of your organization on Slack’s page. If Slack now lists Tomo among your organization’s apps, an org admin can remove it there.',
    },
    not_configured: { title: 'Installing is not set up', body: 'This Tomo server has no Slack app configured (SLACK_CLIENT_ID and SLACK_CLIENT_SECRET).' },
    refused: 'Tomo is now part of {team}, but it does not answer yet: {refusal}',
    pricing: 'Plans and pricing',
    again: 'Add to Slack',
    open: 'Open Slack',
    settings: 'Settings',
    home: 'Back to the Tomo site',
  },
  ja: {
    installed: { title: 'Tomoをインストールしました', body: 'Tomoが{team}に追加されました。{trial}チャンネルで@Tomoをメンションするか、ダイレクトメッセージを送ってください。' },
    expired: {
      title: 'このインストールリンクは期限切れです',
      body: '安全のため、インストールは開始したブラウザで10分以内に完了する必要があります。もう一度お試しください。',
    },
    cancelled: { title: 'インストールをキャンセルしました', body: 'Tomoはインストールされていません。準備ができたら、もう一度お試しください。' },
    failed: { title: 'Tomoをインストールできませんでした', body: 'Slackでインストールを確認できませんでした。もう一度お試しいただき、解決しない場合はお問い合わせください。' },
    error: { title: 'Tomoをインストールできませんでした', body: ja.UNKNOWN },
    enterprise: {
      title: 'Tomoはワークスペースにインストールしてください',
      body: 'TomoはEnterprise Gridのオーガナイゼーション全体ではなく、ワークスペースごとにインストールします。そのため、インストールは完了していません。もう一度お試しいただき、Slackの画面でオーガナイゼーション内のワークスペースを選んでください。Slackのオーガナイゼーションのアプリ一覧にTomoが表示されている場合は、オーガナイゼーション管理者がそこから削除できます。',
    },
    not_configured: { title: 'インストールは設定されていません', body: 'この Tomo サーバーには Slack アプリが設定されていません（SLACK_CLIENT_ID と SLACK_CLIENT_SECRET）。' },
    refused: 'Tomoが{team}に追加されましたが、まだ回答できません。{refusal}',
    pricing: '料金プラン',
    again: 'Slackに追加',
    open: 'Slackを開く',
    settings: '設定',
    home: 'Tomo のサイトに戻る',
  },
};

const TRIAL: Record<Locale, string> = {
  en: 'Your free {days}-day trial has started; no card needed. ',
  ja: '{days}日間の無料トライアルが始まりました（カード不要）。',
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
  const text = TEXT[locale];
  const { title } = text[page.kind];
  let body = escapeHtml(text[page.kind].body);
  const links: string[] = [];
  if (page.kind === 'installed') {
    const trial = page.trialDays === null ? '' : TRIAL[locale].replace('{days}', String(page.trialDays));
    const refusal = page.refusal ? translate(page.refusal.code, { ...page.refusal.params, ...page.links }, locale) : '';
    const template = page.refusal ? text.refused : text.installed.body;
    // One pass, with functions: a team named "$'…" or "{trial}" is shown as it is named.
    const values: Record<string, string> = { team: page.teamName, trial, refusal };
    body = escapeHtml(template.replace(/\{(team|trial|refusal)\}/g, (_, key: string) => values[key]!));
    if (page.refusal) links.push(`<a href="${PRICING_PATH[locale]}">${text.pricing}</a>`);
    links.push(`<a href="https://slack.com/app_redirect?team=${encodeURIComponent(page.teamId)}">${text.open}</a>`);
    links.push(`<a href="${SETTINGS_PATH[locale]}">${text.settings}</a>`);
  } else if (page.kind !== 'not_configured') {
    links.push(`<a href="/slack/install">${text.again}</a>`);
  }
  links.push(`<a href="${HOME_PATH[locale]}">${text.home}</a>`);
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
