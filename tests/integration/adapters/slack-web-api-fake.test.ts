import { WebClient, type UsersListResponse } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSlack, type FakeSlack } from '../../../adapters/slack-emulator/fake-slack';
import { seedWorkspace, type SeededWorkspace } from '../../../adapters/slack-emulator/seed-workspace';

/** The directory methods of the Slack fake, as the real SDK sees them (for members and channels pages). */
describe('Slack fake: workspace directory methods', () => {
  let slack: FakeSlack;
  let ws: SeededWorkspace;
  let sdk: WebClient;

  beforeAll(async () => {
    slack = await startFakeSlack();
    ws = seedWorkspace(slack);
    slack.addTeam({ id: 'T0OTHER', name: 'Other' });
    slack.addUser({ id: 'UOTHER', teamId: 'T0OTHER', name: 'stranger' });
    for (let i = 0; i < 5; i += 1) slack.addUser({ id: `UMANY${i}`, teamId: ws.team.id, name: `member${i}` });
    slack.addChannel({ id: 'CPRIV', teamId: ws.team.id, name: 'secret', isPrivate: true });
    sdk = new WebClient(ws.team.botToken, { slackApiUrl: slack.url, retryConfig: { retries: 0 } });
  });
  afterAll(() => slack.close());

  it('pages users.list with cursors and shows only the workspace’s own members', async () => {
    const pages: UsersListResponse[] = [];
    for await (const page of sdk.paginate('users.list', { limit: 3 })) pages.push(page as UsersListResponse);

    const ids = pages.flatMap((p) => p.members?.map((m) => m.id) ?? []);
    expect(pages.length).toBeGreaterThan(1);
    expect(ids).toContain(ws.alice);
    expect(ids).toContain(ws.team.botUserId);
    expect(ids).not.toContain('UOTHER');
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('lists channels by type, and tells the team’s name', async () => {
    const publicOnly = await sdk.conversations.list({ types: 'public_channel' });
    const all = await sdk.conversations.list({ types: 'public_channel,private_channel,im' });

    expect(publicOnly.channels?.map((c) => c.name)).toEqual(['general']);
    expect(all.channels?.map((c) => c.id).sort()).toEqual([ws.channel, 'CPRIV', ws.dm].sort());
    expect((await sdk.team.info()).team).toMatchObject({ id: ws.team.id, name: 'Acme' });
  });

  it('answers 429 with Retry-After for the next calls of a method, then recovers', async () => {
    slack.rateLimit('team.info', { times: 1, retryAfterSeconds: 9 });
    const limited = new WebClient(ws.team.botToken, { slackApiUrl: slack.url, rejectRateLimitedCalls: true, retryConfig: { retries: 0 } });

    await expect(limited.team.info()).rejects.toMatchObject({ retryAfter: 9 });
    await expect(limited.team.info()).resolves.toMatchObject({ ok: true });
  });

  it('rejects a token it does not know', async () => {
    const stranger = new WebClient('xoxb-unknown', { slackApiUrl: slack.url, retryConfig: { retries: 0 } });
    await expect(stranger.auth.test()).rejects.toMatchObject({ data: { error: 'invalid_auth' } });
  });
});
