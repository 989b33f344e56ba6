import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FakeMessage } from '../../../adapters/slack-emulator/fake-slack';
import {
  eventually,
  installThroughBrowser,
  mention,
  messageEvent,
  repliesIn,
  repositoriesOf,
  sendEvent,
  settled,
  startSlackAppWorld,
  type SlackAppWorld,
} from './support/slack-app-world';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** What a person sees in the thread: Tomo's messages with files, and its words. */
function botMessages(world: SlackAppWorld, channel: string, threadTs: string): FakeMessage[] {
  return world.slack.botReplies(channel, threadTs).filter((m) => m.streamState !== 'streaming');
}

describe('Image generation through the real server and worker (Slack and OpenAI fakes)', () => {
  let world: SlackAppWorld;
  const statuses = () => world.slack.callsTo('assistant.threads.setStatus').map((c) => c.params.status);

  beforeAll(async () => {
    world = await startSlackAppWorld({ IMAGE_TIMEOUT_MS: '1500' });
    expect((await installThroughBrowser(world)).status).toBe(200);
  });
  afterAll(async () => world.close());
  beforeEach(() => world.openai.reset());

  /** A person mentions Tomo in the channel with `text`; resolves once the job is done. */
  async function ask(text: string, user = world.ws.alice) {
    const { ws } = world;
    const question = world.slack.addMessage({ channel: ws.channel, user, text: `<@${ws.team.botUserId}> ${text}` });
    await sendEvent(world, mention(world, { ts: question.ts, channel: ws.channel, user }));
    await eventually(() => expect(botMessages(world, ws.channel, question.ts).length).toBeGreaterThan(0), 20_000);
    await settled(world);
    return { question, messages: botMessages(world, ws.channel, question.ts) };
  }

  it('"draw …" asked directly: four distinct PNGs in ONE message in the thread, no model asked, counted as usage', async () => {
    const llmCallsBefore = world.openai.calls.length;
    const imageCallsBefore = world.openai.imageCalls.length;

    const { question, messages } = await ask('draw a lighthouse at dusk, watercolour');

    expect(messages).toHaveLength(1);
    const [posted] = messages;
    expect(posted!.text).toBe('Here are 4 images for: a lighthouse at dusk, watercolour');
    expect(posted!.threadTs).toBe(question.ts);
    expect(posted!.files).toHaveLength(4);
    for (const file of posted!.files!) {
      expect(file.mimetype).toBe('image/png');
      expect(file.name).toMatch(/^tomo-image-[1-4]\.png$/);
      expect(file.content.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      expect(file.content.length).toBeGreaterThan(100);
    }
    // Four different pictures, each byte for byte what the provider returned.
    expect(new Set(posted!.files!.map((f) => f.content.toString('base64'))).size).toBe(4);
    const uploads = [...world.slack.uploads.values()].filter((u) => posted!.files!.some((f) => f.id === u.id));
    expect(uploads.map((u) => u.length)).toEqual(posted!.files!.map((f) => f.content.length));
    // One upload flow: four upload URLs, one completion carrying all four files.
    const completions = world.slack.callsTo('files.completeUploadExternal').filter((c) => c.outcome === 'ok');
    expect(JSON.parse(completions.at(-1)!.params.files!)).toHaveLength(4);

    expect(world.openai.calls.length).toBe(llmCallsBefore);
    expect(world.openai.imageCalls.slice(imageCallsBefore)).toEqual([
      { model: 'gpt-image-1', prompt: 'a lighthouse at dusk, watercolour', n: 4, responseFormat: undefined, size: undefined },
    ]);
    expect(statuses()).toContain('is drawing 4 images…');
    const repositories = repositoriesOf(world);
    const tally = await repositories.usageEvents.tallyByMember(world.ws.team.id, null);
    expect(tally.find((t) => t.memberId === world.ws.alice)).toMatchObject({ channelMention: 1 });
    const [audit] = await repositories.egressAudit.list(world.ws.team.id, { limit: 1 });
    expect(audit).toMatchObject({ provider: 'openai', model: 'gpt-image-1', sourceKinds: ['image_prompt'], inputTokens: null });
  });

  it('the model calls generate_image when asked for a picture: the images land in the thread, then its words', async () => {
    world.openai.enqueue(
      { toolCalls: [{ name: 'generate_image', arguments: { prompt: 'A friendly robot watering tomato plants, flat illustration' } }] },
      { text: 'Here you go: four variants above.' },
    );

    const { messages } = await ask('could you make us a mascot? a robot gardener would be nice');

    const [first, second] = world.openai.calls.slice(-2).map((c) => c.prompt);
    expect(first!.tools).toContain('generate_image');
    expect(second!.turns.at(-1)).toMatchObject({ role: 'tool' });
    expect(second!.turns.at(-1)!.text).toContain('4 images were posted');
    expect(messages.map((m) => m.files?.length ?? 0)).toEqual([4, 0]);
    expect(messages[1]!.text).toBe('Here you go: four variants above.');
    expect(world.openai.imageCalls.at(-1)).toMatchObject({ prompt: 'A friendly robot watering tomato plants, flat illustration', n: 4 });
    expect(statuses()).toContain('is drawing 4 images…');
  });

  it("the provider's content policy, a timeout and a rate limit each get their own message, in the asker's language, and nothing is posted", async () => {
    const erin = world.slack.addUser({ id: 'UERIN', teamId: world.ws.team.id, name: 'erin', realName: 'Erin', locale: 'en-GB' }).id;
    world.openai.nextImages({ kind: 'refuse' });
    const refused = await ask('draw something the provider refuses', erin);
    world.openai.nextImages({ kind: 'delay', ms: 4_000 });
    const slow = await ask('draw a very slow picture', world.ws.bob);
    world.openai.nextImages({ kind: 'rate_limit' });
    const limited = await ask('画像: 夕暮れの灯台', world.ws.bob);

    expect(refused.messages.map((m) => m.text)).toEqual([
      "The image provider's content policy does not allow this picture, so no images were made. Please describe something else.",
    ]);
    expect(slow.messages.map((m) => m.text)).toEqual([
      '画像の生成に時間がかかりすぎたため、投稿されませんでした。しばらくしてからもう一度お試しください。',
    ]);
    expect(limited.messages.map((m) => m.text)).toEqual([
      '画像プロバイダーが混み合っているため（レート制限）、画像を生成できませんでした。1分ほどしてからもう一度お試しください。',
    ]);
    for (const { messages } of [refused, slow, limited]) expect(messages.every((m) => m.files === undefined)).toBe(true);
    expect(world.openai.imageCalls.at(-1)).toMatchObject({ prompt: '夕暮れの灯台' });
  });

  it('Slack refusing the upload shares none of the images and says so; the generation is not counted', async () => {
    const frank = world.slack.addUser({ id: 'UFRANK', teamId: world.ws.team.id, name: 'frank', realName: 'Frank', locale: 'en-US' }).id;
    world.slack.failNext('files.completeUploadExternal', 'internal_error');
    const { messages } = await ask('draw a windmill', frank);
    expect(messages.map((m) => [m.text, m.files])).toEqual([
      ['Something went wrong while making or posting the images, so none were posted. Please try again later or contact us.', undefined],
    ]);
    const [trial] = await repositoriesOf(world).subscriptions.listByTeam(world.ws.team.id);
    expect(await repositoriesOf(world).imageGenerations.countForSeat(world.ws.team.id, trial!.id, frank, new Date(0))).toBe(0);
  });

  it('Japanese: "…の絵を描いて" is a direct request, answered in Japanese', async () => {
    const { messages } = await ask('富士山と桜の絵を描いて', world.ws.bob);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.text).toBe('「富士山と桜」の画像を4枚作成しました。');
    expect(messages[0]!.files).toHaveLength(4);
    expect(statuses()).toContain('が画像を4枚描いています…');
  });

  it("stops at the plan's monthly allowance (free trial: 2 generations a seat), with a message and no provider call", async () => {
    const carol = world.slack.addUser({ id: 'UCAROL', teamId: world.ws.team.id, name: 'carol', realName: 'Carol', locale: 'en-US' }).id;
    await ask('draw a red kite', carol);
    await ask('draw a blue kite', carol);
    const calls = world.openai.imageCalls.length;

    const third = await ask('draw a green kite', carol);

    expect(third.messages.map((m) => m.text)).toEqual([
      'You have used all 2 image generations of your plan this month. The count resets at the start of next month.',
    ]);
    expect(world.openai.imageCalls.length).toBe(calls);
    expect(await repositoriesOf(world).imageGenerations.countForSeat(world.ws.team.id, (await trialId()), carol, new Date(0))).toBe(2);
  });

  it('three asked at the same moment with the whole allowance left (2): two drawn, one told the allowance is used', async () => {
    const grace = world.slack.addUser({ id: 'UGRACE', teamId: world.ws.team.id, name: 'grace', realName: 'Grace', locale: 'en-US' }).id;
    const calls = world.openai.imageCalls.length;
    // Slow enough that all three are drawing at once.
    for (let i = 0; i < 3; i += 1) world.openai.nextImages({ kind: 'delay', ms: 800 });

    const asked = await Promise.all(['draw a cat', 'draw a dog', 'draw a fox'].map((text) => ask(text, grace)));

    const outcomes = asked.map(({ messages }) => (messages[0]?.files?.length === 4 ? 'drawn' : messages[0]?.text)).sort();
    expect(outcomes).toEqual([
      'You have used all 2 image generations of your plan this month. The count resets at the start of next month.',
      'drawn',
      'drawn',
    ]);
    expect(world.openai.imageCalls.length).toBe(calls + 2);
    expect(await repositoriesOf(world).imageGenerations.countForSeat(world.ws.team.id, await trialId(), grace, new Date(0))).toBe(2);
  });

  it('DM: a direct request in the DM is drawn into the DM thread', async () => {
    const { ws } = world;
    const dave = world.slack.addUser({ id: 'UDAVE', teamId: ws.team.id, name: 'dave', realName: 'Dave', locale: 'en-US' }).id;
    const dm = world.slack.addChannel({ id: 'DDAVE', teamId: ws.team.id, isIm: true, user: dave }).id;
    const question = world.slack.addMessage({ channel: dm, user: dave, text: 'image: a paper boat on a pond' });
    await sendEvent(world, messageEvent(world, { ts: question.ts, channel: dm, channelType: 'im', user: dave, text: question.text }));
    await eventually(() => expect(botMessages(world, dm, question.ts)).toHaveLength(1), 20_000);
    expect(botMessages(world, dm, question.ts)[0]!.files).toHaveLength(4);
    expect(repliesIn(world, dm, question.ts)).toEqual(['Here are 4 images for: a paper boat on a pond']);
  });

  async function trialId(): Promise<string> {
    const [trial] = await repositoriesOf(world).subscriptions.listByTeam(world.ws.team.id);
    return trial!.id;
  }
});

