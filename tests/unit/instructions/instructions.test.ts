import { describe, expect, it } from 'vitest';
import { ApproximateTokenizer } from '../../../adapters/memory/approximate-tokenizer';
import { composeSystemPrompt, defaultSystemInstruction, PRECEDENCE_NOTE } from '../../../core/instructions/compose-instructions';
import { ComposeInstructions } from '../../../core/instructions/compose-instructions.use-case';
import { measureInstructions, SOFT_TOKEN_LIMIT } from '../../../core/instructions/instruction-metrics';
import { DeleteInstruction, SaveInstruction } from '../../../core/instructions/save-instruction.use-case';
import { validateInstruction } from '../../../core/instructions/instruction-rules';
import { aRegularMember, anAdmin, TEAM } from '../support/builders';
import { aWorkspaceFixture } from '../support/workspace-fixture';

describe('composing the four instruction levels into one system prompt (docs/instructions.md)', () => {
  it('orders system, workspace, channel, user and states that the more specific one wins', () => {
    const prompt = composeSystemPrompt({ user: 'Call me Hana.', system: 'Be kind.', channel: 'Answer in Japanese.', workspace: 'We sell tea.' });
    expect(prompt).toBe(
      [
        '## System instructions\nBe kind.',
        '## Workspace instructions\nWe sell tea.',
        '## Channel instructions\nAnswer in Japanese.',
        '## User instructions\nCall me Hana.',
        PRECEDENCE_NOTE,
      ].join('\n\n'),
    );
  });

  it('leaves out empty levels, and the note when only one level is set', () => {
    expect(composeSystemPrompt({ system: 'Be kind.', workspace: '  ', channel: null })).toBe('## System instructions\nBe kind.');
    expect(composeSystemPrompt({})).toBe('');
  });

  it('builds the prompt for an answer from stored instructions, Tomo’s own system instruction by default', async () => {
    const w = aWorkspaceFixture();
    const save = new SaveInstruction(w);
    await save.execute({ teamId: TEAM, actor: anAdmin, level: 'workspace', targetId: null, name: 'Company', text: 'We sell tea.' });
    await save.execute({ teamId: TEAM, actor: aRegularMember, level: 'channel', targetId: 'CSALES', name: 'Sales', text: 'Be brief.' });
    await save.execute({ teamId: TEAM, actor: aRegularMember, level: 'channel', targetId: 'COTHER', name: 'x', text: 'Not this.' });
    const compose = new ComposeInstructions(w);
    const prompt = await compose.execute({ teamId: TEAM, channelId: 'CSALES', userId: 'UREGULAR', appName: 'Kumo' });
    expect(prompt).toContain(defaultSystemInstruction('Kumo'));
    expect(prompt).toContain('We sell tea.');
    expect(prompt).toContain('Be brief.');
    expect(prompt).not.toContain('Not this.');
    expect(prompt.indexOf('We sell tea.')).toBeLessThan(prompt.indexOf('Be brief.'));

    await w.instructions.save(TEAM, {
      teamId: TEAM,
      level: 'system',
      targetId: null,
      name: 'System',
      text: 'Custom system.',
      createdBy: 'ops',
      createdAt: w.clock.now(),
      updatedBy: 'ops',
      updatedAt: w.clock.now(),
    });
    const withSystem = await compose.execute({ teamId: TEAM, channelId: 'CNONE', userId: 'UNONE' });
    expect(withSystem).toBe(`## System instructions\nCustom system.\n\n## Workspace instructions\nWe sell tea.\n\n${PRECEDENCE_NOTE}`);
    expect(await compose.execute({ teamId: 'TEMPTY', channelId: 'C', userId: 'U' })).toContain('You are Tomo');
  });
});

