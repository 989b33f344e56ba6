import { describe, expect, it } from 'vitest';
import { en, ja, translate, translateError } from '../../../apps/shared/messages';
import { ErrorCodes } from '../../../core/shared/domain-error';
import { HOME_TEXT_CODES, SLACK_TEXT_CODES, slackCatalogues, slackText } from '../../../apps/shared/messages/slack';
import { knowledgeCatalogues, knowledgeText } from '../../../apps/shared/messages/knowledge';
import { formatList } from '../../../core/shared/list-format';
import { TRIGGER_TEXT_CODES } from '../../../core/triggers/trigger-texts';
import { validateIconUpload } from '../../../core/customization/icon-validation';

describe('message catalogue (spec 8)', () => {
  it('has an English and a Japanese text for every code', () => {
    expect(Object.keys(ja).sort()).toEqual(Object.keys(en).sort());
    for (const code of ErrorCodes) {
      expect(en[code], code).toBeTruthy();
      expect(ja[code], code).toBeTruthy();
    }
  });

  it('carries the spec texts word for word', () => {
    const spec = [
      'Your Slack workspace ID is not set. You need to sign in first.',
      'Your Slack user ID is not set. You need to sign in first.',
      'No file is selected. Please select a file.',
      'The file name does not have an extension. Please select a file with an extension.',
      'An unknown error has occurred. Please try again later or contact us.',
      'Reaction name is required',
      'Prompt text is required',
      'This reaction name already exists',
      'Are you sure you want to delete this reaction?',
      `Please make sure you're signed in with either "Primary Owner", "Owner", or "Admin" permissions to view and manage this Members' Settings page`,
      'Loading...',
      'No data available',
      'Sign in first',
      'Invalid local time format. Expected HH:mm.',
      'useUserContext must be used within a UserContextProvider',
      'No reactions found matching your search.',
      'Search by channel name',
      'Unknown Bot',
      'Work in progress',
    ];
    const texts = Object.values(en);
    for (const text of spec) expect(texts, text).toContain(text);
    expect(en['PERMISSION.USAGE_PAGE']).toContain('permissions to view this Usage');
  });

  it('fills parameters, e.g. the icon errors of the spec', () => {
    const tooBig = validateIconUpload({ teamId: 'T', userId: 'U', file: { name: 'a.png', size: 60_000_000 } });
    expect(!tooBig.ok && translateError(tooBig.error)).toBe(
      'The file size (60000000 bytes) exceeds the limit of 52428800 bytes. Please select a file with a smaller size.',
    );
    expect(translate('ICON.EXTENSION_NOT_ALLOWED', { ext: 'gif', list: 'jpg, jpeg, png' }, 'en')).toBe(
      'The file extension (gif) is not allowed. Please select a file with an allowed extension. Allowed extensions are jpg, jpeg, png.',
    );
  });

  it('tells a user whose trial is over where to buy a plan, in their language', () => {
    const params = { pricingUrl: 'https://tomo.test/pricing' };
    expect(translate('ENTITLEMENT.TRIAL_OVER', params, 'en')).toContain('buy a plan at https://tomo.test/pricing');
    expect(translate('ENTITLEMENT.TRIAL_OVER', params, 'ja')).toContain('https://tomo.test/pricing');
    expect(translate('ENTITLEMENT.TRIAL_OVER', params, 'ja')).toContain('無料トライアルは終了しました');
    expect(translate('ENTITLEMENT.PLAN_ENDED', params, 'en')).toContain('buy a plan at https://tomo.test/pricing');
    expect(translate('ENTITLEMENT.PLAN_ENDED', params, 'en')).not.toContain('trial');
    expect(translate('ENTITLEMENT.PLAN_ENDED', params, 'ja')).toContain('https://tomo.test/pricing');
    expect(translate('ENTITLEMENT.PLAN_ENDED', params, 'ja')).not.toContain('トライアル');
  });

  it('falls back to English for unknown locales and to the unknown-error text for unknown codes', () => {
    expect(translate('UI.LOADING', {}, 'fr')).toBe('Loading...');
    expect(translate('UI.LOADING', {}, 'ja')).toBe('読み込み中...');
    expect(translate('NO.SUCH.CODE')).toBe('An unknown error has occurred. Please try again later or contact us.');
  });

  it('leaves a placeholder without a param visible', () => {
    expect(translate('UI.NO_NAME')).toBe('{id}: (No Name)');
    expect(translate('UI.NO_NAME', { id: 'C1' })).toBe('C1: (No Name)');
  });
});

