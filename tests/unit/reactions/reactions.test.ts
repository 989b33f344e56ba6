import { describe, expect, it } from 'vitest';
import { canonicalReactionName, PRESET_REACTIONS } from '../../../core/reactions/preset-reactions';
import { allReactions, findReaction, normalizeReactionName, searchReactions, validateCustomReaction } from '../../../core/reactions/reaction-rules';
import { DeleteCustomReaction, SaveCustomReaction } from '../../../core/reactions/save-custom-reaction.use-case';
import { languageName } from '../../../core/shared/language-name';
import { TEAM } from '../support/builders';
import { aWorkspaceFixture } from '../support/workspace-fixture';

describe('custom reactions (spec 2, 5)', () => {
  it('checks in order: name required, prompt text required, name unique', async () => {
    const w = aWorkspaceFixture();
    const save = new SaveCustomReaction(w);
    const input = { teamId: TEAM, userId: 'U1' };
    expect(await save.execute({ ...input, draft: { name: ' ', prompt: '' } })).toMatchObject({ error: { code: 'REACTION.NAME_REQUIRED' } });
    expect(await save.execute({ ...input, draft: { name: 'tldr', prompt: '  ' } })).toMatchObject({
      error: { code: 'REACTION.PROMPT_REQUIRED' },
    });
    const created = await save.execute({ ...input, draft: { name: ':TLDR:', prompt: 'Summarise it.' } });
    expect(created.ok && created.value).toMatchObject({ name: 'tldr', prompt: 'Summarise it.', category: 'custom' });
    expect(await save.execute({ ...input, draft: { name: 'tldr', prompt: 'Again' } })).toMatchObject({
      error: { code: 'REACTION.NAME_EXISTS', params: { name: 'tldr' } },
    });
    expect(await save.execute({ ...input, draft: { name: 'jp', prompt: 'Clash with a preset' } })).toMatchObject({
      error: { code: 'REACTION.NAME_EXISTS' },
    });
  });

  it('edits keep their own name without clashing, and delete removes them', async () => {
    const w = aWorkspaceFixture();
    const save = new SaveCustomReaction(w);
    const created = await save.execute({ teamId: TEAM, userId: 'U1', draft: { name: 'tldr', prompt: 'v1' } });
    const id = created.ok ? created.value.id : '';
    const edited = await save.execute({
      teamId: TEAM,
      userId: 'U2',
      draft: { id, name: 'tldr', prompt: 'v2', category: 'explanation' },
    });
    expect(edited.ok && edited.value).toMatchObject({ id, prompt: 'v2', category: 'explanation', updatedBy: 'U2' });
    expect(await save.execute({ teamId: TEAM, userId: 'U2', draft: { id: 'gone', name: 'x', prompt: 'y' } })).toMatchObject({
      error: { code: 'REACTION.NOT_FOUND' },
    });

    const del = new DeleteCustomReaction(w);
    expect(await del.execute({ teamId: TEAM, id })).toEqual({ ok: true, value: undefined });
    expect(await del.execute({ teamId: TEAM, id })).toMatchObject({ error: { code: 'REACTION.NOT_FOUND' } });
  });
});

