import type { PgRepositories } from '../../../../adapters/postgres/pg-repositories';
import type { SeededWorkspace } from '../../../../adapters/slack-emulator/seed-workspace';

/** A daily summary of `channelId` saved by `owner` on the Schedules page, next due in two hours. */
export async function saveDailySummary(repositories: PgRepositories, ws: SeededWorkspace, channelId: string, owner: string): Promise<void> {
  const at = new Date(Date.now() + 2 * 3_600_000);
  await repositories.scheduleSettings.append(ws.team.id, {
    teamId: ws.team.id,
    channelId,
    channelName: channelId.toLowerCase(),
    isSummaryEnabled: true,
    startTimeUtc: at.toISOString().slice(11, 16),
    lookbackDays: 1,
    timezoneOffsetMinutes: 0,
    timeZone: 'UTC',
    updatedBy: owner,
    updatedAt: new Date(Date.now() - 60_000),
  });
}
