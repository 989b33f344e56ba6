import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LABEL } from '../../../adapters/llm/demo/demo-llm-provider';
import { imageGeneratorFromConfig } from '../../../apps/worker/image-studio';
import { loadWorkerConfig } from '../../../apps/worker/config';
import { localDay } from '../../../core/schedules/schedule-runs';
import { startTestAllInOne, type TestAllInOne } from '../../support/all-in-one';
import { startFakeSocketMode } from '../../fakes/slack/socket-mode';
import { HttpSession } from '../settings/support/http-session';
import { eventually as pollUntil } from '../slack-app/support/slack-app-world';

interface Snapshot {
  team: { id: string; name: string };
  me: { id: string; name: string };
  tomo: { userId: string; name: string };
  model: { configured: boolean; provider: string; message: string };
  channels: { id: string; name: string; kind: string }[];
  messages: {
    channel: string;
    ts: string;
    threadTs: string | null;
    byTomo: boolean;
    text: string;
    streaming: boolean;
    reactions: { name: string }[];
    files: { id: string; name: string; image: boolean }[];
  }[];
  home: { blocks: { type: string; text?: { text?: string } }[] } | null;
  customReactions: string[];
}

/** The shared poll, with this file's longer patience (the playground starts a whole workspace). */
const eventually = <T>(check: () => Promise<T>, timeoutMs = 20_000): Promise<T> => pollUntil(check, timeoutMs);

/** `npm start` with the fixture site (this file checks the API, not the pages). */
const start = (env: Record<string, string>): Promise<TestAllInOne> => startTestAllInOne({ WEB_DIST_DIR: 'tests/fixtures/web-dist', ...env });

async function snapshotOf(base: string): Promise<Snapshot> {
  return (await (await fetch(`${base}/api/playground`)).json()) as Snapshot;
}

/** What the playground page posts: JSON, with its own Origin as a browser sends it. */
function postTo(base: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base, ...headers }, body: JSON.stringify(body) });
}

/**
 * What a page on a rebound name sends (DNS rebinding: the attacker's name now resolves to
 * 127.0.0.1): the browser connects to this machine but names the attacker's host in Host,
 * and its Origin is that host too. fetch cannot set Host, so node:http does.
 */
