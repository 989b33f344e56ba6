import { describe, expect, it } from 'vitest';
import { emailLocalPart, toLocale } from '../../../core/workspace/user';
import { SignInUser } from '../../../core/workspace/sign-in-user.use-case';
import { TEAM } from '../support/builders';
import { aWorkspaceFixture } from '../support/workspace-fixture';

describe('sign-in with Slack (spec 1, 3)', () => {
  const input = { teamId: TEAM, userId: 'U1', email: 'hanako@acme.test', name: 'Hanako' };

  it('creates the account on first sign-in and keeps it afterwards', async () => {
    const w = aWorkspaceFixture('2025-01-01T00:00:00Z');
    const signIn = new SignInUser(w);
    const first = await signIn.execute({ ...input, locale: 'ja-JP' });
    expect(first.ok && first.value.created).toBe(true);
    w.clock.advanceDays(3);
    const second = await signIn.execute(input);
    expect(second.ok && second.value).toMatchObject({
      created: false,
      user: { locale: 'ja', createdAt: new Date('2025-01-01T00:00:00Z'), lastSignedInAt: new Date('2025-01-04T00:00:00Z') },
    });
  });

  it('defaults the locale to en', async () => {
    const result = await new SignInUser(aWorkspaceFixture()).execute(input);
    expect(result.ok && result.value.user.locale).toBe('en');
    expect(toLocale('fr')).toBe('en');
    expect(toLocale('ja_JP')).toBe('ja');
  });

  it('refuses without a workspace id or user id, with the spec messages', async () => {
    const signIn = new SignInUser(aWorkspaceFixture());
    expect(await signIn.execute({ ...input, teamId: undefined })).toMatchObject({ error: { code: 'AUTH.TEAM_ID_MISSING' } });
    expect(await signIn.execute({ ...input, userId: '' })).toMatchObject({ error: { code: 'AUTH.USER_ID_MISSING' } });
  });

  it('shows the signed-in user as the local part of the e-mail', () => {
    expect(emailLocalPart('hanako@acme.test')).toBe('hanako');
    expect(emailLocalPart('no-at-sign')).toBe('no-at-sign');
  });
});