describe('English plurals', () => {
  it('say "1 day" and "2 days", never "day(s)", and Japanese has no plural to choose', () => {
    expect(slackText('HOME.PLAN_TRIAL', { days: 1, date: 'Mar 15' })).toBe('Free trial: *1 day left* (ends Mar 15).');
    expect(slackText('HOME.PLAN_TRIAL', { days: 14, date: 'Mar 15' })).toBe('Free trial: *14 days left* (ends Mar 15).');
    expect(slackText('HOME.PLAN_TRIAL', { days: 0, date: 'Mar 15' })).toBe('Free trial: *0 days left* (ends Mar 15).');
    expect(knowledgeText('KNOWLEDGE.ROBOTS_LEFT_OUT', { count: 1, appName: 'Tomo' })).toMatch(/^1 page left out/);
    expect(slackText('HOME.PLAN_TRIAL', { days: 1, date: '3月15日' }, 'ja')).not.toMatch(/[a-z]\|/);
    for (const [locale, catalogue] of [['en', slackCatalogues.en], ['ja', slackCatalogues.ja], ['en', knowledgeCatalogues.en], ['ja', knowledgeCatalogues.ja]] as const) {
      for (const [code, text] of Object.entries(catalogue)) expect(text, `${locale} ${code}`).not.toMatch(/\w\(s\)/);
    }
  });
});

describe('what Tomo says in Slack (triggers and App Home)', () => {
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

  it('has every code in English and Japanese, with the same placeholders', () => {
    for (const code of SLACK_TEXT_CODES) {
      expect(slackCatalogues.en[code], code).toBeTruthy();
      expect(slackCatalogues.ja[code], code).toBeTruthy();
      expect(placeholders(slackCatalogues.ja[code]), code).toEqual(placeholders(slackCatalogues.en[code]));
    }
    // Every code the core triggers use resolves to real text in both languages.
    for (const code of TRIGGER_TEXT_CODES) {
      for (const locale of ['en', 'ja'] as const) expect(slackText(code, {}, locale), `${code} ${locale}`).not.toBe(translate('UNKNOWN', {}, locale));
    }
    expect(slackText('SLACK.GREETING', { appName: 'Kaito' }, 'ja')).toContain('Kaito');
  });
});

