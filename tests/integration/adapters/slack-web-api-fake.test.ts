import { WebClient, type UsersListResponse } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSlack, type FakeSlack } from '../../../adapters/slack-emulator/fake-slack';
import { seedWorkspace, type SeededWorkspace } from '../../../adapters/slack-emulator/seed-workspace';
import { askTomoFunction } from '../../fakes/slack/ask-tomo-function';

/** The directory methods of the Slack fake, and message metadata, as the real SDK sees them. */
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

  it('keeps message metadata from a post and a stream’s end, and lists it only when asked', async () => {
    const question = slack.addMessage({ channel: ws.channel, user: ws.alice, text: 'a question' });
    const metadata = { event_type: 'tomo_delivery', event_payload: { delivery: 'abc' } };
    await sdk.chat.postMessage({ channel: ws.channel, thread_ts: question.ts, text: 'posted', metadata });
    const stream = await sdk.chat.startStream({ channel: ws.channel, thread_ts: question.ts, markdown_text: 'streamed', recipient_user_id: ws.alice, recipient_team_id: ws.team.id });
    const whileStreaming = await sdk.conversations.replies({ channel: ws.channel, ts: question.ts, include_all_metadata: true });
    await sdk.chat.stopStream({ channel: ws.channel, ts: stream.ts!, metadata });

    const plain = await sdk.conversations.replies({ channel: ws.channel, ts: question.ts });
    const withMetadata = await sdk.conversations.replies({ channel: ws.channel, ts: question.ts, include_all_metadata: true });
    expect(whileStreaming.messages?.map((m) => m.metadata)).toEqual([undefined, metadata, undefined]);
    expect(plain.messages?.map((m) => m.metadata)).toEqual([undefined, undefined, undefined]);
    expect(withMetadata.messages?.map((m) => m.metadata)).toEqual([undefined, metadata, metadata]);
    await expect(
      sdk.chat.postMessage({ channel: ws.channel, text: 'x', metadata: { event_type: '', event_payload: {} } }),
    ).rejects.toMatchObject({ data: { error: 'invalid_metadata_format' } });
  });

  it('refuses markdown_text beside text or blocks (markdown_text_conflict), in posts, ephemerals and edits', async () => {
    const refused = (method: string, args: Record<string, unknown>) =>
      sdk.apiCall(method, args).then(
        () => 'ok',
        (error: { data?: { error?: string } }) => error.data?.error,
      );
    const blocks = JSON.stringify([{ type: 'section', text: { type: 'mrkdwn', text: 'hi' } }]);
    const { ts } = (await sdk.chat.postMessage({ channel: ws.channel, markdown_text: '**alone** is fine' })) as { ts: string };

    expect(await refused('chat.postMessage', { channel: ws.channel, markdown_text: '**hi**', text: 'hi' })).toBe('markdown_text_conflict');
    expect(await refused('chat.postMessage', { channel: ws.channel, markdown_text: '**hi**', blocks })).toBe('markdown_text_conflict');
    expect(await refused('chat.postEphemeral', { channel: ws.channel, user: ws.alice, markdown_text: '**hi**', text: 'hi' })).toBe('markdown_text_conflict');
    expect(await refused('chat.update', { channel: ws.channel, ts, markdown_text: '**hi**', text: 'hi' })).toBe('markdown_text_conflict');
    expect(await refused('chat.update', { channel: ws.channel, ts, markdown_text: '**edited** alone' })).toBe('ok');
  });

  it('refuses a channel stream without its recipient, and streams where Slack refuses no more', async () => {
    const question = slack.addMessage({ channel: ws.channel, user: ws.alice, text: 'stream to whom?' });
    const refusal = (args: Record<string, string>) =>
      sdk.apiCall('chat.startStream', { channel: ws.channel, thread_ts: question.ts, markdown_text: 'hi', ...args }).then(
        () => 'ok',
        (error: { data?: { error?: string } }) => error.data?.error,
      );
    expect(await refusal({ recipient_team_id: ws.team.id })).toBe('missing_recipient_user_id');
    expect(await refusal({ recipient_user_id: ws.alice })).toBe('missing_recipient_team_id');

    // Archived since the stream began: appends and stops are refused, as posts are.
    const { ts } = (await sdk.chat.startStream({ channel: ws.channel, thread_ts: question.ts, markdown_text: 'a', recipient_user_id: ws.alice, recipient_team_id: ws.team.id })) as { ts: string };
    slack.state.channels.get(ws.channel)!.isArchived = true;
    try {
      expect(await sdk.chat.appendStream({ channel: ws.channel, ts, markdown_text: 'b' }).catch((error: { data?: { error?: string } }) => error.data?.error)).toBe('is_archived');
      expect(await sdk.chat.update({ channel: ws.channel, ts, markdown_text: 'c' }).catch((error: { data?: { error?: string } }) => error.data?.error)).toBe('is_inactive');
    } finally {
      slack.state.channels.get(ws.channel)!.isArchived = false;
    }
  });

  it('checks a workflow step’s completion as Slack does: outputs against the function’s definition, an error text, one completion', async () => {
    const step = () => slack.startFunctionExecution(ws.team.id, askTomoFunction());
    const refused = (call: Promise<unknown>) => call.then(() => 'ok', (e: { data?: { error?: string } }) => e.data?.error);

    const missing = step();
    expect(await refused(sdk.functions.completeSuccess({ function_execution_id: missing.id, outputs: {} }))).toBe('parameter_validation_failed');
    expect(await refused(sdk.functions.completeSuccess({ function_execution_id: missing.id, outputs: { answer: 42 } }))).toBe('parameter_validation_failed');
    expect(await refused(sdk.functions.completeError({ function_execution_id: missing.id, error: '' }))).toBe('invalid_arguments');
    expect(missing.state).toBe('running');

    expect(await refused(sdk.functions.completeSuccess({ function_execution_id: missing.id, outputs: { answer: 'Done.' } }))).toBe('ok');
    expect(await refused(sdk.functions.completeError({ function_execution_id: missing.id, error: 'late' }))).toBe('function_execution_not_found');
    expect([missing.state, missing.outputs]).toEqual(['completed', { answer: 'Done.' }]);

    const event = slack.functionExecutedEvent(step(), { prompt: 'Hi', user_id: ws.alice });
    expect(event).toMatchObject({
      type: 'function_executed',
      function: { callback_id: 'ask_tomo', output_parameters: [{ name: 'answer', type: 'string', is_required: true }] },
      inputs: { prompt: 'Hi', user_id: ws.alice },
      bot_access_token: expect.stringMatching(/^xwfp-/),
    });
  });
});
