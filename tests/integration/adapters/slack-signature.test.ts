import { describe, expect, it } from 'vitest';
import { signSlackRequest, verifySlackSignature } from '../../../adapters/slack/verify-slack-signature';

const signingSecret = '8f742231b10e8888abcd99yyyzzz85a5';
const body = 'token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&api_app_id=A0KRD7HC3&event_id=Ev9UQ52YNA';
const now = new Date('2026-11-21T12:00:00Z');
const nowSeconds = String(Math.floor(now.getTime() / 1000));

function check(overrides: Partial<Parameters<typeof verifySlackSignature>[0]>) {
  return verifySlackSignature({
    signingSecret,
    body,
    timestamp: nowSeconds,
    signature: signSlackRequest(signingSecret, nowSeconds, body),
    now,
    ...overrides,
  });
}

describe('verifySlackSignature (v0 request signing)', () => {
  it('accepts a request signed with the signing secret over the raw body', () => {
    expect(check({})).toBe('valid');
    expect(check({ body: Buffer.from(body) })).toBe('valid');
  });

  it('matches Slack documentation’s worked example', () => {
    // https://docs.slack.dev/authentication/verifying-requests-from-slack
    const example =
      'token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c';
    expect(
      verifySlackSignature({
        signingSecret,
        body: example,
        timestamp: '1531420618',
        signature: 'v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503',
        now: new Date(1531420618 * 1000),
      }),
    ).toBe('valid');
  });

  it.each([
    ['no signature header', { signature: undefined }],
    ['no timestamp header', { timestamp: undefined }],
    ['empty headers', { signature: '', timestamp: '' }],
  ])('rejects a request with %s as missing', (_name, overrides) => {
    expect(check(overrides)).toBe('missing');
  });

  it.each([
    ['another scheme', { signature: `v1=${'a'.repeat(64)}` }],
    ['a short digest', { signature: 'v0=abc123' }],
    ['upper-case hex', { signature: `v0=${'A'.repeat(64)}` }],
    ['a non-numeric timestamp', { timestamp: '12:00' }],
    ['a fractional timestamp', { timestamp: `${nowSeconds}.5` }],
  ])('rejects %s as malformed', (_name, overrides) => {
    expect(check(overrides)).toBe('malformed');
  });

  it('rejects a timestamp more than five minutes old or ahead as stale, even when correctly signed', () => {
    const old = String(Number(nowSeconds) - 301);
    const ahead = String(Number(nowSeconds) + 301);
    expect(check({ timestamp: old, signature: signSlackRequest(signingSecret, old, body) })).toBe('stale');
    expect(check({ timestamp: ahead, signature: signSlackRequest(signingSecret, ahead, body) })).toBe('stale');
    const edge = String(Number(nowSeconds) - 300);
    expect(check({ timestamp: edge, signature: signSlackRequest(signingSecret, edge, body) })).toBe('valid');
  });

  it('rejects a wrong secret, a changed body or a changed timestamp as a mismatch', () => {
    expect(check({ signature: signSlackRequest('another-secret', nowSeconds, body) })).toBe('mismatch');
    expect(check({ body: `${body}&extra=1` })).toBe('mismatch');
    const earlier = String(Number(nowSeconds) - 1);
    expect(check({ timestamp: earlier })).toBe('mismatch');
  });
});
