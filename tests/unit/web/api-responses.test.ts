import { describe, expect, it } from 'vitest';
import { emailLocalPart, parseMe } from '../../../apps/web/src/lib/api/get-me';
import { parsePublicConfig } from '../../../apps/web/src/lib/api/get-public-config';

describe('GET /api/me', () => {
  it('reads the user from either shape the server may send', () => {
    expect(parseMe({ user: { email: 'ana@acme.example' }, teamName: 'Acme', isAdmin: true })).toEqual({
      email: 'ana@acme.example', teamName: 'Acme', isAdmin: true, rolesUnknown: false, activePlanKeys: [],
    });
    expect(parseMe({ email: 'ken@acme.example', activeSubscriptions: [{ kind: 'paid', planKey: 'gpt50' }, { plan: 'gpt50_8k' }, { kind: 'trial', planKey: 'free' }, {}] })).toEqual({
      email: 'ken@acme.example', teamName: null, isAdmin: false, rolesUnknown: false, activePlanKeys: ['gpt50', 'gpt50_8k'],
    });
    // Slack could not list the members: nobody's role is known, so admin pages ask the API.
    expect(parseMe({ email: 'ana@acme.example', membersFailed: true })).toMatchObject({ isAdmin: false, rolesUnknown: true });
  });

  it('counts anything without an e-mail as signed out', () => {
    expect(parseMe({ error: 'unauthorized' })).toBeNull();
    expect(parseMe(null)).toBeNull();
    expect(parseMe('ana@acme.example')).toBeNull();
  });

  it('shows only the local part of the e-mail', () => {
    expect(emailLocalPart('mei.tanaka@acme.example')).toBe('mei.tanaka');
    expect(emailLocalPart('no-at-sign')).toBe('no-at-sign');
  });
});

describe('GET /api/public-config', () => {
  const base = 'https://tomo.example/pricing';

  it('enables billing only when the server says so', () => {
    expect(parsePublicConfig({ billingEnabled: true }, base)).toEqual({ billingEnabled: true });
    expect(parsePublicConfig({ billingEnabled: 'yes' }, base)).toEqual({ billingEnabled: false });
    expect(parsePublicConfig(undefined, base)).toEqual({ billingEnabled: false });
  });

  it('accepts http(s) URLs for analytics and booking, resolving relative ones', () => {
    expect(parsePublicConfig({ billingEnabled: false, analyticsScriptUrl: '/a.js', bookingUrl: 'https://cal.example/tomo' }, base)).toEqual({
      billingEnabled: false,
      analyticsScriptUrl: 'https://tomo.example/a.js',
      bookingUrl: 'https://cal.example/tomo',
    });
    expect(parsePublicConfig({ analyticsScriptUrl: 'javascript:alert(1)', bookingUrl: '' }, base)).toEqual({ billingEnabled: false });
  });
});
