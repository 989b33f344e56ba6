import { describe, expect, it } from 'vitest';
import { en, ja, translate, translateError } from '../../../apps/shared/messages';
import { ErrorCodes } from '../../../core/shared/domain-error';
import { SLACK_TEXT_CODES, slackCatalogues, slackText } from '../../../apps/shared/messages/slack';
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