describe('every catalogue file (shared, Slack, knowledge): what a Japanese workspace reads', () => {
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  const files = {
    'messages/{en,ja}.ts': { en, ja },
    'messages/slack/{en,ja}.ts': slackCatalogues,
    'messages/knowledge.ts': knowledgeCatalogues,
  } as const;
  /**
   * Latin words a Japanese text may keep: product and feature names as Slack shows them (the
   * manifest's shortcut and workflow step are not localized), file formats, units and technical
   * names (the server's settings, such as SLACK_CLIENT_ID; an API's parameter, limit). Anything
   * else is English left in a Japanese text.
   */
  const KEPT = new Set(['Tomo', 'Slack', 'GitHub', 'Alipay', 'AI', 'DM', 'PDF', 'HTML', 'JSON', 'JavaScript', 'PNG', 'JPEG', 'URL', 'ID', 'MB', 'OCR', 'NUL', 'Unicode', 'IANA', 'HH', 'mm', 'Asia/Tokyo', 'robots.txt', 'http', 'https', 'invite', 'Save as PDF', 'Ask Tomo', 'Enterprise Grid', 'SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET', 'YouTube', 'limit']);
  /** The spec's developer-only text (a React context used outside its provider), word for word in both. */
  const DEVELOPER_ONLY = new Set(['CONTEXT.OUTSIDE_PROVIDER']);

  for (const [file, catalogue] of Object.entries(files)) {
    it(`${file}: every English key has a Japanese text with the same {placeholders}, and no other key`, () => {
      const enTexts = catalogue.en as Readonly<Record<string, string>>;
      const jaTexts = catalogue.ja as Readonly<Record<string, string>>;
      expect(Object.keys(jaTexts).sort()).toEqual(Object.keys(enTexts).sort());
      for (const [code, text] of Object.entries(enTexts)) {
        expect(jaTexts[code], code).toBeTruthy();
        expect(placeholders(jaTexts[code]!), code).toEqual(placeholders(text));
      }
    });

    it(`${file}: Japanese texts keep no English beyond product names and technical terms`, () => {
      for (const [code, text] of Object.entries(catalogue.ja as Readonly<Record<string, string>>)) {
        if (DEVELOPER_ONLY.has(code)) continue;
        const prose = text
          .replace(/\{\w+\}/g, '')
          .replace(/https?:\/\/[\x21-\x7e]+/g, '')
          .replace(/:[a-z_]+:/g, '')
          .replace(/Save as PDF|Ask Tomo|Enterprise Grid/g, '');
        const words = [...prose.matchAll(/[A-Za-z][A-Za-z./_-]*[A-Za-z]/g)].map((m) => m[0]).filter((word) => !KEPT.has(word));
        expect(words, `${code}: ${text}`).toEqual([]);
      }
    });
  }

  it('uses one word for a seat (シート, as the settings pages do) and no plain style in Japanese', () => {
    for (const catalogue of Object.values(files)) {
      for (const [code, text] of Object.entries(catalogue.ja as Readonly<Record<string, string>>)) {
        expect(text, code).not.toMatch(/席/);
        expect(text, code).not.toMatch(/である|だ。/);
      }
    }
  });

  it('lists names with 、 in Japanese and ", " in English, without an "and"', () => {
    expect(formatList(['a.png', 'b.gif', 'c.txt'], 'ja')).toBe('a.png、b.gif、c.txt');
    expect(formatList(['a.png', 'b.gif', 'c.txt'], 'en')).toBe('a.png, b.gif, c.txt');
    expect(formatList(['Google Drive'], 'ja')).toBe('Google Drive');
  });

  it('keeps the Japanese texts of Block Kit elements within Slack’s limits', () => {
    // Slack's limits: modal title, submit and close 24; button text 75; a confirm dialog's title
    // 100, text 300, its buttons 30; header 150 (docs.slack.dev, Block Kit reference).
    const limits: readonly [string, number][] = [
      ...(['KNOWLEDGE.MODAL_WEB_TITLE', 'KNOWLEDGE.MODAL_PDF_TITLE', 'KNOWLEDGE.MODAL_REPOSITORY_TITLE', 'KNOWLEDGE.MODAL_SUBMIT', 'KNOWLEDGE.MODAL_CANCEL'] as const).map(
        (code) => [knowledgeText(code, {}, 'ja'), 24] as [string, number],
      ),
      ...(['KNOWLEDGE.ADD_WEB', 'KNOWLEDGE.ADD_PDF', 'KNOWLEDGE.ADD_REPOSITORY', 'KNOWLEDGE.DELETE', 'KNOWLEDGE.RETRY'] as const).map((code) => [knowledgeText(code, {}, 'ja'), 75] as [string, number]),
      ...(['KNOWLEDGE.CONFIRM_YES', 'KNOWLEDGE.CONFIRM_NO'] as const).map((code) => [knowledgeText(code, {}, 'ja'), 30] as [string, number]),
      [knowledgeText('KNOWLEDGE.CONFIRM_TITLE', {}, 'ja'), 100],
      ...HOME_TEXT_CODES.filter((code) => code.startsWith('HOME.LINK_') || code === 'HOME.REFRESH').map((code) => [slackText(code, {}, 'ja'), 75] as [string, number]),
      [slackText('HOME.WELCOME', { appName: 'Tomo' }, 'ja'), 150],
    ];
    for (const [text, max] of limits) expect([...text].length, text).toBeLessThanOrEqual(max);
  });
});