describe('saving instructions (spec 2, 6)', () => {
  it('workspace-wide instructions need admin rights', async () => {
    const save = new SaveInstruction(aWorkspaceFixture());
    const input = { teamId: TEAM, level: 'workspace' as const, targetId: null, name: 'n', text: 't' };
    expect(await save.execute({ ...input, actor: aRegularMember })).toMatchObject({ error: { code: 'PERMISSION.ADMIN_REQUIRED' } });
    expect((await save.execute({ ...input, actor: anAdmin })).ok).toBe(true);
  });

  it('system-wide instructions are read-only; channel and user ones need their target', async () => {
    const save = new SaveInstruction(aWorkspaceFixture());
    const input = { teamId: TEAM, actor: anAdmin, name: 'n', text: 't' };
    expect(await save.execute({ ...input, level: 'system', targetId: null })).toMatchObject({ error: { code: 'INSTRUCTIONS.READ_ONLY' } });
    expect(await save.execute({ ...input, level: 'channel', targetId: null })).toMatchObject({
      error: { code: 'INSTRUCTIONS.TARGET_REQUIRED', params: { level: 'channel' } },
    });
  });

  it('a member manages their own user instruction; someone else’s needs admin rights', async () => {
    const save = new SaveInstruction(aWorkspaceFixture());
    const input = { teamId: TEAM, level: 'user' as const, name: 'me', text: 'Call me Hana.' };
    expect((await save.execute({ ...input, actor: aRegularMember, targetId: 'UREGULAR' })).ok).toBe(true);
    expect(await save.execute({ ...input, actor: aRegularMember, targetId: 'UOTHER' })).toMatchObject({
      error: { code: 'PERMISSION.ADMIN_REQUIRED' },
    });
    expect((await save.execute({ ...input, actor: anAdmin, targetId: 'UOTHER' })).ok).toBe(true);
  });

  it('validates text and name, and keeps who created it when someone updates it', async () => {
    const w = aWorkspaceFixture('2025-01-01T00:00:00Z');
    const save = new SaveInstruction(w);
    const input = { teamId: TEAM, actor: aRegularMember, level: 'channel' as const, targetId: 'C1', name: 'n' };
    expect(await save.execute({ ...input, text: '   ' })).toMatchObject({ error: { code: 'INSTRUCTIONS.TEXT_REQUIRED' } });
    expect(await save.execute({ ...input, text: 'x'.repeat(10_001) })).toMatchObject({
      error: { code: 'INSTRUCTIONS.TEXT_TOO_LONG', params: { max: 10_000, length: 10_001 } },
    });
    expect(await save.execute({ ...input, name: 'n'.repeat(51), text: 'ok' })).toMatchObject({
      error: { code: 'INSTRUCTIONS.NAME_TOO_LONG', params: { max: 50 } },
    });
    // Characters as a person counts them: an emoji or 𠮷 is one, not two UTF-16 units.
    expect((await save.execute({ ...input, name: '😀'.repeat(50), text: '𠮷'.repeat(10_000) })).ok).toBe(true);
    expect(await save.execute({ ...input, text: '😀'.repeat(10_001) })).toMatchObject({
      error: { code: 'INSTRUCTIONS.TEXT_TOO_LONG', params: { max: 10_000, length: 10_001 } },
    });
    await save.execute({ ...input, text: ' First. ' });
    w.clock.advanceDays(1);
    const updated = await save.execute({ ...input, actor: anAdmin, text: 'Second.' });
    expect(updated.ok && updated.value).toMatchObject({
      text: 'Second.',
      createdBy: 'UREGULAR',
      createdAt: new Date('2025-01-01T00:00:00Z'),
      updatedBy: 'UADMIN',
      updatedAt: new Date('2025-01-02T00:00:00Z'),
    });
    expect(await w.instructions.listByLevel(TEAM, 'channel')).toHaveLength(1);
  });

  it('deletes with the same permission rules', async () => {
    const w = aWorkspaceFixture();
    await new SaveInstruction(w).execute({ teamId: TEAM, actor: anAdmin, level: 'workspace', targetId: null, name: 'n', text: 't' });
    const del = new DeleteInstruction(w);
    const input = { teamId: TEAM, level: 'workspace' as const, targetId: null };
    expect(await del.execute({ ...input, actor: aRegularMember })).toMatchObject({ error: { code: 'PERMISSION.ADMIN_REQUIRED' } });
    expect(await del.execute({ ...input, actor: anAdmin })).toEqual({ ok: true, value: undefined });
    expect(await del.execute({ ...input, actor: anAdmin })).toMatchObject({ error: { code: 'INSTRUCTIONS.NOT_FOUND' } });
  });
});

describe('instruction metrics (spec 2)', () => {
  it('reports this, total, limit, this tokens, total tokens and the soft token limit', () => {
    const metrics = measureInstructions('abcdefgh', ['abcd', 'ab'], new ApproximateTokenizer());
    expect(metrics).toEqual({
      this: 8,
      total: 14,
      limit: 10_000,
      thisTokens: 2,
      totalTokens: 4,
      softTokenLimit: SOFT_TOKEN_LIMIT,
      overLimit: false,
      overSoftTokenLimit: false,
    });
  });

  it('flags an instruction over the limit and a total over the soft token limit', () => {
    const metrics = measureInstructions('x'.repeat(10_001), ['y'.repeat(8_000)], new ApproximateTokenizer());
    expect(metrics).toMatchObject({ overLimit: true, overSoftTokenLimit: true });
  });

  it('refuses a NUL character or a lone surrogate in the name or the text, naming the field that holds it', () => {
    expect(validateInstruction('Tone\u0000', 'Be brief.')).toMatchObject({ error: { code: 'INPUT.UNSUPPORTED_CHARACTERS', params: { field: 'name' } } });
    expect(validateInstruction('Tone', 'Be \uDE00brief.')).toMatchObject({ error: { code: 'INPUT.UNSUPPORTED_CHARACTERS', params: { field: 'text' } } });
    expect(validateInstruction('Tone 😀', 'Be brief.')).toMatchObject({ ok: true });
  });

  it('counts what is saved: the text without its surrounding spaces, as the limit is checked', () => {
    const padded = `  ${'x'.repeat(10_000)}\n\n`;
    expect(validateInstruction('', padded).ok).toBe(true);
    expect(measureInstructions(padded, [], new ApproximateTokenizer())).toMatchObject({ this: 10_000, total: 10_000, overLimit: false });
  });
});
