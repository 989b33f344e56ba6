import { beforeEach, describe, expect, it } from 'vitest';
import { InMemoryAutoReplySettingsRepository } from '../../adapters/memory/in-memory-auto-reply-settings-repository';
import { PgAutoReplySettingsRepository } from '../../adapters/postgres/pg-auto-reply-settings-repository';
import type { AutoReplySettingsRepository } from '../../core/auto-replies/auto-reply-settings-repository.port';
import { implementations } from './support/implementations';
import { anAutoReply, at, TEAM_A, TEAM_B } from './support/records';

describe.each(
  implementations<AutoReplySettingsRepository>({
    memory: () => new InMemoryAutoReplySettingsRepository(),
    postgres: (orm) => new PgAutoReplySettingsRepository(orm),
  }),
)('AutoReplySettingsRepository ($name)', ({ create }) => {
  let settings: AutoReplySettingsRepository;
  beforeEach(async () => {
    settings = await create();
  });

  it('reads the latest change per bot, with who changed it and when', async () => {
    const otherBot = anAutoReply({ botUserId: 'U0ALERTBOT', botName: 'Alerts', updatedAt: at(2) });
    const disabled = anAutoReply({ enabled: false, updatedBy: 'U0OTHERADMIN', updatedAt: at(3) });
    await settings.append(TEAM_A, anAutoReply());
    await settings.append(TEAM_A, otherBot);
    await settings.append(TEAM_A, disabled);
    expect(await settings.findLatest(TEAM_A, 'U0DEPLOYBOT')).toEqual(disabled);
    const latest = await settings.listLatest(TEAM_A);
    expect(latest).toHaveLength(2);
    expect(latest).toEqual(expect.arrayContaining([disabled, otherBot]));
  });

  it('the last write wins even when its clock reads earlier', async () => {
    await settings.append(TEAM_A, anAutoReply({ updatedAt: at(10) }));
    await settings.append(TEAM_A, anAutoReply({ instruction: 'newer', updatedAt: at(9) }));
    expect((await settings.findLatest(TEAM_A, 'U0DEPLOYBOT'))?.instruction).toBe('newer');
  });

  it('has nothing for a bot never configured', async () => {
    expect(await settings.findLatest(TEAM_A, 'U0NOBODY')).toBeNull();
    expect(await settings.listLatest(TEAM_A)).toEqual([]);
  });

  it('keeps teams apart: team B neither reads nor changes team A settings', async () => {
    await settings.append(TEAM_A, anAutoReply());
    expect(await settings.listLatest(TEAM_B)).toEqual([]);
    expect(await settings.findLatest(TEAM_B, 'U0DEPLOYBOT')).toBeNull();
    await expect(settings.append(TEAM_B, anAutoReply({ enabled: false }))).rejects.toThrow(/team/);
    await settings.append(TEAM_B, anAutoReply({ teamId: TEAM_B, enabled: false, updatedAt: at(5) }));
    expect(await settings.findLatest(TEAM_A, 'U0DEPLOYBOT')).toEqual(anAutoReply());
  });
});
