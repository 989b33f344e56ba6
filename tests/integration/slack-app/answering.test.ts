import { dumpTables } from '../../support/table-dump';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgRepositories } from '../../../adapters/postgres/pg-repositories';
import { fileDownloadPath } from '../../../adapters/slack-emulator/slack-web-api';
import { AesGcmSecretBox } from '../../../adapters/crypto';
import {
  eventually,
  installThroughBrowser,
  jobsOf,
  lastPrompt,
  mention,
  messageEvent,
  repliesIn,
  sendEvent,
  settled,
  startSlackAppWorld,
  type SlackAppWorld,
} from './support/slack-app-world';

describe('Slack app: install, then answers in threads (real server and worker, Slack and LLM fakes)', () => {
  let world: SlackAppWorld;

  beforeAll(async () => {
    world = await startSlackAppWorld();
    const installed = await installThroughBrowser(world);
    expect(installed.status).toBe(200);
    expect(await installed.text()).toContain('Your free 14-day trial has started');
  });
  afterAll(() => world.close());

  it('answers a mention in the channel with the model’s words, streamed into the message’s thread', async () => {
    world.openai.answer('Paris is the capital of France.');
    const question = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: `<@${world.ws.team.botUserId}> capital?` });

    expect((await sendEvent(world, mention(world, { ts: question.ts, channel: world.ws.channel }))).status).toBe(200);

    await eventually(() => expect(repliesIn(world, world.ws.channel, question.ts)).toEqual(['Paris is the capital of France.']));
    const [reply] = world.slack.botReplies(world.ws.channel, question.ts);
    expect(reply).toMatchObject({ format: 'stream', streamState: 'stopped', threadTs: question.ts, username: 'Tomo' });
    // Thinking was shown, then cleared.
    expect(world.slack.callsTo('assistant.threads.setStatus').map((c) => c.params.status)).toContain('is thinking…');
    expect(world.slack.statusOf(world.ws.channel, question.ts)).toBe('');
    // The model got the thread with the asker's name, the composed instructions, and the plan's model.
    const call = world.openai.calls.at(-1)!;
    expect(call.model).toBe('gpt-5');
    expect(JSON.stringify(call.body.messages)).toContain('alice: @Tomo capital?');
  });

  it('records one usage event and one egress record, with counts and no text', async () => {
    const repositories = createPgRepositories(world.app.database.orm, AesGcmSecretBox.fromEnv(world.app.config.ENCRYPTION_KEY!));
    await eventually(async () => {
      const tally = await repositories.usageEvents.tallyByMember(world.ws.team.id, null);
      expect(tally).toEqual([{ memberId: world.ws.alice, channelMention: 1, directMessage: 0, reaction: 0 }]);
    });
    const audit = await repositories.egressAudit.list(world.ws.team.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ memberId: world.ws.alice, provider: 'openai', model: 'gpt-5', sourceKinds: ['thread', 'instructions'] });
    expect(audit[0]!.inputTokens).toBeGreaterThan(0);
    expect(audit[0]!.outputTokens).toBeGreaterThan(0);
  });

  it('keeps no question or answer text in any table or job', async () => {
    await settled(world);
    const dumps = await dumpTables(world.app.db.url);
    expect(dumps.length).toBeGreaterThan(10);
    for (const { table, dump } of dumps) {
      expect(dump, table).not.toContain('capital');
      expect(dump, table).not.toContain('Paris');
    }
  });

  it('answers a top-level DM in a thread under it', async () => {
    world.openai.answer('Here is your summary.');
    const dm = world.slack.addMessage({ channel: world.ws.dm, user: world.ws.alice, text: 'Summarise my week' });

    await sendEvent(world, messageEvent(world, { ts: dm.ts, channel: world.ws.dm, channelType: 'im' }));

    await eventually(() => expect(repliesIn(world, world.ws.dm, dm.ts)).toEqual(['Here is your summary.']));
    expect(world.slack.botReplies(world.ws.dm, dm.ts)[0]!.threadTs).toBe(dm.ts);
  });

  it('answers a /me message (subtype me_message) in a DM and in a thread it answers in: a person wrote it', async () => {
    // Slack sends `/me is stuck on the deploy` as a message with subtype me_message, user and text.
    world.openai.answer('Try the rollback.');
    const dm = world.slack.addMessage({ channel: world.ws.dm, user: world.ws.alice, text: 'is stuck on the deploy', subtype: 'me_message' });
    await sendEvent(world, messageEvent(world, { ts: dm.ts, channel: world.ws.dm, channelType: 'im', text: dm.text }, { subtype: 'me_message' }));
    await eventually(() => expect(repliesIn(world, world.ws.dm, dm.ts)).toEqual(['Try the rollback.']));

    // In a channel thread Tomo answers in, a /me reply is a follow-up like any other.
    world.openai.answer('Started.');
    const parent = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: `<@${world.ws.team.botUserId}> start the deploy` });
    await sendEvent(world, mention(world, { ts: parent.ts, channel: world.ws.channel }));
    await eventually(() => expect(repliesIn(world, world.ws.channel, parent.ts)).toEqual(['Started.']));
    world.openai.answer('Then check the logs.');
    const reply = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.bob, text: 'sees it failing', threadTs: parent.ts, subtype: 'me_message' });
    await sendEvent(
      world,
      messageEvent(world, { ts: reply.ts, channel: world.ws.channel, channelType: 'channel', user: world.ws.bob, threadTs: parent.ts, text: reply.text }, { subtype: 'me_message' }),
    );
    await eventually(() => expect(repliesIn(world, world.ws.channel, parent.ts)).toEqual(['Started.', 'Then check the logs.']));
  });

  it('gives the model what the person typed, not Slack’s escaping of &, < and > (text arrives as &amp;, &lt;, &gt;)', async () => {
    world.openai.answer('Use a generic bound.');
    // Typed: "why does List<String> fail when a && b > 0?" Slack's text escapes the three control characters.
    const question = world.slack.addMessage({
      channel: world.ws.channel,
      user: world.ws.alice,
      text: `<@${world.ws.team.botUserId}> why does List&lt;String&gt; fail when a &amp;&amp; b &gt; 0? (I typed &amp;lt; once)`,
    });
    await sendEvent(world, { ...mention(world, { ts: question.ts, channel: world.ws.channel }), text: question.text });
    await eventually(() => expect(repliesIn(world, world.ws.channel, question.ts)).toEqual(['Use a generic bound.']));
    expect(lastPrompt(world).conversation).toContain('why does List<String> fail when a && b > 0? (I typed &lt; once)');
  });

  it('reads a message forwarded to it (Slack’s share: an is_share attachment), not only the words typed beside it', async () => {
    world.openai.answer('It says the launch moved to Friday.');
    // "Forward message" into the DM with a comment: the comment is the text, the forwarded message
    // an attachment with is_share, its permalink in from_url, as Slack shapes shares.
    const permalink = `https://acme.slack.com/archives/${world.ws.channel}/p1700000000000100`;
    const forward = world.slack.addMessage({
      channel: world.ws.dm,
      user: world.ws.alice,
      text: 'what does this say?',
      attachments: [
        {
          is_share: true,
          is_msg_unfurl: true,
          author_id: world.ws.bob,
          author_name: 'bob',
          channel_id: world.ws.channel,
          channel_name: 'general',
          ts: '1700000000.000100',
          text: 'The launch moved to Friday &amp; the demo to Monday.',
          fallback: '[November 14th, 2023 10:13 PM] bob: The launch moved to Friday &amp; the demo to Monday.',
          from_url: permalink,
          original_url: permalink,
          footer: 'Posted in #general',
        },
      ],
    });
    await sendEvent(world, messageEvent(world, { ts: forward.ts, channel: world.ws.dm, channelType: 'im', text: forward.text }));
    await eventually(() => expect(repliesIn(world, world.ws.dm, forward.ts)).toEqual(['It says the launch moved to Friday.']));
    const { conversation } = lastPrompt(world);
    expect(conversation).toContain('what does this say?');
    expect(conversation).toContain('Forwarded message from @Bob Baker:\nThe launch moved to Friday & the demo to Monday.');
  });

  it('reads the file of a message forwarded to it (the share attachment lists it under files)', async () => {
    world.openai.answer('The notes say the budget is 40k.');
    const { ws } = world;
    const notes = { id: 'F0NOTES01', name: 'notes.txt', mimetype: 'text/plain', filetype: 'text', content: Buffer.from('Budget for the offsite: 40k.') };
    const original = world.slack.addMessage({ channel: ws.channel, user: ws.bob, text: '', files: [notes], subtype: 'file_share' });
    const permalink = `https://acme.slack.com/archives/${ws.channel}/p${original.ts.replace('.', '')}`;
    // The file as Slack lists it in the share: the same object a message's `files` holds.
    const listed = {
      id: notes.id,
      name: notes.name,
      title: notes.name,
      mimetype: notes.mimetype,
      filetype: notes.filetype,
      size: notes.content.length,
      mode: 'hosted',
      url_private_download: `${world.slack.origin}${fileDownloadPath(ws.team, notes)}`,
    };
    const share = { is_share: true, author_id: ws.bob, ts: original.ts, text: '', files: [listed], from_url: permalink, original_url: permalink, fallback: '[file] notes.txt' };
    const forward = world.slack.addMessage({ channel: ws.dm, user: ws.alice, text: 'what is the budget in here?', attachments: [share] });
    await sendEvent(world, messageEvent(world, { ts: forward.ts, channel: ws.dm, channelType: 'im', text: forward.text }, { attachments: [share] }));
    await eventually(() => expect(repliesIn(world, ws.dm, forward.ts)).toEqual(['The notes say the budget is 40k.']));
    expect(JSON.stringify(world.openai.calls.at(-1)!.body.messages)).toContain('Budget for the offsite: 40k.');
  });

  it('answers a follow-up that forwards a message mentioning it: Slack sends no app_mention for the forward', async () => {
    world.openai.answer('On it.');
    const { ws } = world;
    const parent = world.slack.addMessage({ channel: ws.channel, user: ws.alice, text: `<@${ws.team.botUserId}> track the launch` });
    await sendEvent(world, mention(world, { ts: parent.ts, channel: ws.channel }));
    await eventually(() => expect(repliesIn(world, ws.channel, parent.ts)).toEqual(['On it.']));

    world.openai.answer('Bob asked you earlier; it moved to Friday.');
    const permalink = `https://acme.slack.com/archives/${ws.channel}/p1700000000000200`;
    const share = { is_share: true, author_id: ws.bob, text: `<@${ws.team.botUserId}> when is the launch?`, from_url: permalink, original_url: permalink };
    const reply = world.slack.addMessage({ channel: ws.channel, user: ws.alice, text: 'see this', threadTs: parent.ts, attachments: [share] });
    await sendEvent(
      world,
      messageEvent(world, { ts: reply.ts, channel: ws.channel, channelType: 'channel', threadTs: parent.ts, text: reply.text }, { attachments: [share] }),
    );
    await eventually(() => expect(repliesIn(world, ws.channel, parent.ts)).toEqual(['On it.', 'Bob asked you earlier; it moved to Friday.']));
  });

  it('answers a follow-up in a thread it answers in, without a new mention', async () => {
    world.openai.answer('First answer.');
    const parent = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: `<@${world.ws.team.botUserId}> start` });
    await sendEvent(world, mention(world, { ts: parent.ts, channel: world.ws.channel }));
    await eventually(() => expect(repliesIn(world, world.ws.channel, parent.ts)).toEqual(['First answer.']));

    world.openai.answer('Second answer.');
    const followUp = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.bob, text: 'and then?', threadTs: parent.ts });
    await sendEvent(
      world,
      messageEvent(world, { ts: followUp.ts, channel: world.ws.channel, channelType: 'channel', user: world.ws.bob, threadTs: parent.ts }),
    );

    await eventually(() => expect(repliesIn(world, world.ws.channel, parent.ts)).toEqual(['First answer.', 'Second answer.']));
    // Earlier turns went along: instructions, parent, Tomo's answer, the follow-up.
    const roles = (world.openai.calls.at(-1)!.body.messages as { role: string }[]).map((m) => m.role);
    expect(roles).toEqual(['system', 'user', 'assistant', 'user']);
  });

  it('answers a follow-up that mentions someone whose user id starts with its own (Slack ids differ in length): no app_mention comes for it', async () => {
    const { ws } = world;
    // Slack user ids are `U` and 8 or 10 characters; a longer one may begin with Tomo's.
    const lookalike = world.slack.addUser({ id: `${ws.team.botUserId}X2`, teamId: ws.team.id, name: 'dana', realName: 'Dana' });
    world.openai.answer('Started.');
    const parent = world.slack.addMessage({ channel: ws.channel, user: ws.alice, text: `<@${ws.team.botUserId}> plan the launch` });
    await sendEvent(world, mention(world, { ts: parent.ts, channel: ws.channel }));
    await eventually(() => expect(repliesIn(world, ws.channel, parent.ts)).toEqual(['Started.']));

    world.openai.answer('Dana owns the launch date.');
    const text = `who decides the date, <@${lookalike.id}>?`;
    const followUp = world.slack.addMessage({ channel: ws.channel, user: ws.bob, text, threadTs: parent.ts });
    // The message mentions Dana, not Tomo: Slack sends the channel message event only.
    const status = await sendEvent(
      world,
      messageEvent(world, { ts: followUp.ts, channel: ws.channel, channelType: 'channel', user: ws.bob, threadTs: parent.ts, text }),
    );
    expect(status.status).toBe(200);
    // Before, `<@TOMO…X2>` counted as a mention of Tomo: the follow-up was dropped as one the
    // app_mention would answer, and none ever came.
    await eventually(() => expect(repliesIn(world, ws.channel, parent.ts)).toEqual(['Started.', 'Dana owns the launch date.']));
  });

  it('answers a mention in a group DM that comes only as message.mpim, and once when app_mention comes too', async () => {
    const { ws } = world;
    // A group DM is a private conversation (G…) of its members; Slack's event says `channel_type: 'mpim'`.
    const group = world.slack.addChannel({ id: 'G0GROUPDM1', teamId: ws.team.id, isPrivate: true, members: [ws.alice, ws.bob, ws.team.botUserId] });
    const asked = (ts: string, threadTs?: string) =>
      messageEvent(world, { ts, channel: group.id, channelType: 'channel', text: `<@${ws.team.botUserId}> what did we decide?`, ...(threadTs ? { threadTs } : {}) }, { channel_type: 'mpim' });

    // Group-DM mentions are reported to come as message.mpim alone (no app_mention twin): answered.
    world.openai.answer('You chose Friday.');
    const top = world.slack.addMessage({ channel: group.id, user: ws.alice, text: `<@${ws.team.botUserId}> what did we decide?` });
    expect((await sendEvent(world, asked(top.ts))).status).toBe(200);
    await eventually(() => expect(repliesIn(world, group.id, top.ts)).toEqual(['You chose Friday.']));

    // Where Slack sends both (as bolt-js#817 saw in 2021), in either order: one answer.
    world.openai.answer('Still Friday.');
    const again = world.slack.addMessage({ channel: group.id, user: ws.alice, text: `<@${ws.team.botUserId}> what did we decide?`, threadTs: top.ts });
    expect((await sendEvent(world, asked(again.ts, top.ts))).status).toBe(200);
    expect((await sendEvent(world, mention(world, { ts: again.ts, channel: group.id, threadTs: top.ts }))).status).toBe(200);
    await eventually(() => expect(repliesIn(world, group.id, top.ts)).toEqual(['You chose Friday.', 'Still Friday.']));
    world.openai.answer('Friday, as agreed.');
    const third = world.slack.addMessage({ channel: group.id, user: ws.alice, text: `<@${ws.team.botUserId}> what did we decide?`, threadTs: top.ts });
    expect((await sendEvent(world, mention(world, { ts: third.ts, channel: group.id, threadTs: top.ts }))).status).toBe(200);
    expect((await sendEvent(world, asked(third.ts, top.ts))).status).toBe(200);
    const all = ['You chose Friday.', 'Still Friday.', 'Friday, as agreed.'];
    await eventually(() => expect(repliesIn(world, group.id, top.ts)).toEqual(all));
    await settled(world);
    expect(repliesIn(world, group.id, top.ts)).toEqual(all);
  });

  it('answers once a thread reply mentioning it, when the events name a person who authorized Tomo, the message event first', async () => {
    // Slack's `authorizations` holds one party the event is visible to, not necessarily Tomo's bot.
    const asAlice = { authorizations: [{ enterprise_id: null, team_id: world.ws.team.id, user_id: world.ws.alice, is_bot: false }] };
    world.openai.answer('Here is the answer.');
    const parent = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: 'people talking' });
    const text = `<@${world.ws.team.botUserId}> can you answer this?`;
    const reply = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.bob, text, threadTs: parent.ts });

    const asMessage = messageEvent(world, { ts: reply.ts, channel: world.ws.channel, channelType: 'channel', user: world.ws.bob, threadTs: parent.ts, text });
    expect((await sendEvent(world, asMessage, asAlice)).status).toBe(200);
    const asMention = { ...mention(world, { ts: reply.ts, channel: world.ws.channel, user: world.ws.bob, threadTs: parent.ts }), text };
    expect((await sendEvent(world, asMention, asAlice)).status).toBe(200);

    await eventually(() => expect(repliesIn(world, world.ws.channel, parent.ts)).toEqual(['Here is the answer.']));
    await settled(world);
    expect(repliesIn(world, world.ws.channel, parent.ts)).toEqual(['Here is the answer.']);
  });

  it('answers a thread reply whose only mention of it is in its rich_text blocks (empty text), the message event first', async () => {
    // Some integrations post blocks only: `text` is empty and the mention is a rich_text `user`
    // element. Read as a follow-up, the message event would take the message's job key and the
    // app_mention that follows would be dropped as its duplicate.
    world.openai.answer('The deadline is Monday.');
    const parent = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: 'planning the launch' });
    const blocks = [
      {
        type: 'rich_text',
        block_id: 'q1',
        elements: [{ type: 'rich_text_section', elements: [{ type: 'user', user_id: world.ws.team.botUserId }, { type: 'text', text: ' what is the deadline?' }] }],
      },
    ];
    const reply = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.bob, text: '', blocks, threadTs: parent.ts });

    const asMessage = messageEvent(world, { ts: reply.ts, channel: world.ws.channel, channelType: 'channel', user: world.ws.bob, threadTs: parent.ts, text: '' }, { blocks });
    expect((await sendEvent(world, asMessage)).status).toBe(200);
    const asMention = { ...mention(world, { ts: reply.ts, channel: world.ws.channel, user: world.ws.bob, threadTs: parent.ts }), text: '', blocks };
    expect((await sendEvent(world, asMention)).status).toBe(200);

    await eventually(() => expect(repliesIn(world, world.ws.channel, parent.ts)).toEqual(['The deadline is Monday.']));
    await settled(world);
    expect(repliesIn(world, world.ws.channel, parent.ts)).toEqual(['The deadline is Monday.']);
  });

  it('stays out of threads it is not in, its own messages and edits', async () => {
    const before = world.openai.calls.length;
    const parent = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: 'people talking' });
    const reply = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.bob, text: 'just us', threadTs: parent.ts });
    await sendEvent(world, messageEvent(world, { ts: reply.ts, channel: world.ws.channel, channelType: 'channel', threadTs: parent.ts }));
    // Tomo's own streamed answer and an edit echo never become jobs.
    const own = await sendEvent(
      world,
      messageEvent(world, { ts: reply.ts, channel: world.ws.dm, channelType: 'im', user: world.ws.team.botUserId }, { bot_id: world.ws.team.botId }),
    );
    expect(own.status).toBe(200);
    await sendEvent(world, messageEvent(world, { ts: reply.ts, channel: world.ws.dm, channelType: 'im' }, { subtype: 'message_changed' }));

    const jobs = await settled(world);
    const forThread = jobs.filter((job) => (job.data as { ts?: string }).ts === reply.ts);
    expect(forThread).toHaveLength(1); // only the follow-up candidate, which the worker declined
    expect(forThread[0]!.output).toMatchObject({ status: 'ignored', reason: 'tomo_not_in_thread' });
    expect(world.slack.botReplies(world.ws.channel, parent.ts)).toEqual([]);
    expect(world.openai.calls.length).toBe(before);
    expect(await jobsOf(world)).toHaveLength(jobs.length);
  });
  /** Slack's app_mention for an edit of a message that mentions Tomo: the same ts, a new event id, `edited`. */
  const edited = (event: Record<string, unknown>, text: string) => ({ ...event, text, edited: { user: world.ws.alice, ts: `${Date.now() / 1000}` } });

  it('answers a mention once however often it is edited, also once its first job has left the queue', async () => {
    world.openai.answer('The office opens at nine.');
    const { ws } = world;
    const question = world.slack.addMessage({ channel: ws.channel, user: ws.alice, text: `<@${ws.team.botUserId}> when does the offcie open?` });
    const asked = mention(world, { ts: question.ts, channel: ws.channel });
    await sendEvent(world, asked);
    await eventually(() => expect(repliesIn(world, ws.channel, question.ts)).toEqual(['The office opens at nine.']));
    const jobs = await settled(world);
    const calls = world.openai.calls.length;

    // pg-boss deletes finished jobs after a while: the message's first job is gone.
    const first = jobs.filter((job) => (job.data as { ts?: string }).ts === question.ts);
    await world.app.queue.boss.deleteJob(first[0]!.name, first.map((job) => job.id));
    // A typo fixed, then a second edit: Slack sends the mention again each time.
    question.text = `<@${ws.team.botUserId}> when does the office open?`;
    await sendEvent(world, edited(asked, question.text));
    await sendEvent(world, edited(asked, `${question.text} (asking for a visitor)`));
    await settled(world);

    expect(repliesIn(world, ws.channel, question.ts)).toEqual(['The office opens at nine.']);
    expect(world.openai.calls.length).toBe(calls);
  });

  it('answers once a thread reply edited to mention it where it had not answered', async () => {
    world.openai.answer('The release is on Thursday.');
    const { ws } = world;
    const parent = world.slack.addMessage({ channel: ws.channel, user: ws.alice, text: 'release planning' });
    const reply = world.slack.addMessage({ channel: ws.channel, user: ws.bob, text: 'when is the release?', threadTs: parent.ts });
    await sendEvent(world, messageEvent(world, { ts: reply.ts, channel: ws.channel, channelType: 'channel', threadTs: parent.ts, user: ws.bob }));
    const declined = (await settled(world)).filter((job) => (job.data as { ts?: string }).ts === reply.ts);
    expect(declined.map((job) => job.output)).toEqual([{ status: 'ignored', reason: 'tomo_not_in_thread' }]);

    // Bob forgot to ask Tomo and edits his reply to mention it (its first job still in the queue).
    reply.text = `<@${ws.team.botUserId}> when is the release?`;
    const asked = { ...mention(world, { ts: reply.ts, channel: ws.channel, user: ws.bob, threadTs: parent.ts }), text: reply.text };
    await sendEvent(world, edited(asked, reply.text));
    await eventually(() => expect(repliesIn(world, ws.channel, parent.ts)).toEqual(['The release is on Thursday.']));
    // Edited again: no second answer.
    await sendEvent(world, edited(asked, `${reply.text} (the mobile one)`));
    await settled(world);
    expect(repliesIn(world, ws.channel, parent.ts)).toEqual(['The release is on Thursday.']);
  });
  it('never notifies the channel or a user group the model wrote, even cut between two stream pieces: it reads as an inert @name', async () => {
    // What a page Tomo read might have told the model to write; the person mentioned stays a mention.
    const written = `Heads up <!channel>: <!subteam^S0DESIGN|@design> and <!here|here>, ask <@${world.ws.bob}>. Code: \`<!everyone>\``;
    const joiner = '\u2060';
    const shown = `Heads up @${joiner}channel: @${joiner}design and @${joiner}here, ask <@${world.ws.bob}>. Code: \`@${joiner}everyone\``;
    for (const streaming of [true, false]) {
      world.slack.settings.streamingSupported = streaming;
      // Five characters a piece: `<!channel>` arrives as `<!cha` and `nnel>`.
      world.openai.enqueue({ text: written, chunkChars: 5 });
      const mark = world.slack.calls.length;
      const question = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: `<@${world.ws.team.botUserId}> summarise that page` });
      await sendEvent(world, mention(world, { ts: question.ts, channel: world.ws.channel }));

      await eventually(() => expect(repliesIn(world, world.ws.channel, question.ts)).toEqual([shown]));
      const sent = world.slack.calls
        .slice(mark)
        .filter((c) => c.method.startsWith('chat.') && c.params.channel === world.ws.channel)
        .map((c) => String(c.params.markdown_text ?? c.params.text ?? ''));
      expect(sent.join(''), streaming ? 'streamed' : 'posted and edited').not.toMatch(/<!(channel|here|everyone|subteam)/);
    }
    world.slack.settings.streamingSupported = true;
  });
});