describe('preset reactions and search (spec 2)', () => {
  it('include explanation and flag-translation presets', () => {
    expect(new Set(PRESET_REACTIONS.map((r) => r.category))).toEqual(new Set(['explanation', 'translation']));
    expect(findReaction(':flag-jp:', [])?.prompt).toContain('Japanese');
    expect(findReaction('unknown', [])).toBeNull();
  });

  it('search matches name or prompt, case-insensitively; empty lists all; no match is empty', () => {
    const all = allReactions([]);
    expect(searchReactions(all, '')).toHaveLength(all.length);
    expect(searchReactions(all, 'JAPANESE').map((r) => r.name)).toEqual(['jp', 'flag-jp']);
    expect(searchReactions(all, 'question').map((r) => r.name)).toEqual(['question', 'grey_question']);
    expect(searchReactions(all, 'no such reaction')).toEqual([]);
  });

  it('search finds the words a page shows for what a preset does, in its language', () => {
    const rows = [
      { name: 'jp', prompt: 'Translate the message into Japanese.', meaning: 'メッセージを日本語に翻訳します' },
      { name: 'memo', prompt: 'Summarise the message.', meaning: 'メッセージを3文以内に要約します' },
      { name: 'tada', prompt: 'Celebrate this message.' },
    ];
    expect(searchReactions(rows, '翻訳').map((r) => r.name)).toEqual(['jp']);
    expect(searchReactions(rows, ' 日本語 ').map((r) => r.name)).toEqual(['jp']);
    expect(searchReactions(rows, 'メッセージ').map((r) => r.name)).toEqual(['jp', 'memo']);
    expect(searchReactions(rows, 'celebrate').map((r) => r.name)).toEqual(['tada']);
  });

  it('say what each preset does: a translation names its language by a BCP 47 code ICU knows', () => {
    for (const preset of PRESET_REACTIONS) {
      expect(preset.does === 'translate', preset.name).toBe(preset.category === 'translation');
      expect(preset.language !== undefined, preset.name).toBe(preset.does === 'translate');
    }
    const byName = (name: string) => PRESET_REACTIONS.find((r) => r.name === name);
    expect([byName('question')?.does, byName('memo')?.does, byName('bulb')?.does, byName('mag')?.does, byName('pencil2')?.does]).toEqual([
      'explain', 'summarise', 'key-points', 'check', 'rewrite',
    ]);
    const flagOf = new Map(PRESET_REACTIONS.filter((r) => r.language).reverse().map((r) => [r.language!, r.name]));
    // What ICU (Node 24's, and Chromium's alike) prints in Japanese for each group's language.
    expect(Object.fromEntries([...flagOf].map(([code, name]) => [name, languageName(code, 'ja')]))).toEqual({
      us: '英語', cn: '簡体中国語', 'flag-tw': '繁体中国語', 'flag-hk': '広東語 (繁体字)', 'flag-in': 'ヒンディー語', es: 'スペイン語',
      fr: 'フランス語', 'flag-sa': 'アラビア語', 'flag-bd': 'ベンガル語', 'flag-pt': 'ポルトガル語 (イベリア半島)',
      'flag-br': 'ポルトガル語 (ブラジル)', ru: 'ロシア語', 'flag-pk': 'ウルドゥー語', 'flag-id': 'インドネシア語', de: 'ドイツ語',
      jp: '日本語', 'flag-tr': 'トルコ語', 'flag-vn': 'ベトナム語', kr: '韓国語', it: 'イタリア語', 'flag-th': 'タイ語',
      'flag-ir': 'ペルシア語', 'flag-ke': 'スワヒリ語', 'flag-ph': 'フィリピノ語', 'flag-pl': 'ポーランド語', 'flag-ua': 'ウクライナ語',
      'flag-nl': 'オランダ語', 'flag-my': 'マレー語',
    });
    expect(languageName(byName('cn')!.language!, 'en')).toBe('Simplified Chinese');
    expect(languageName(byName('flag-hk')!.language!, 'en')).toBe('Cantonese (Traditional)');
    // A code ICU does not know is shown as it is.
    expect(languageName('zz', 'ja')).toBe('zz');
    // What runs is the prompt alone: the page's words stay out of the reaction a job carries.
    expect(findReaction('flag-jp', [])).toEqual({ name: 'jp', prompt: byName('jp')!.prompt, category: 'translation', kind: 'preset' });
  });

  it('normalises emoji names, skin tones included', () => {
    expect(normalizeReactionName('  :Flag-JP: ')).toBe('flag-jp');
    expect(normalizeReactionName(':question::skin-tone-3:')).toBe('question');
  });

  it('translate with the flags of the twenty most-spoken languages, under Slack’s short names and aliases', () => {
    const language = (emoji: string) => /into ([^.]+)\./.exec(findReaction(emoji, [])?.prompt ?? '')?.[1];
    const flags: Record<string, string> = {
      us: 'English', gb: 'English', uk: 'English', 'flag-us': 'English', cn: 'Simplified Chinese', 'flag-cn': 'Simplified Chinese',
      'flag-in': 'Hindi', in: 'Hindi', es: 'Spanish', 'flag-mx': 'Spanish', fr: 'French', 'flag-sa': 'Arabic', 'flag-eg': 'Arabic',
      'flag-bd': 'Bengali', 'flag-pt': 'European Portuguese', pt: 'European Portuguese', 'flag-br': 'Brazilian Portuguese',
      br: 'Brazilian Portuguese', ru: 'Russian', 'flag-ru': 'Russian', 'flag-pk': 'Urdu', 'flag-id': 'Indonesian', de: 'German',
      'flag-de': 'German', jp: 'Japanese', 'flag-jp': 'Japanese', 'flag-tr': 'Turkish', 'flag-vn': 'Vietnamese', kr: 'Korean',
      'flag-kr': 'Korean', it: 'Italian', 'flag-it': 'Italian', 'flag-th': 'Thai', 'flag-ir': 'Persian', 'flag-ke': 'Swahili',
      'flag-tw': 'Traditional Chinese',
    };
    for (const [emoji, expected] of Object.entries(flags)) expect(language(emoji), emoji).toBe(expected);
    expect(new Set(PRESET_REACTIONS.filter((r) => r.category === 'translation').map((r) => r.prompt)).size).toBeGreaterThanOrEqual(20);
    // Everyday acknowledgements are not prompts; Tomo's own thinking sign (eyes) least of all.
    for (const emoji of ['eyes', '+1', 'white_check_mark', 'pray', 'tada']) expect(findReaction(emoji, []), emoji).toBeNull();
  });

  it('knows one emoji under any alias, so a message gets one answer per emoji', () => {
    expect(canonicalReactionName('flag-jp')).toBe('jp');
    expect(canonicalReactionName('jp')).toBe('jp');
    expect(canonicalReactionName('flag-gb')).toBe(canonicalReactionName('us'));
    expect(canonicalReactionName('flag-br')).not.toBe(canonicalReactionName('flag-pt'));
    expect(canonicalReactionName('tldr')).toBe('tldr');
  });

  it('matches a custom reaction saved under an alias to the name Slack sends (👍 is `+1`), skin tones ignored', () => {
    const custom = [{ teamId: TEAM, id: 'r1', name: 'thumbsup', prompt: 'Approve?', category: 'custom' as const, updatedBy: 'U1', updatedAt: new Date() }];
    expect(findReaction('+1::skin-tone-2', custom)?.prompt).toBe('Approve?');
    expect(findReaction('+1', custom)?.prompt).toBe('Approve?');
    expect(findReaction('handshake::skin-tone-2-4', [{ ...custom[0]!, name: 'handshake' }])?.prompt).toBe('Approve?');
    // Slack's `:pencil:` is 📝 memo (summarise), not ✏️ pencil2 (rewrite).
    expect(findReaction('pencil', [])?.prompt).toBe(findReaction('memo', [])?.prompt);
    expect(findReaction('pencil2', [])?.prompt).toContain('clearer');
  });

  it('refuses a custom name that is another name of an emoji already taken', () => {
    const saved = [{ teamId: TEAM, id: 'r1', name: '+1', prompt: 'Approve?', category: 'custom' as const, updatedBy: 'U1', updatedAt: new Date() }];
    expect(validateCustomReaction({ name: ':thumbsup:', prompt: 'x' }, saved)).toMatchObject({ error: { code: 'REACTION.NAME_EXISTS' } });
    expect(validateCustomReaction({ name: 'pencil', prompt: 'x' }, [])).toMatchObject({ error: { code: 'REACTION.NAME_EXISTS' } });
    expect(validateCustomReaction({ id: 'r1', name: 'thumbsup', prompt: 'x' }, saved)).toMatchObject({ ok: true });
  });

  it("refuses the emoji itself, or a name with spaces, as a name: Slack's reaction events carry the emoji's name", () => {
    for (const name of ['🎉', ':🎉:', '🇯🇵', 'party parrot', 'a:b']) {
      expect(validateCustomReaction({ name, prompt: 'x' }, [])).toMatchObject({ error: { code: 'REACTION.NAME_NOT_EMOJI_NAME' } });
    }
    for (const name of [':tada:', 'flag-nz', '+1::skin-tone-3', 'party_parrot', 'ok_hand', 'おつかれ']) {
      expect(validateCustomReaction({ name, prompt: 'x' }, [])).toMatchObject({ ok: true });
    }
  });

  it('refuses a NUL character or a lone surrogate with the input guard\'s code, naming the field that holds it', () => {
    const refused = (name: string, prompt: string) => validateCustomReaction({ name, prompt }, []);
    expect(refused('ta\u0000da', 'x')).toMatchObject({ error: { code: 'INPUT.UNSUPPORTED_CHARACTERS', params: { field: 'name' } } });
    expect(refused('tada', 'Cheer \uD83C on')).toMatchObject({ error: { code: 'INPUT.UNSUPPORTED_CHARACTERS', params: { field: 'prompt' } } });
    // Before the required checks: an empty prompt beside a broken name is about the name.
    expect(refused('\uDE00', '')).toMatchObject({ error: { code: 'INPUT.UNSUPPORTED_CHARACTERS', params: { field: 'name' } } });
    expect(refused('tada', 'Cheer \uD83C\uDF89 on')).toMatchObject({ ok: true });
  });
});
