import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../apps/shared/messages';
import { SLACK_QUEUES } from '../../../apps/shared/slack-jobs';
import { seedWorkspace } from '../../../adapters/slack-emulator/seed-workspace';
import { pdfWithText } from '../../fakes/web/documents';
import { PDF_FACT } from '../../fakes/web/fake-web';
import {
  endTrial,
  eventually,
  installThroughBrowser,
  jobsOf,
  lastPrompt,
  repliesIn,
  repositoriesOf,
  sendEvent,
  settled,
  startSlackAppWorld,
  type SlackAppWorld,
} from './support/slack-app-world';

const REACTIONS = SLACK_QUEUES.slackReaction.name;

describe('Slack app: emoji reactions run their prompt on the message (real server and worker, fakes)', () => {
  let world: SlackAppWorld;

  beforeAll(async () => {
    world = await startSlackAppWorld();
    await installThroughBrowser(world);
  });
  afterAll(() => world.close());

  const react = (reaction: string, message: { ts: string; channel?: string }, user = world.ws.bob, ws = world.ws) =>
    sendEvent(
      world,
      {
        type: 'reaction_added',
        user,
        reaction,
        item_user: ws.alice,
        item: { type: 'message', channel: message.channel ?? ws.channel, ts: message.ts },
        event_ts: `${Date.now() / 1000}`,
      },
      { ws },
    );

  it('translates a message reacted to with a flag, in its thread, counted as a Reaction on the reactor', async () => {
    world.openai.answer('会議は3時に始まります。');
    const message = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: 'The meeting starts at 3pm.' });
    const reactorLookups = () => world.slack.callsTo('users.info').filter((c) => c.params.user === world.ws.bob).length;
    const lookupsBefore = reactorLookups();

    expect((await react('jp', message)).status).toBe(200);

    await eventually(() => expect(repliesIn(world, world.ws.channel, message.ts)).toEqual(['会議は3時に始まります。']));
    const { system, conversation } = lastPrompt(world);
    expect(system).toContain('## Task');
    expect(system).toContain('Translate the message into Japanese');
    expect(conversation).toContain('alice: The meeting starts at 3pm.');
    await eventually(async () =>
      expect(await repositoriesOf(world).usageEvents.tallyByMember(world.ws.team.id, null)).toEqual([
        { memberId: world.ws.bob, channelMention: 0, directMessage: 0, reaction: 1 },
      ]),
    );
    // The reactor's profile (is it a bot? their language, their workspace) is asked of Slack once.
    expect(reactorLookups() - lookupsBefore).toBe(1);
  });

  it('answers once per emoji per message: the same flag again or under its alias adds nothing, another emoji its own answer', async () => {
    world.openai.answer('First translation.');
    const message = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: 'Ship it on Friday.' });
    await react('jp', message, world.ws.bob);
    await eventually(() => expect(repliesIn(world, world.ws.channel, message.ts)).toEqual(['First translation.']));

    await react('flag-jp', message, world.ws.alice);
    await react('jp', message, world.ws.alice);
    world.openai.answer('A short summary.');
    await react('memo', message, world.ws.alice);

    await eventually(() => expect(repliesIn(world, world.ws.channel, message.ts)).toEqual(['First translation.', 'A short summary.']));
    const jobs = await settled(world, REACTIONS);
    const forMessage = jobs.filter((job) => (job.data as { itemTs?: string }).itemTs === message.ts);
    expect(forMessage.map((job) => (job.output as { status?: string; reason?: string }).reason ?? 'answered').sort()).toEqual([
      'answered',
      'answered',
      'duplicate',
      'duplicate',
    ]);
    expect(lastPrompt(world).system).toContain('Summarise the message in three sentences or fewer');
  });

  it('answers in the thread of a reacted reply, and works on a parent with its replies as context', async () => {
    const parent = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: 'Plan for the launch?' });
    const reply = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.bob, text: 'We launch Monday.', threadTs: parent.ts });

    world.openai.answer('On lance lundi.');
    await react('fr', reply, world.ws.alice);
    await eventually(() => expect(repliesIn(world, world.ws.channel, parent.ts)).toEqual(['On lance lundi.']));
    expect(lastPrompt(world).conversation).toBe('user: Bob Baker: We launch Monday.');

    world.openai.answer('Launch plan: Monday.');
    await react('bulb', parent, world.ws.bob);
    await eventually(() => expect(repliesIn(world, world.ws.channel, parent.ts)).toHaveLength(2));
    // The reacted parent comes last, its replies (Tomo's earlier answer included) before it.
    const { conversation, system } = lastPrompt(world);
    expect(conversation.split('\n').at(-1)).toBe('user: alice: Plan for the launch?');
    expect(conversation).toContain('Bob Baker: We launch Monday.');
    expect(system).toContain('The messages before it are the replies in its thread');
  });

  it('reads the file a reacted file share carries, as a mention in its thread would', async () => {
    // Slack shares a file as a message (subtype file_share, `files` on it): a reaction names that message.
    const shared = world.slack.addMessage({
      channel: world.ws.channel,
      user: world.ws.bob,
      text: '',
      subtype: 'file_share',
      files: [{ id: 'F0RPDF1', name: 'q3.pdf', mimetype: 'application/pdf', filetype: 'pdf', content: pdfWithText(['Q3 report', PDF_FACT]) }],
    });
    world.openai.answer('Revenue grew 12 percent.');

    await react('memo', shared, world.ws.alice);

    await eventually(() => expect(repliesIn(world, world.ws.channel, shared.ts)).toEqual(['Revenue grew 12 percent.']));
    expect(lastPrompt(world).conversation).toContain(PDF_FACT);
  });

  /** A custom reaction an admin saved on the Reactions page. */
  function saveCustomReaction(id: string, name: string, prompt: string) {
    return repositoriesOf(world).reactionSettings.save(world.ws.team.id, {
      teamId: world.ws.team.id,
      id,
      name,
      prompt,
      category: 'custom',
      updatedBy: world.ws.alice,
      updatedAt: new Date(),
    });
  }

  it('runs a workspace’s custom reaction with its own prompt', async () => {
    await saveCustomReaction('r-tldr', 'tldr', 'Give a one-line TL;DR of the message.');
    world.openai.answer('TL;DR: budget approved.');
    const message = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: 'After long talks the budget was approved.' });
    await react('tldr', message);
    await eventually(() => expect(repliesIn(world, world.ws.channel, message.ts)).toEqual(['TL;DR: budget approved.']));
    expect(lastPrompt(world).system).toContain('Give a one-line TL;DR of the message.');
  });

  it('runs a custom reaction saved under an alias (thumbsdown) when Slack sends the emoji’s own name with a skin tone (-1::skin-tone-2), once', async () => {
    // Slack names 👎 `-1` in reaction_added whichever name people typed (`thumbsdown` is its alias).
    await saveCustomReaction('r-objection', 'thumbsdown', 'List the objections one could raise to the message.');
    world.openai.answer('It skips the tests.');
    const message = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: 'Let us merge the release branch untested.' });

    await react('-1::skin-tone-2', message, world.ws.bob);
    await eventually(() => expect(repliesIn(world, world.ws.channel, message.ts)).toEqual(['It skips the tests.']));
    expect(lastPrompt(world).system).toContain('List the objections one could raise to the message.');

    await react('-1', message, world.ws.alice);
    const jobs = await settled(world, REACTIONS);
    const outputs = jobs.filter((job) => (job.data as { itemTs?: string }).itemTs === message.ts).map((job) => (job.output as { reason?: string }).reason ?? 'answered');
    expect(outputs.sort()).toEqual(['answered', 'duplicate']);
    expect(repliesIn(world, world.ws.channel, message.ts)).toHaveLength(1);
  });

  it('does nothing for ordinary emoji, for Tomo’s own reactions, or where Tomo is not in the channel', async () => {
    const calls = world.openai.calls.length;
    const message = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: 'Thanks all!' });
    await react('+1', message);
    // Tomo's thinking sign (eyes) and any other reaction by Tomo itself are not even queued.
    await react('jp', message, world.ws.team.botUserId);
    const closed = world.slack.addChannel({ id: 'CCLOSED', teamId: world.ws.team.id, name: 'closed', botIsMember: false });
    const elsewhere = world.slack.addMessage({ channel: closed.id, user: world.ws.alice, text: 'Private matters.' });
    await react('jp', { ts: elsewhere.ts, channel: closed.id });

    const jobs = await settled(world, REACTIONS);
    const outputs = (ts: string) => jobs.filter((job) => (job.data as { itemTs?: string }).itemTs === ts).map((job) => job.output);
    expect(outputs(message.ts)).toEqual([{ status: 'ignored', reason: 'not_a_reaction_prompt' }]);
    expect(outputs(elsewhere.ts)).toEqual([{ status: 'ignored', reason: 'message_not_found' }]);
    expect(world.slack.botReplies(world.ws.channel, message.ts)).toEqual([]);
    expect(world.slack.botReplies(closed.id, elsewhere.ts)).toEqual([]);
    expect(world.openai.calls.length).toBe(calls);
  });

  it('does nothing when a bot reacts, and the same emoji by a person is still answered (a flag-adding bot would loop on Tomo’s answers)', async () => {
    // Slack's reaction_added names a bot reactor by its user id only (no bot_id): another app
    // adding flags to new messages would get each of Tomo's translations translated again.
    const flagger = world.slack.addBot({ teamId: world.ws.team.id, id: 'BFLAGGER', userId: 'UFLAGGER', name: 'Flagger' });
    const calls = world.openai.calls.length;
    const message = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: 'Lunch is at noon.' });

    await react('jp', message, flagger.userId);
    const jobs = await settled(world, REACTIONS);
    const outputs = jobs.filter((job) => (job.data as { itemTs?: string }).itemTs === message.ts).map((job) => job.output);
    expect(outputs).toEqual([{ status: 'ignored', reason: 'bot_reactor' }]);
    expect(world.slack.botReplies(world.ws.channel, message.ts)).toEqual([]);
    expect(world.openai.calls.length).toBe(calls);

    world.openai.answer('昼食は正午です。');
    await react('jp', message, world.ws.bob);
    await eventually(() => expect(repliesIn(world, world.ws.channel, message.ts)).toEqual(['昼食は正午です。']));
  });

  it('does nothing for a reacted message deleted before the job ran, a thread’s parent (Slack’s tombstone) included', async () => {
    const calls = world.openai.calls.length;
    const parent = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: 'Wrong channel, sorry.' });
    world.slack.addMessage({ channel: world.ws.channel, user: world.ws.bob, text: 'No worries.', threadTs: parent.ts });
    const lone = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: 'Typo here.' });
    // Deleted by their author after the reactions: Slack still delivers the reaction_added events.
    world.slack.state.deleteByAuthor(world.ws.channel, parent.ts);
    world.slack.state.deleteByAuthor(world.ws.channel, lone.ts);

    await react('jp', parent, world.ws.bob);
    await react('memo', lone, world.ws.bob);

    const jobs = await settled(world, REACTIONS);
    const outputs = (ts: string) => jobs.filter((job) => (job.data as { itemTs?: string }).itemTs === ts).map((job) => job.output);
    expect(outputs(parent.ts)).toEqual([{ status: 'ignored', reason: 'message_not_found' }]);
    expect(outputs(lone.ts)).toEqual([{ status: 'ignored', reason: 'message_not_found' }]);
    expect(world.slack.botReplies(world.ws.channel, parent.ts)).toEqual([]);
    expect(world.openai.calls.length).toBe(calls);
  });

  it('answers a flag once Tomo is invited, though someone used that flag there before (Slack sends shared channels’ reactions)', async () => {
    const shared = world.slack.addChannel({ id: 'CSHARED', teamId: world.ws.team.id, name: 'shared-with-partner', botIsMember: false });
    world.slack.join(shared.id, world.ws.alice);
    world.slack.join(shared.id, world.ws.bob);
    const message = world.slack.addMessage({ channel: shared.id, user: world.ws.alice, text: 'Our office is closed on Monday.' });
    await react('jp', { ts: message.ts, channel: shared.id }, world.ws.bob);
    await settled(world, REACTIONS);

    world.slack.join(shared.id, world.ws.team.botUserId);
    world.openai.answer('月曜日はオフィスが休みです。');
    await react('jp', { ts: message.ts, channel: shared.id }, world.ws.bob);

    await eventually(() => expect(repliesIn(world, shared.id, message.ts)).toEqual(['月曜日はオフィスが休みです。']));
  });

  it('tells only the reactor, in their language, when the trial is over; nothing public, no model asked', async () => {
    const other = seedWorkspace(world.slack, 'T0REACT');
    await installThroughBrowser(world, other);
    await endTrial(world, other);
    const calls = world.openai.calls.length;
    const message = world.slack.addMessage({ channel: other.channel, user: other.alice, text: 'Bonjour tout le monde' });

    await react('jp', message, other.bob, other);

    await eventually(() =>
      expect(world.slack.ephemeralsFor(other.bob)).toEqual([
        expect.objectContaining({
          channel: other.channel,
          text: translate('ENTITLEMENT.TRIAL_OVER', { pricingUrl: `${world.app.config.PUBLIC_URL}/ja/pricing` }, 'ja'),
        }),
      ]),
    );
    expect(world.slack.botReplies(other.channel, message.ts)).toEqual([]);
    expect(world.openai.calls.length).toBe(calls);
    // The job completes (and stores its output) just after the refusal is posted.
    await eventually(async () =>
      expect((await jobsOf(world, REACTIONS)).some((job) => (job.output as { status?: string } | null)?.status === 'denied')).toBe(true),
    );
  });

  it('answers the next person’s same emoji after a refusal: the refusal, shown to its reactor only, does not spend the message’s one answer', async () => {
    const ws = seedWorkspace(world.slack, 'T0REACTLIM');
    await installThroughBrowser(world, ws);
    // Bob has used the trial's 20 requests this month; Alice has used none.
    const { subscriptions, usageEvents } = repositoriesOf(world);
    const trial = (await subscriptions.listByTeam(ws.team.id)).find((s) => s.kind === 'trial')!;
    for (let i = 0; i < 20; i += 1) {
      await usageEvents.record(ws.team.id, { id: randomUUID(), teamId: ws.team.id, memberId: ws.bob, subscriptionId: trial.id, kind: 'reaction', occurredAt: new Date() });
    }
    const message = world.slack.addMessage({ channel: ws.channel, user: ws.alice, text: 'The release moves to Tuesday.' });

    await react('jp', message, ws.bob, ws);
    await eventually(() =>
      expect(world.slack.ephemeralsFor(ws.bob)).toEqual([expect.objectContaining({ channel: ws.channel, text: expect.stringMatching(/^今月のプランのリクエスト上限（20回）に達しました。/) })]),
    );
    await settled(world, REACTIONS);
    expect(world.slack.botReplies(ws.channel, message.ts)).toEqual([]);

    world.openai.answer('リリースは火曜日に変更されます。');
    await react('jp', message, ws.alice, ws);

    await eventually(() => expect(repliesIn(world, ws.channel, message.ts)).toEqual(['リリースは火曜日に変更されます。']));
    await settled(world, REACTIONS);
    // Answered once: Alice's reaction again changes nothing, and Bob saw his refusal once.
    await react('jp', message, ws.alice, ws);
    await settled(world, REACTIONS);
    expect(repliesIn(world, ws.channel, message.ts)).toEqual(['リリースは火曜日に変更されます。']);
    expect(world.slack.ephemeralsFor(ws.bob)).toHaveLength(1);
    expect(world.slack.ephemeralsFor(ws.alice)).toEqual([]);
  });

  it('answers two people’s same emoji once when the second one’s job is a retry: it does not take over the first one’s answer in progress', async () => {
    // Fresh people: their profiles are in no worker's cache, so each job asks users.info.
    const first = world.slack.addUser({ id: 'UREACTFIRST', teamId: world.ws.team.id, name: 'fiona' }).id;
    const second = world.slack.addUser({ id: 'UREACTSECOND', teamId: world.ws.team.id, name: 'gus' }).id;
    const message = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: 'The office is closed on Monday.' });
    world.openai.answer('月曜日はオフィスが休みです。');
    const calls = world.openai.calls.length;
    const deleted = world.slack.state.deleted.length;
    // The first reactor's answer is under way (claimed, its stream about to start)…
    const held = world.slack.holdNext('chat.startStream');
    await react('jp', message, first);
    await held.arrived;
    // …when the second's job, its first attempt failed on Slack (users.info refused), is retried.
    world.slack.failNext('users.info', 'internal_error');
    await react('jp', message, second);
    await eventually(async () => {
      const jobs = (await jobsOf(world, REACTIONS)).filter((job) => (job.data as { userId?: string }).userId === second);
      expect(jobs.map((job) => job.state)).toEqual(['completed']);
    });
    held.release();

    await eventually(() => expect(repliesIn(world, world.ws.channel, message.ts)).toEqual(['月曜日はオフィスが休みです。']));
    await settled(world, REACTIONS);
    expect(repliesIn(world, world.ws.channel, message.ts)).toEqual(['月曜日はオフィスが休みです。']);
    // Asked once, on the first reactor's seat.
    expect(world.openai.calls.length - calls).toBe(1);
    const reactorsUsage = (await repositoriesOf(world).usageEvents.tallyByMember(world.ws.team.id, null)).filter((row) => [first, second].includes(row.memberId));
    expect(reactorsUsage).toEqual([{ memberId: first, channelMention: 0, directMessage: 0, reaction: 1 }]);
    // Nothing posted and taken back (before, the retry took the delivery over: the first answer was deleted and the model asked again).
    expect(world.slack.state.deleted.length).toBe(deleted);
  });

  /** A workspace whose trial is over, with a message to react to; the refusal's text in its reactor's language. */
  const refusingWorkspace = async (teamId: string) => {
    const ws = seedWorkspace(world.slack, teamId);
    await installThroughBrowser(world, ws);
    await endTrial(world, ws);
    const message = world.slack.addMessage({ channel: ws.channel, user: ws.alice, text: 'Hello there' });
    const refusal = translate('ENTITLEMENT.TRIAL_OVER', { pricingUrl: `${world.app.config.PUBLIC_URL}/ja/pricing` }, 'ja');
    const jobFor = async () => (await jobsOf(world, REACTIONS)).filter((job) => (job.data as { itemTs?: string }).itemTs === message.ts);
    return { ws, message, refusal, jobFor };
  };

  it('shows a refusal once though its job is retried after Slack took the post in but its reply never came (an ephemeral cannot be deleted)', async () => {
    const { ws, message, refusal, jobFor } = await refusingWorkspace('T0REFONCE');
    // Slack shows the refusal at once but answers after the caller's 10 s have passed: the attempt fails and is retried.
    world.slack.answerLate('chat.postEphemeral', 12_000);

    await react('jp', message, ws.bob, ws);

    await eventually(async () => expect((await jobFor()).map((job) => [job.state, job.retryCount])).toEqual([['completed', 1]]), 40_000);
    expect(world.slack.ephemeralsFor(ws.bob).map((e) => e.text)).toEqual([refusal]);
  }, 60_000);

  it('still shows a refusal Slack refused the first time: the retry posts it (nothing was shown)', async () => {
    const { ws, message, refusal, jobFor } = await refusingWorkspace('T0REFAGAIN');
    world.slack.failNext('chat.postEphemeral', 'fatal_error');

    await react('jp', message, ws.bob, ws);

    await eventually(async () => expect((await jobFor()).map((job) => [job.state, job.retryCount])).toEqual([['completed', 1]]), 30_000);
    expect(world.slack.ephemeralsFor(ws.bob).map((e) => e.text)).toEqual([refusal]);
  }, 45_000);
});
