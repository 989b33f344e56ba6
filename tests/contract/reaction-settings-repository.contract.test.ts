import { beforeEach, describe, expect, it } from 'vitest';
import { InMemoryReactionSettingsRepository } from '../../adapters/memory/in-memory-reaction-settings-repository';
import { PgReactionSettingsRepository } from '../../adapters/postgres/pg-reaction-settings-repository';
import type { ReactionSettingsRepository } from '../../core/reactions/reaction-settings-repository.port';
import { fail, ok } from '../../core/shared/domain-error';
import { implementations } from './support/implementations';
import { aReaction, at, TEAM_A, TEAM_B } from './support/records';

const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);

describe.each(
  implementations<ReactionSettingsRepository>({
    memory: () => new InMemoryReactionSettingsRepository(),
    postgres: (orm) => new PgReactionSettingsRepository(orm),
  }),
)('ReactionSettingsRepository ($name)', ({ create }) => {
  let reactions: ReactionSettingsRepository;
  beforeEach(async () => {
    reactions = await create();
  });

  it('adds, edits and lists custom reactions', async () => {
    const flag = aReaction({ id: 'r-2', name: 'flag-jp', prompt: 'Translate to Japanese.', category: 'translation' });
    await reactions.save(TEAM_A, aReaction());
    await reactions.save(TEAM_A, flag);
    const edited = aReaction({ prompt: 'Review this carefully.', updatedAt: at(7) });
    await reactions.save(TEAM_A, edited);
    expect((await reactions.list(TEAM_A)).sort(byId)).toEqual([edited, flag]);
    expect(await reactions.findById(TEAM_A, 'r-2')).toEqual(flag);
  });

  it('deletes a reaction once', async () => {
    await reactions.save(TEAM_A, aReaction());
    expect(await reactions.delete(TEAM_A, 'r-1')).toBe(true);
    expect(await reactions.delete(TEAM_A, 'r-1')).toBe(false);
    expect(await reactions.findById(TEAM_A, 'r-1')).toBeNull();
  });

  it('keeps teams apart: team B neither reads, edits nor deletes team A reactions', async () => {
    await reactions.save(TEAM_A, aReaction());
    expect(await reactions.list(TEAM_B)).toEqual([]);
    expect(await reactions.findById(TEAM_B, 'r-1')).toBeNull();
    expect(await reactions.delete(TEAM_B, 'r-1')).toBe(false);
    await expect(reactions.save(TEAM_B, aReaction({ prompt: 'evil' }))).rejects.toThrow(/team/);
    await reactions.save(TEAM_B, aReaction({ teamId: TEAM_B, prompt: 'theirs' }));
    expect(await reactions.findById(TEAM_A, 'r-1')).toEqual(aReaction());
  });

  it('saves what the check decides from the current reactions, and nothing when it refuses', async () => {
    await reactions.save(TEAM_A, aReaction());
    const refused = await reactions.saveChecked(TEAM_A, (existing) => {
      expect(existing).toEqual([aReaction()]);
      return fail('REACTION.NAME_EXISTS', { name: 'eyes' });
    });
    expect(refused).toEqual({ ok: false, error: { code: 'REACTION.NAME_EXISTS', params: { name: 'eyes' } } });
    const flag = aReaction({ id: 'r-2', name: 'flag-jp' });
    expect(await reactions.saveChecked(TEAM_A, () => ok(flag))).toEqual(ok(flag));
    expect((await reactions.list(TEAM_A)).sort(byId)).toEqual([aReaction(), flag]);
    await expect(reactions.saveChecked(TEAM_B, () => ok(aReaction({ prompt: 'evil' })))).rejects.toThrow(/team/);
    expect(await reactions.findById(TEAM_A, 'r-1')).toEqual(aReaction());
  });
});
