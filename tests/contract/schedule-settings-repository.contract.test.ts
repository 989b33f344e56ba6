import { beforeEach, describe, expect, it } from 'vitest';
import { InMemoryScheduleSettingsRepository } from '../../adapters/memory/in-memory-schedule-settings-repository';
import { PgScheduleSettingsRepository } from '../../adapters/postgres/pg-schedule-settings-repository';
import type { ScheduleSettingsRepository } from '../../core/schedules/schedule-settings-repository.port';
import { implementations } from './support/implementations';
import { aSchedule, at, TEAM_A, TEAM_B } from './support/records';

describe.each(
  implementations<ScheduleSettingsRepository>({
    memory: () => new InMemoryScheduleSettingsRepository(),
    postgres: (orm) => new PgScheduleSettingsRepository(orm),
  }),
)('ScheduleSettingsRepository ($name)', ({ create }) => {
  let schedules: ScheduleSettingsRepository;
  beforeEach(async () => {
    schedules = await create();
  });

  it('reads the latest change per channel', async () => {
    const random = aSchedule({ channelId: 'C002', channelName: 'random', isSummaryEnabled: false, updatedAt: at(2) });
    const moved = aSchedule({ startTimeUtc: '23:45', lookbackDays: 7, updatedBy: 'U0OTHER', updatedAt: at(3) });
    await schedules.append(TEAM_A, aSchedule());
    await schedules.append(TEAM_A, random);
    await schedules.append(TEAM_A, moved);
    expect(await schedules.findLatest(TEAM_A, 'C001')).toEqual(moved);
    const latest = await schedules.listLatest(TEAM_A);
    expect(latest).toHaveLength(2);
    expect(latest).toEqual(expect.arrayContaining([moved, random]));
  });

  it('has nothing for a channel never scheduled', async () => {
    expect(await schedules.findLatest(TEAM_A, 'C404')).toBeNull();
  });

  it('keeps teams apart: team B neither reads nor changes team A schedules', async () => {
    await schedules.append(TEAM_A, aSchedule());
    expect(await schedules.listLatest(TEAM_B)).toEqual([]);
    expect(await schedules.findLatest(TEAM_B, 'C001')).toBeNull();
    await expect(schedules.append(TEAM_B, aSchedule({ isSummaryEnabled: false }))).rejects.toThrow(/team/);
    await schedules.append(TEAM_B, aSchedule({ teamId: TEAM_B, isSummaryEnabled: false }));
    expect(await schedules.findLatest(TEAM_A, 'C001')).toEqual(aSchedule());
  });
});