function asRebound(base: string, host: string, method: 'GET' | 'POST', path: string, body?: unknown, via = '127.0.0.1'): Promise<{ status: number; body: string }> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: via,
        port,
        method,
        path,
        headers: {
          host,
          origin: `http://${host}`,
          'x-forwarded-host': `127.0.0.1:${port}`,
          ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** This machine's address on its network (what another device connects to), if it has one. */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry !== undefined && entry.family === 'IPv4' && !entry.internal)?.address;

describe('the playground: npm start with no Slack app', () => {
  let tomo: TestAllInOne;
  let base: string;
  const snapshot = () => snapshotOf(base);
  const send = (path: string, body: unknown) => postTo(base, path, body);

  beforeAll(async () => {
    tomo = await start({ LLM_PROVIDER: 'demo' });
    base = tomo.url;
  });
  afterAll(() => tomo?.close());

  it('serves an emulated workspace with Tomo installed and says which model answers', async () => {
    expect(tomo.playground).toEqual({ enabled: true });
    const world = await snapshot();
    expect(world.team.name).toBe('Playground');
    expect(world.me.name).toBe('Ada Lovelace');
    expect(world.channels.map((c) => `${c.kind}:${c.name}`)).toEqual(['channel:general', 'channel:random', 'dm:Tomo']);
    expect(world.model).toMatchObject({ configured: true, provider: 'demo' });
    expect(world.model.message).toContain('LLM_PROVIDER=demo');
  });

  it('answers a mention in a channel with the streamed demo answer, in the thread', async () => {
    const response = await send('/api/playground/messages', { channel: 'C0GENERAL', text: '@Tomo when is the quarterly review?' });
    expect(response.status).toBe(201);
    const { ts } = (await response.json()) as { ts: string };
    const answer = await eventually(async () => {
      const reply = (await snapshot()).messages.find((m) => m.byTomo && m.threadTs === ts && m.ts !== ts);
      if (!reply || reply.streaming || !reply.text.includes('Answer budget')) throw new Error('no finished answer yet');
      return reply;
    });
    expect(answer.text).toContain(DEMO_LABEL);
    expect(answer.text).toContain('• Thread messages: 1 (1 from people, 0 from Tomo)');
    expect(answer.text).toContain('• Instruction layers: system');
  });

  it('answers a DM, reacts to a flag with a translation, and publishes the App Home', async () => {
    const dm = await send('/api/playground/messages', { channel: 'D0ADATOMO', text: 'Hello Tomo' });
    const { ts } = (await dm.json()) as { ts: string };
    await eventually(async () => {
      const world = await snapshot();
      if (!world.messages.some((m) => m.byTomo && m.channel === 'D0ADATOMO' && m.text.includes(DEMO_LABEL) && !m.streaming)) throw new Error('no DM answer');
    });
    expect(ts).toMatch(/^\d+\.\d+$/);

    const target = (await snapshot()).messages.find((m) => m.channel === 'C0GENERAL' && m.text.includes('quarterly review moved'))!;
    expect((await send('/api/playground/reactions', { channel: 'C0GENERAL', ts: target.ts, name: 'jp' })).status).toBe(201);
    await eventually(async () => {
      const reply = (await snapshot()).messages.find((m) => m.byTomo && m.threadTs === target.ts && !m.streaming);
      if (!reply?.text.includes('plus a task from the trigger')) throw new Error('no translation yet');
    });

    expect((await send('/api/playground/home', {})).status).toBe(202);
    await eventually(async () => {
      if (!(await snapshot()).home?.blocks.length) throw new Error('no Home yet');
    });
  });

  it('runs the "Save as PDF" message shortcut: the PDF arrives in the DM with Tomo', async () => {
    const target = (await snapshot()).messages.find((m) => m.channel === 'C0GENERAL' && m.text.includes('quarterly review moved'))!;
    expect((await send('/api/playground/shortcuts', { channel: 'C0GENERAL', ts: target.ts, callbackId: 'save_as_pdf' })).status).toBe(202);
    await eventually(async () => {
      const world = await snapshot();
      const pdf = world.messages.find((m) => m.channel === 'D0ADATOMO' && m.files.some((f) => f.name.endsWith('.pdf')));
      if (!pdf) throw new Error('no PDF yet');
    });
  });

  it('"draw a cat" draws four labelled demo pictures, posted in one message', async () => {
    const asked = await send('/api/playground/messages', { channel: 'C0GENERAL', text: '@Tomo draw a cat wearing a tiny hat' });
    expect(asked.status).toBe(201);
    const { ts } = (await asked.json()) as { ts: string };
    const posted = await eventually(async () => {
      const reply = (await snapshot()).messages.find((m) => m.byTomo && m.threadTs === ts && m.ts !== ts);
      if (!reply) throw new Error('no pictures yet');
      return reply;
    });
    expect(posted.text).toBe('Here are 4 images for: a cat wearing a tiny hat');
    expect(posted.files.map((f) => f.image)).toEqual([true, true, true, true]);
    const pictures = await Promise.all(
      posted.files.map(async (f) => {
        const response = await fetch(`${base}/api/playground/files/${f.id}`);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('image/png');
        return Buffer.from(await response.arrayBuffer());
      }),
    );
    // Four different pictures (each its own gradient), real PNGs.
    expect(new Set(pictures.map((p) => p.toString('base64'))).size).toBe(4);
    for (const picture of pictures) expect(await sharp(picture).metadata()).toMatchObject({ format: 'png', width: 512, height: 512 });
    // Nothing else was said: no "not available… ask your administrator".
    expect((await snapshot()).messages.filter((m) => m.byTomo && m.threadTs === ts && m.ts !== ts)).toHaveLength(1);
    expect((await fetch(`${base}/api/playground/files/FNOPE`)).status).toBe(404);
  });

  it('the demo image generator is chosen by LLM_PROVIDER=demo only: never beside a real provider', () => {
    const base = { DATABASE_URL: 'postgres://x@127.0.0.1/x', ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64') };
    expect(imageGeneratorFromConfig(loadWorkerConfig({ ...base, LLM_PROVIDER: 'demo' }))?.provider).toBe('demo');
    expect(imageGeneratorFromConfig(loadWorkerConfig({ ...base, OPENAI_API_KEY: 'sk-test' }))?.provider).toBe('openai');
    expect(imageGeneratorFromConfig(loadWorkerConfig({ ...base, ANTHROPIC_API_KEY: 'sk-ant-test', LLM_PROVIDER: 'anthropic' }))).toBeNull();
    expect(imageGeneratorFromConfig(loadWorkerConfig(base))).toBeNull();
  });

  it('refuses malformed input with a clear 400', async () => {
    const response = await send('/api/playground/messages', { channel: 'C0GENERAL', text: '   ' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'VALIDATION', message: 'Write a message or attach a file.' } });
    expect((await send('/api/playground/messages', { channel: 'CNOPE', text: 'hi' })).status).toBe(404);
  });

  it('words its refusals in the language of the page (/ja/playground sends X-Tomo-Locale: ja)', async () => {
    const inJapanese = (path: string, body: unknown) => postTo(base, path, body, { 'x-tomo-locale': 'ja' });
    const refusal = async (response: Response) => [response.status, await response.json()];
    expect(await refusal(await inJapanese('/api/playground/messages', { channel: 'C0GENERAL', text: '   ' }))).toEqual([
      400,
      { error: { code: 'VALIDATION', message: 'メッセージを入力するか、ファイルを添付してください。' } },
    ]);
    expect(await refusal(await inJapanese('/api/playground/messages', { channel: 'C0GENERAL', text: 'あ'.repeat(4001) }))).toEqual([
      400,
      { error: { code: 'VALIDATION', message: 'メッセージは 4,000 文字までです。' } },
    ]);
    expect(await refusal(await inJapanese('/api/playground/messages', { channel: 'CNOPE', text: 'hi' }))).toEqual([
      404,
      { error: { code: 'NOT_FOUND', message: 'そのチャンネルはありません。' } },
    ]);
    expect(await refusal(await inJapanese('/api/playground/reactions', { channel: 'C0GENERAL', ts: '1700000000.000001', name: 'jp' }))).toEqual([
      404,
      { error: { code: 'NOT_FOUND', message: 'このメッセージはもうありません。' } },
    ]);
    expect(await refusal(await inJapanese('/api/playground/summaries', { channel: 'C0GENERAL' }))).toEqual([
      409,
      { error: { code: 'NO_SCHEDULE', message: 'このチャンネルには毎日の要約が設定されていません。先に 設定 → スケジュール でオンにしてください。' } },
    ]);
    const english = await send('/api/playground/messages', { channel: 'C0GENERAL', text: 'a'.repeat(4001) });
    expect(await english.json()).toEqual({ error: { code: 'VALIDATION', message: 'A message can be at most 4,000 characters long.' } });
  });

  it('answers no page on another name pointed at this machine (DNS rebinding): it reads nothing and posts nothing', async () => {
    const host = `rebound.attacker.test:${tomo.port}`;
    const refused = { error: { code: 'FORBIDDEN_HOST', message: 'The playground answers only at its own address (PUBLIC_URL) or at localhost.' } };

    const read = await asRebound(base, host, 'GET', '/api/playground');
    const post = await asRebound(base, host, 'POST', '/api/playground/messages', { channel: 'C0GENERAL', text: 'sent by a rebound page' });
    const signIn = await asRebound(base, host, 'GET', `/playground/slack/openid/connect/authorize?redirect_uri=${encodeURIComponent(`http://${host}/auth/callback`)}`);

    expect([read.status, JSON.parse(read.body)]).toEqual([403, refused]);
    expect([post.status, JSON.parse(post.body)]).toEqual([403, refused]);
    expect(signIn.status).toBe(403);
    expect((await snapshot()).messages.some((m) => m.text.includes('sent by a rebound page'))).toBe(false);
    // This machine's other name still reaches it (the page opened at localhost while PUBLIC_URL says 127.0.0.1).
    expect((await asRebound(base, `localhost:${tomo.port}`, 'GET', '/api/playground')).status).toBe(200);
  });

  it.skipIf(lanAddress === undefined)('answers no other device on the network, even one naming PUBLIC_URL\'s host: it cannot sign in as the admin or post', async () => {
    const publicHost = new URL(base).host;
    const refused = {
      error: {
        code: 'FORBIDDEN_PEER',
        message: 'The playground answers only on the machine it runs on. To open it from another device, set PUBLIC_URL to the address that device uses.',
      },
    };

    const read = await asRebound(base, publicHost, 'GET', '/api/playground', undefined, lanAddress);
    const post = await asRebound(base, publicHost, 'POST', '/api/playground/messages', { channel: 'C0GENERAL', text: 'sent from another device' }, lanAddress);
    const signIn = await asRebound(base, publicHost, 'GET', `/playground/slack/openid/connect/authorize?redirect_uri=${encodeURIComponent(`${base}/auth/callback`)}`, undefined, lanAddress);

    expect([read.status, JSON.parse(read.body)]).toEqual([403, refused]);
    expect([post.status, JSON.parse(post.body)]).toEqual([403, refused]);
    expect(signIn.status).toBe(403);
    expect((await snapshot()).messages.some((m) => m.text.includes('sent from another device'))).toBe(false);
  });

  it('"Sign in with Slack" signs in as the demo admin, through the emulator', async () => {
    // Opened under the machine's other name than PUBLIC_URL's: sign-in starts again at PUBLIC_URL,
    // where Slack sends the person back (its cookie would be missing on the other host).
    const otherName = await fetch(`http://localhost:${tomo.port}/auth/signin?returnTo=%2Fsettings%2Finstructions`, { redirect: 'manual' });
    expect(otherName.status).toBe(302);
    expect(otherName.headers.get('location')).toBe(`${base}/auth/signin?returnTo=%2Fsettings%2Finstructions`);
    const browser = new HttpSession(base);
    const start = await browser.get('/auth/signin?returnTo=%2Fsettings%2Finstructions');
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location')!);
    // The browser is sent to Tomo's own address, which relays to the emulator.
    expect(authorize.origin).toBe(base);
    expect(authorize.pathname).toBe('/playground/slack/openid/connect/authorize');
    // Only back to Tomo itself, as Slack keeps to an app's registered redirect URLs.
    const elsewhere = new URLSearchParams(authorize.search);
    elsewhere.set('redirect_uri', 'https://evil.test/steal');
    const offSite = await browser.request(`${authorize.pathname}?${elsewhere}`);
    expect(offSite.status).toBe(400);
    expect(offSite.headers.get('location')).toBeNull();
    const relayed = await browser.request(authorize.pathname + authorize.search);
    expect(relayed.status).toBe(302);
    const done = await browser.request(relayed.headers.get('location')!.replace(base, ''));
    expect(done.status).toBe(303);
    const me = (await (await browser.get('/api/me')).json()) as Record<string, unknown>;
    expect(me).toMatchObject({ signedIn: true, userId: 'U0ADA', teamId: 'T0PLAYGRND', isAdmin: true, installed: true, teamName: 'Playground' });

    // A change on a settings page shows in the playground at once: a schedule, then "Run now".
    const refused = await send('/api/playground/summaries', { channel: 'C0RANDOM' });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'This channel has no daily summary: turn one on under Settings → Schedules first.',
    );
    const saved = await browser.send('PUT', '/api/settings/schedules/C0RANDOM', {
      isSummaryEnabled: true,
      localTime: '09:00',
      timezoneOffsetMinutes: 0,
      lookbackDays: 1,
    });
    expect(saved.status).toBe(200);
    expect((await send('/api/playground/summaries', { channel: 'C0RANDOM' })).status).toBe(202);
    const again = await send('/api/playground/summaries', { channel: 'C0RANDOM' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      'Today’s summary of this channel has already run: a schedule runs once a day, so the next one is tomorrow’s.',
    );
    await eventually(async () => {
      const posted = (await snapshot()).messages.find((m) => m.channel === 'C0RANDOM' && m.byTomo && !m.streaming);
      if (!posted?.text.includes('Context material')) throw new Error('no summary yet');
    });
  });
});

describe('the playground shows what Settings changed at once', () => {
  let tomo: TestAllInOne;
  let base: string;
  let admin: HttpSession;
  const snapshot = () => snapshotOf(base);
  const send = (path: string, body: unknown) => postTo(base, path, body);

  beforeAll(async () => {
    tomo = await start({ LLM_PROVIDER: 'demo' });
    base = tomo.url;
    admin = new HttpSession(base);
    await admin.signIn(tomo.emulator!.slack, { teamId: 'T0PLAYGRND', userId: 'U0ADA' });
  });
  afterAll(() => tomo?.close());

  it('offers a custom reaction saved under Settings → Reactions, and answers it like the others', async () => {
    expect((await snapshot()).customReactions).toEqual([]);
    const saved = await admin.send('POST', '/api/settings/reactions', { name: ':tada:', prompt: 'Celebrate this message in one line.' });
    expect(saved.status).toBe(201);
    expect((await snapshot()).customReactions).toEqual(['tada']);

    const target = (await snapshot()).messages.find((m) => m.channel === 'C0GENERAL' && m.text.includes('quarterly review moved'))!;
    expect((await send('/api/playground/reactions', { channel: 'C0GENERAL', ts: target.ts, name: 'tada' })).status).toBe(201);
    const reply = await eventually(async () => {
      const answer = (await snapshot()).messages.find((m) => m.byTomo && m.threadTs === target.ts && !m.streaming);
      if (!answer?.text.includes('plus a task from the trigger')) throw new Error('no answer to the custom reaction yet');
      return answer;
    });
    expect(reply.text).toContain(DEMO_LABEL);
    expect((await snapshot()).messages.find((m) => m.ts === target.ts)!.reactions.map((r) => r.name)).toContain('tada');
  });

  it('a custom reaction named in any script the Reactions page accepts can be sent; other names are refused', async () => {
    expect((await admin.send('POST', '/api/settings/reactions', { name: '了解', prompt: 'Acknowledge this message.' })).status).toBe(201);
    expect((await snapshot()).customReactions).toEqual(['tada', '了解']);
    const target = (await snapshot()).messages.find((m) => m.channel === 'C0RANDOM')!;
    expect((await send('/api/playground/reactions', { channel: 'C0RANDOM', ts: target.ts, name: '了解' })).status).toBe(201);
    expect((await send('/api/playground/reactions', { channel: 'C0RANDOM', ts: target.ts, name: 'not allowed' })).status).toBe(400);
  });

  it('answers "@Kumo" after the app is renamed to Kumo', async () => {
    const renamed = await admin.send('PUT', '/api/settings/app', { appName: 'Kumo' });
    expect(renamed.status).toBe(200);

    const asked = await send('/api/playground/messages', { channel: 'C0GENERAL', text: '@Kumo who are you?' });
    expect(asked.status).toBe(201);
    const { ts } = (await asked.json()) as { ts: string };
    const answer = await eventually(async () => {
      const reply = (await snapshot()).messages.find((m) => m.byTomo && m.threadTs === ts && m.ts !== ts && !m.streaming);
      if (!reply?.text.includes('Answer budget')) throw new Error('no answer to @Kumo yet');
      return reply;
    });
    expect(answer.text).toContain(DEMO_LABEL);
    const world = await snapshot();
    expect(world.messages.find((m) => m.ts === ts)!.text).toBe(`<@${world.tomo.userId}> who are you?`);
    expect(world.tomo.name).toBe('Kumo');
    expect(world.channels.find((c) => c.kind === 'dm')!.name).toBe('Kumo');

    // "@Tomo" still mentions it, as people keep typing the old name.
    const still = (await (await send('/api/playground/messages', { channel: 'C0RANDOM', text: '@tomo, still there?' })).json()) as { ts: string; mentioned: boolean };
    expect(still.mentioned).toBe(true);
    expect((await snapshot()).messages.find((m) => m.ts === still.ts)!.text).toBe(`<@${world.tomo.userId}>, still there?`);

    // A word that merely starts with the name is not a mention.
    const notMentioned = await send('/api/playground/messages', { channel: 'C0RANDOM', text: 'email@Kumozawa.example says hi' });
    const plain = (await notMentioned.json()) as { ts: string };
    expect((await snapshot()).messages.find((m) => m.ts === plain.ts)!.text).toBe('email@Kumozawa.example says hi');
  });

  it('"Run now" runs the summary of the schedule’s local day, the day the minute sweep would claim', async () => {
    // Kiritimati (UTC+14): its day is never the day of 14 hours before UTC.
    const saved = await admin.send('PUT', '/api/settings/schedules/C0GENERAL', {
      isSummaryEnabled: true,
      localTime: '09:00',
      timezoneOffsetMinutes: -840,
      lookbackDays: 1,
    });
    expect(saved.status).toBe(200);
    const before = new Date();
    const ran = await send('/api/playground/summaries', { channel: 'C0GENERAL' });
    const after = new Date();
    expect(ran.status).toBe(202);
    const { day } = (await ran.json()) as { day: string };
    expect([localDay(before, -840), localDay(after, -840)]).toContain(day);
  });

  it('App Home welcomes to Kumo once the app is renamed', async () => {
    expect((await admin.send('PUT', '/api/settings/app', { appName: null })).status).toBe(200);
    expect((await send('/api/playground/home', {})).status).toBe(202);
    await eventually(async () => {
      const header = (await snapshot()).home?.blocks.find((b) => b.type === 'header');
      if (header?.text?.text !== 'Welcome to Tomo') throw new Error('no Home yet');
    });
    expect((await admin.send('PUT', '/api/settings/app', { appName: 'Kumo' })).status).toBe(200);
    expect((await send('/api/playground/home', {})).status).toBe(202);
    // The new Home says Kumo in its body; its header must say so too.
    const home = await eventually(async () => {
      const blocks = (await snapshot()).home?.blocks ?? [];
      if (!JSON.stringify(blocks).includes('@Kumo')) throw new Error('no Home for Kumo yet');
      return blocks;
    });
    expect(home.find((b) => b.type === 'header')?.text?.text).toBe('Welcome to Kumo');
  });
});

describe('the playground never runs beside a real Slack app or in production', () => {
  it.each([
    [{ SLACK_CLIENT_ID: '123.456', SLACK_CLIENT_SECRET: 'real', SLACK_SIGNING_SECRET: 'real' }, 'SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, SLACK_SIGNING_SECRET set: a real Slack app is configured'],
    [{ SLACK_APP_TOKEN: 'xapp-1-real' }, 'SLACK_APP_TOKEN set: a real Slack app is configured'],
    [{ NODE_ENV: 'production' }, 'NODE_ENV=production'],
  ] as [Record<string, string>, string][])('%o: no emulator and no /api/playground', async (env, reason) => {
    // SLACK_APP_TOKEN opens Socket Mode at start: a fake Socket Mode server accepts it.
    const socket = 'SLACK_APP_TOKEN' in env ? await startFakeSocketMode({ appToken: env.SLACK_APP_TOKEN! }) : undefined;
    const tomo = await start({ ...env, ...(socket ? { SLACK_API_URL: socket.url } : {}) });
    try {
      expect(tomo.playground).toEqual({ enabled: false, reason });
      expect(tomo.emulator).toBeUndefined();
      const base = tomo.url;
      expect((await fetch(`${base}/api/playground`)).status).toBe(404);
      // No relay to an emulator: the path is just another page of the site (its shell), never a redirect.
      expect((await fetch(`${base}/playground/slack/openid/connect/authorize?client_id=x`, { redirect: 'manual' })).status).not.toBe(302);
    } finally {
      await tomo.close();
      await socket?.close();
    }
  });
});
