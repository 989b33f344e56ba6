import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../apps/shared/messages';
import { slackText } from '../../../apps/shared/messages/slack';
import { SLACK_QUEUES } from '../../../apps/shared/slack-jobs';
import { seedWorkspace, type SeededWorkspace } from '../../../adapters/slack-emulator/seed-workspace';
import {
  buyPlan,
  endTrial,
  eventually,
  installThroughBrowser,
  lastPrompt,
  repositoriesOf,
  sendEvent,
  settled,
  startSlackAppWorld,
  type SlackAppWorld,
} from './support/slack-app-world';
import { askTomoFunction } from '../../fakes/slack/ask-tomo-function';

const WORKFLOW = SLACK_QUEUES.slackWorkflow.name;
const RETRIES = 2;

describe('Slack app: the "Ask Tomo" workflow step (real server and worker, fakes)', () => {
  let world: SlackAppWorld;

  beforeAll(async () => {
    // Two retries, not eight: a step failing on every attempt ends within seconds.
    world = await startSlackAppWorld({ ANSWER_RETRIES: String(RETRIES) });
    await installThroughBrowser(world);
  });
  afterAll(() => world.close());

  /** Workflow Builder runs the step: Slack sends function_executed and waits for one completion. */
  const runStep = async (inputs: Record<string, string>, options: { ws?: SeededWorkspace; retries?: number } = {}) => {
    const ws = options.ws ?? world.ws;
    // Slack checks the step's outputs against the manifest's definition.
    const execution = world.slack.startFunctionExecution(ws.team.id, askTomoFunction());
    const event = world.slack.functionExecutedEvent(execution, inputs);
    const sent = await sendEvent(world, event, { ws });
    for (let retry = 1; retry <= (options.retries ?? 0); retry += 1) await sendEvent(world, event, { ws, eventId: sent.eventId, retryNum: retry });
    return execution;
  };
  const completions = (executionId: string) =>
    world.slack.calls.filter(
      (c) => c.method.startsWith('functions.complete') && c.params.function_execution_id === executionId && c.outcome === 'ok',
    );

  it('answers the prompt and ends the step once with completeSuccess carrying the answer, Slack’s retries included', async () => {
    world.openai.answer('Our refund window is 30 days.');
    const execution = await runStep({ prompt: 'How long is our refund window?', user_id: world.ws.alice }, { retries: 2 });

    await eventually(() => expect(execution.state).toBe('completed'));
    expect(execution.outputs).toEqual({ answer: 'Our refund window is 30 days.' });
    await settled(world, WORKFLOW);
    expect(completions(execution.id).map((c) => c.method)).toEqual(['functions.completeSuccess']);
    expect(lastPrompt(world).conversation).toBe('user: alice: How long is our refund window?');
    await eventually(async () =>
      expect(await repositoriesOf(world).usageEvents.tallyByMember(world.ws.team.id, null)).toEqual([
        { memberId: world.ws.alice, channelMention: 1, directMessage: 0, reaction: 0 },
      ]),
    );
  });

  it("reads no private channel's message linked in the prompt: the step's output is not private to anyone", async () => {
    // Whoever runs the step, its answer goes where the workflow sends it; Alice being in #exec
    // does not make #exec's messages fit for that.
    const exec = world.slack.addChannel({ id: 'GEXECWF', teamId: world.ws.team.id, name: 'exec', isPrivate: true, members: [world.ws.alice] });
    const memo = world.slack.addMessage({ channel: exec.id, user: world.ws.alice, text: 'Board vote on the merger is on May 2.' });
    world.openai.answer('I could not read that message.');
    const link = `https://acme.slack.com/archives/${exec.id}/p${memo.ts.replace('.', '')}`;

    const execution = await runStep({ prompt: `What does this say? ${link}`, user_id: world.ws.alice });

    await eventually(() => expect(execution.state).toBe('completed'));
    expect(JSON.stringify(lastPrompt(world))).not.toContain('merger');
    // The line under the answer says what was not read, whatever the model made of it.
    expect(execution.outputs).toEqual({ answer: `I could not read that message.\n\nCould not read: \`${link}\` (not found, or Tomo cannot open it)` });
  });

  it('keeps the prompt out of every job and table (sealed while it waits, gone once taken)', async () => {
    await settled(world, WORKFLOW);
    const client = new pg.Client({ connectionString: world.app.db.url });
    await client.connect();
    try {
      // Taken rows are erased (kept as tombstones so Slack's late retries store nothing again).
      expect((await client.query('select count(*)::int as n from trigger_inputs where sealed is not null')).rows[0]).toEqual({ n: 0 });
      const tables = await client.query<{ schema: string; name: string }>(
        `select table_schema as schema, table_name as name from information_schema.tables
         where table_schema in ('public', 'pgboss') and table_type = 'BASE TABLE'`,
      );
      for (const table of tables.rows) {
        const dump = JSON.stringify((await client.query(`select * from "${table.schema}"."${table.name}"`)).rows);
        expect(dump, `${table.schema}.${table.name}`).not.toContain('refund window');
      }
    } finally {
      await client.end();
    }
  });

  it('reads the message it is pointed at (with its thread) or the channel’s last day as context', async () => {
    const parent = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.bob, text: 'Customer asks for an invoice copy' });
    world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: 'Order 7781', threadTs: parent.ts });
    world.openai.answer('Draft: Here is your invoice copy for order 7781.');
    const withMessage = await runStep({
      prompt: 'Draft a reply to this request.',
      user_id: world.ws.alice,
      channel_id: world.ws.channel,
      message_ts: parent.ts,
    });
    await eventually(() => expect(withMessage.state).toBe('completed'));
    expect(lastPrompt(world).conversation).toBe(
      'user: Bob Baker: Customer asks for an invoice copy\nuser: alice: Order 7781\nuser: alice: Draft a reply to this request.',
    );

    world.openai.answer('Two topics today.');
    const withChannel = await runStep({ prompt: 'What was discussed?', user_id: world.ws.alice, channel_id: world.ws.channel });
    await eventually(() => expect(withChannel.state).toBe('completed'));
    expect(lastPrompt(world).system).toContain('Bob Baker: Customer asks for an invoice copy');
    expect(lastPrompt(world).conversation).toBe('user: alice: What was discussed?');
  });

  it('answers the prompt without the message when the step’s message input is no timestamp (a pasted link): Slack refuses it, a retry would too', async () => {
    world.openai.answer('Happy to help with that.');
    const execution = await runStep({
      prompt: 'Summarize this message.',
      user_id: world.ws.alice,
      channel_id: world.ws.channel,
      message_ts: `https://acme.slack.com/archives/${world.ws.channel}/p1700000000123456`,
    });

    await eventually(() => expect(execution.state).toBe('completed'));
    await settled(world, WORKFLOW);
    expect(execution.outputs).toEqual({ answer: 'Happy to help with that.' });
    expect(completions(execution.id).map((c) => c.method)).toEqual(['functions.completeSuccess']);
    expect(lastPrompt(world).conversation).toBe('user: alice: Summarize this message.');
    // Slack refused the timestamp once; nothing was retried.
    expect(world.slack.calls.filter((c) => c.method === 'conversations.history' && c.outcome === 'invalid_ts_latest')).toHaveLength(1);
  });

  it('never reads a private channel or a DM the person it asks for cannot read in Slack, though Tomo can', async () => {
    const secret = world.slack.addChannel({ id: 'CSECRET', teamId: world.ws.team.id, name: 'exec', isPrivate: true, members: [world.ws.bob] }).id;
    const plan = world.slack.addMessage({ channel: secret, user: world.ws.bob, text: 'Reorg plan: merge teams A and B' });
    const dm = world.slack.state.dmWith(world.ws.team.id, world.ws.bob).id;
    const note = world.slack.addMessage({ channel: dm, user: world.ws.bob, text: 'My salary review is next week' });

    const cases: Record<string, string>[] = [
      { channel_id: secret },
      { channel_id: secret, message_ts: plan.ts },
      { channel_id: dm },
      { channel_id: dm, message_ts: note.ts },
    ];
    for (const inputs of cases) {
      world.openai.answer('Nothing to report.');
      const execution = await runStep({ prompt: 'What is new there?', user_id: world.ws.alice, ...inputs });
      await eventually(() => expect(execution.state).toBe('completed'));
      const { system, conversation } = lastPrompt(world);
      expect(`${system}\n${conversation}`, JSON.stringify(inputs)).not.toMatch(/Reorg plan|salary review/);
    }

    // Its member asks: the same channel is read.
    world.openai.answer('A reorg is planned.');
    const member = await runStep({ prompt: 'What is new there?', user_id: world.ws.bob, channel_id: secret });
    await eventually(() => expect(member.state).toBe('completed'));
    expect(lastPrompt(world).system).toContain('Reorg plan: merge teams A and B');
  });

  it('ends with completeError, in the person’s language, when the trial is over: never a success, never twice', async () => {
    const ended = seedWorkspace(world.slack, 'T0FLOW');
    await installThroughBrowser(world, ended);
    await endTrial(world, ended);
    const calls = world.openai.calls.length;

    const execution = await runStep({ prompt: 'Summarize the sales call', user_id: ended.bob }, { ws: ended, retries: 1 });

    await eventually(() => expect(execution.state).toBe('failed'));
    expect(execution.error).toBe(translate('ENTITLEMENT.TRIAL_OVER', { pricingUrl: `${world.app.config.PUBLIC_URL}/ja/pricing` }, 'ja'));
    await settled(world, WORKFLOW);
    expect(completions(execution.id).map((c) => c.method)).toEqual(['functions.completeError']);
    expect(world.openai.calls.length).toBe(calls);
  });

  it('ends the step with the other provider’s whole answer when the first breaks off mid-answer', async () => {
    world.openai.answer('A first answer that breaks off in the middle.');
    world.openai.cutOffNext(12, 'destroy');
    world.anthropic.answer('The whole answer from the second provider.');
    try {
      const execution = await runStep({ prompt: 'Anything?', user_id: world.ws.alice });
      await eventually(() => expect(execution.state).toBe('completed'));
      expect(execution.outputs).toEqual({ answer: 'The whole answer from the second provider.' });
      await settled(world, WORKFLOW);
      expect(completions(execution.id).map((c) => c.method)).toEqual(['functions.completeSuccess']);
    } finally {
      world.openai.reset();
      world.anthropic.reset();
    }
  });

  it('ends with the unknown-error message when every model is down, and says what is missing without a prompt', async () => {
    world.openai.failAlways(500);
    world.anthropic.failAlways(529);
    try {
      const down = await runStep({ prompt: 'Anything?', user_id: world.ws.alice });
      await eventually(() => expect(down.state).toBe('failed'));
      expect(down.error).toBe(translate('UNKNOWN', {}, 'en'));
      await settled(world, WORKFLOW);
      expect(completions(down.id).map((c) => c.method)).toEqual(['functions.completeError']);
    } finally {
      world.openai.reset();
      world.anthropic.reset();
    }

    const empty = await runStep({ prompt: '   ', user_id: world.ws.alice });
    await eventually(() => expect(empty.state).toBe('failed'));
    expect(empty.error).toBe(slackText('SLACK.WORKFLOW_INPUT_MISSING', {}, 'en'));
  });

  it('ends with completeError when Slack refuses the answer itself, instead of asking the model again and leaving the workflow waiting', async () => {
    world.openai.answer('An answer Slack will not take.');
    // Once: a retry that asked the model again would then be taken (a success, and a second model call).
    world.slack.failNext('functions.completeSuccess', 'parameter_validation_failed');
    const calls = world.openai.calls.length;
    const execution = await runStep({ prompt: 'Summarize the plan', user_id: world.ws.alice });

    await eventually(() => expect(execution.state).toBe('failed'));
    expect(execution.error).toBe(translate('UNKNOWN', {}, 'en'));
    await settled(world, WORKFLOW);
    expect(completions(execution.id).map((c) => c.method)).toEqual(['functions.completeError']);
    expect(world.openai.calls.length).toBe(calls + 1);
  });

  it('tells a Japanese person in Japanese when Slack refuses the answer, as every other failure of their step', async () => {
    world.openai.answer('An answer Slack will not take.');
    world.slack.failNext('functions.completeSuccess', 'parameter_validation_failed');
    const execution = await runStep({ prompt: '計画を要約して', user_id: world.ws.bob });

    await eventually(() => expect(execution.state).toBe('failed'));
    expect(execution.error).toBe(translate('UNKNOWN', {}, 'ja'));
  });

  it('leaves the step to the job’s retry when Slack fails a read once, and ends it once with the answer', async () => {
    // Slack asks to wait longer than Tomo waits out a 429 (30 s): the read fails, the attempt with it.
    world.slack.rateLimit('conversations.history', { times: 1, retryAfterSeconds: 120 });
    const request = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.bob, text: 'Can we ship on Friday?' });
    world.openai.answer('Yes, Friday works.');
    const calls = world.openai.calls.length;
    const seen = world.slack.calls.length;

    const execution = await runStep({ prompt: 'Answer this.', user_id: world.ws.alice, channel_id: world.ws.channel, message_ts: request.ts });

    await eventually(() => expect(execution.state).toBe('completed'), 30_000);
    expect(execution.outputs).toEqual({ answer: 'Yes, Friday works.' });
    await settled(world, WORKFLOW);
    const limited = world.slack.calls.slice(seen).filter((c) => c.method === 'conversations.history' && c.outcome === 'ratelimited');
    expect(limited).toHaveLength(1);
    const ends = world.slack.calls.filter((c) => c.method.startsWith('functions.complete') && c.params.function_execution_id === execution.id);
    expect(ends.map((c) => `${c.method} ${c.outcome}`)).toEqual(['functions.completeSuccess ok']);
    // The retry read the prompt again (kept until the step ended) and the message it points at.
    expect(lastPrompt(world).conversation).toBe('user: Bob Baker: Can we ship on Friday?\nuser: alice: Answer this.');
    expect(world.openai.calls.length).toBe(calls + 1);
  });

  it('ends a step that fails on every attempt once, with completeError in the person’s language, when the retries run out', async () => {
    // Every attempt: Tomo's first, and each retry.
    world.slack.rateLimit('conversations.history', { times: RETRIES + 1, retryAfterSeconds: 120 });
    const request = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: '金曜日に出荷できますか？' });
    const seen = world.slack.calls.length;
    const execution = await runStep({ prompt: 'これに答えて', user_id: world.ws.bob, channel_id: world.ws.channel, message_ts: request.ts });

    await eventually(() => expect(execution.state).toBe('failed'), 30_000);
    expect(execution.error).toBe(translate('UNKNOWN', {}, 'ja'));
    await settled(world, WORKFLOW);
    const limited = world.slack.calls.slice(seen).filter((c) => c.method === 'conversations.history' && c.outcome === 'ratelimited');
    expect(limited).toHaveLength(RETRIES + 1);
    const ends = world.slack.calls.filter((c) => c.method.startsWith('functions.complete') && c.params.function_execution_id === execution.id);
    expect(ends.map((c) => `${c.method} ${c.outcome}`)).toEqual(['functions.completeError ok']);
  });

  it('gives a person of another organization named as the step’s person no seat of the host’s paid plan, and tells them why', async () => {
    // A Slack Connect partner who runs a workflow of a shared channel ("Person who used this workflow").
    const host = seedWorkspace(world.slack, 'T0HOSTWF');
    await installThroughBrowser(world, host);
    await endTrial(world, host);
    await buyPlan(world, host, { id: 'sub-host-wf', quantity: 1 });
    world.slack.addTeam({ id: 'T0PARTNERWF', name: 'Partner Inc' });
    const carol = world.slack.addUser({ id: 'UCAROLWF', teamId: 'T0PARTNERWF', name: 'carol', locale: 'en-US' }).id;
    const calls = world.openai.calls.length;

    const execution = await runStep({ prompt: 'Summarize the contract', user_id: carol }, { ws: host });

    await eventually(() => expect(execution.state).toBe('failed'));
    expect(execution.error).toBe(translate('ENTITLEMENT.OTHER_WORKSPACE', {}, 'en'));
    expect(world.openai.calls.length).toBe(calls);
    expect(await repositoriesOf(world).seatAssignments.listByTeam(host.team.id)).toEqual([]);
  });

  it('ends with completeError naming the step’s user when they were deactivated: no model, no seat for the account', async () => {
    // A workflow whose user input is a fixed person (its author) who has left: users.info says `deleted: true`.
    const ws = seedWorkspace(world.slack, 'T0GONEWF');
    await installThroughBrowser(world, ws);
    await endTrial(world, ws);
    await buyPlan(world, ws, { id: 'sub-gone-wf', quantity: 2 });
    const author = world.slack.addUser({ id: 'UAUTHORGONE', teamId: ws.team.id, name: 'hana', locale: 'ja-JP', deleted: true }).id;
    const calls = world.openai.calls.length;

    const execution = await runStep({ prompt: 'Summarize the weekly sales numbers', user_id: author }, { ws });

    await eventually(() => expect(execution.state).toBe('failed'));
    expect(execution.error).toBe(slackText('SLACK.WORKFLOW_USER_GONE', { user: `<@${author}>` }, 'ja'));
    expect(world.openai.calls.length).toBe(calls);
    // Before, a free seat of the plan went to the deactivated account.
    expect(await repositoriesOf(world).seatAssignments.listByTeam(ws.team.id)).toEqual([]);
  });

  it('leaves other apps’ functions alone', async () => {
    const execution = world.slack.startFunctionExecution(world.ws.team.id);
    await sendEvent(world, {
      type: 'function_executed',
      function: { callback_id: 'someone_elses_step' },
      inputs: { prompt: 'hi' },
      function_execution_id: execution.id,
    });
    await settled(world, WORKFLOW);
    expect(execution.state).toBe('running');
    expect(completions(execution.id)).toEqual([]);
  });

  it('hands over no channel-wide or user-group mention in its output, however the model cut it: the workflow may post it anywhere', async () => {
    // `<!here>` arrives as `<!he` and `re>`, `<!subteam^…>` cut in its middle too.
    world.openai.enqueue({ text: 'Reminder <!here>: <!subteam^S0OPS|@ops> owns it.', chunkChars: 13 });
    const execution = await runStep({ prompt: 'Write the reminder from the page', user_id: world.ws.alice });

    await eventually(() => expect(execution.state).toBe('completed'));
    expect(execution.outputs).toEqual({ answer: 'Reminder @\u2060here: @\u2060ops owns it.' });
  });
});