describe('Image generation without an image-capable provider (Anthropic only)', () => {
  let world: SlackAppWorld;

  beforeAll(async () => {
    world = await startSlackAppWorld({ LLM_PROVIDER: 'anthropic', OPENAI_API_KEY: '' });
    expect((await installThroughBrowser(world)).status).toBe(200);
  });
  afterAll(async () => world.close());

  it('a direct request gets a clear message in the asker\'s language; the model is not offered the tool', async () => {
    const { ws } = world;
    const direct = world.slack.addMessage({ channel: ws.channel, user: ws.bob, text: `<@${ws.team.botUserId}> 画像: 猫` });
    await sendEvent(world, mention(world, { ts: direct.ts, channel: ws.channel, user: ws.bob }));
    await eventually(() => expect(repliesIn(world, ws.channel, direct.ts)).toHaveLength(1), 20_000);
    expect(repliesIn(world, ws.channel, direct.ts)).toEqual([
      'このワークスペースでは画像生成を利用できません。画像を生成できるAIプロバイダーが設定されていません。Tomoの管理者に設定を依頼してください。',
    ]);

    world.anthropic.answer('I cannot draw here, but here is a description.');
    const other = world.slack.addMessage({ channel: ws.channel, user: ws.alice, text: `<@${ws.team.botUserId}> make us a mascot picture` });
    await sendEvent(world, mention(world, { ts: other.ts, channel: ws.channel }));
    await eventually(() => expect(repliesIn(world, ws.channel, other.ts)).toHaveLength(1), 20_000);
    expect(world.anthropic.calls.at(-1)!.prompt.tools).not.toContain('generate_image');
    expect(world.slack.callsTo('files.getUploadURLExternal')).toEqual([]);
  });
});
