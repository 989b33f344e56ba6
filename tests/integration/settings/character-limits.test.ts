import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../apps/shared/messages';
import { HttpSession } from './support/http-session';
import { ADMIN_A, BOT_A, startSettingsWorld, TEAM_A, type SettingsWorld } from './support/slack-world';

/**
 * Spec 9's 10,000-character threshold on the texts Tomo runs as instructions besides the
 * Instructions page's (docs/instructions.md): a custom reaction's prompt and a bot's auto-reply
 * instruction. Characters as people count them (code points, as the App name and instructions):
 * 10,000 emoji or rare kanji are 10,000 characters, not the 20,000 UTF-16 units they take.
 */
let world: SettingsWorld;
let en: HttpSession;
let ja: HttpSession;

beforeAll(async () => {
  world = await startSettingsWorld();
  en = new HttpSession(world.app.baseUrl, 'en');
  ja = new HttpSession(world.app.baseUrl, 'ja');
  await en.signIn(world.slack, { teamId: TEAM_A, userId: ADMIN_A });
  await ja.signIn(world.slack, { teamId: TEAM_A, userId: ADMIN_A });
});
afterAll(() => world?.close());

const message = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message;

describe('10,000 characters (spec 9)', () => {
  it("a custom reaction's prompt: 10,000 characters save, one more is refused in the page's language", async () => {
    const emoji = await en.send('POST', '/api/settings/reactions', { name: 'haiku', prompt: '😀'.repeat(10_000) });
    expect(emoji.status).toBe(201);
    const kanji = await en.send('PUT', `/api/settings/reactions/${(await emoji.json()).id}`, { name: 'haiku', prompt: '𠮷'.repeat(10_000) });
    expect(kanji.status).toBe(200);

    const long = await en.send('POST', '/api/settings/reactions', { name: 'sonnet', prompt: '😀'.repeat(10_001) });
    expect(long.status).toBe(400);
    expect(await message(long)).toBe(translate('REACTION.PROMPT_TOO_LONG', { max: 10_000 }, 'en'));
    const longJa = await ja.send('POST', '/api/settings/reactions', { name: 'sonnet', prompt: 'x'.repeat(10_001) });
    expect(longJa.status).toBe(400);
    expect(await message(longJa)).toBe(translate('REACTION.PROMPT_TOO_LONG', { max: 10_000 }, 'ja'));
    const names = ((await (await en.get('/api/settings/reactions')).json()) as { custom: { name: string }[] }).custom.map((r) => r.name);
    expect(names).toEqual(['haiku']);
  });

  it("a bot's auto-reply instruction: 10,000 characters save, one more is refused in the page's language", async () => {
    const saved = await en.send('PUT', `/api/settings/auto-replies/${BOT_A}`, { instruction: '😀'.repeat(10_000), enabled: true });
    expect(saved.status).toBe(200);

    const long = await en.send('PUT', `/api/settings/auto-replies/${BOT_A}`, { instruction: '😀'.repeat(10_001), enabled: true });
    expect(long.status).toBe(400);
    expect(await message(long)).toBe(translate('AUTO_REPLY.INSTRUCTION_TOO_LONG', { max: 10_000 }, 'en'));
    const longJa = await ja.send('PUT', `/api/settings/auto-replies/${BOT_A}`, { instruction: 'x'.repeat(10_001), enabled: true });
    expect(longJa.status).toBe(400);
    expect(await message(longJa)).toBe(translate('AUTO_REPLY.INSTRUCTION_TOO_LONG', { max: 10_000 }, 'ja'));
  });
});
