import { describe, expect, it } from 'vitest';
import { canonicalReactionName, PRESET_REACTIONS } from '../../../core/reactions/preset-reactions';
import { allReactions, findReaction, normalizeReactionName, searchReactions, validateCustomReaction } from '../../../core/reactions/reaction-rules';
import { DeleteCustomReaction, SaveCustomReaction } from '../../../core/reactions/save-custom-reaction.use-case';
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
});
