import { Router } from 'express';
import { z } from 'zod';
import { utcTimeToLocal } from '../../../../core/schedules/local-time';
import { SaveSchedule } from '../../../../core/schedules/save-schedule.use-case';
import { runAtOrAfter } from '../../../../core/schedules/schedule-runs';
import { canonicalTimeZone, MAX_TIME_ZONE_LENGTH } from '../../../../core/schedules/time-zone';
import { DEFAULT_LOCAL_TIME, DEFAULT_LOOKBACK_DAYS, scheduleRows } from '../../../../core/schedules/schedule-rules';
import { channelDisplayName, type ChannelEntry } from '../../../../core/workspace/channel';
import { WorkspaceNotInstalledError } from '../../../../core/workspace/workspace-directory.port';
import { sendDomainError, sendHttpError } from '../session/api-errors';
import { listedMembers, signedIn } from '../session/signed-in';
import { channelsForChange, failed, iso, nameOf, type SettingsDeps } from './settings-deps';
import { unnamedTexts } from '../session/unnamed-texts';
import { parseBody } from './validation';

const scheduleChange = z.object({
  isSummaryEnabled: z.boolean(),
  localTime: z.string({ error: 'SCHEDULE.INVALID_LOCAL_TIME' }).max(16),
  /** The browser's Date#getTimezoneOffset(): UTC minus local, in minutes. */
  timezoneOffsetMinutes: z.number().int().min(-900).max(900),
  /** The browser's IANA time zone; checked against Intl's time zone data by SaveSchedule. */
  timeZone: z
    .string({ error: 'SCHEDULE.INVALID_TIME_ZONE' })
    .max(MAX_TIME_ZONE_LENGTH, { error: 'SCHEDULE.INVALID_TIME_ZONE' })
    .refine((name) => canonicalTimeZone(name).ok, { error: 'SCHEDULE.INVALID_TIME_ZONE' })
    .nullish(),
  // Not a number at all is refused by the same rule as 0 or 31, so the message names the range.
  lookbackDays: z.number().catch(Number.NaN),
});

/**
 * Schedules page: one row per channel Tomo can see, with its daily summary setting. Times
 * are stored in UTC; the page converts from and to the browser's time zone.
 */
export function scheduleSettingsRoutes(deps: SettingsDeps): Router {
  const router = Router();
  const save = new SaveSchedule({ schedules: deps.schedules, clock: deps.clock });

  router.get('/api/settings/schedules', async (req, res) => {
    const { teamId } = signedIn(res);
    let channels: ChannelEntry[];
    try {
      channels = await deps.access.channels(signedIn(res), listedMembers(res)?.members);
    } catch (error) {
      if (!(error instanceof WorkspaceNotInstalledError)) {
        // Channel failures are logged and surfaced (spec 8): the page shows the error.
        deps.logger.error({ err: error, teamId }, 'channel list failed');
        sendDomainError(req, res, { code: 'UNKNOWN' }, { status: 502 });
        return;
      }
      channels = [];
    }
    const saved = await deps.schedules.listLatest(teamId);
    const members = saved.length > 0 ? await deps.access.membersOrEmpty(teamId) : [];
    const now = deps.clock.now();
    const { noName } = unnamedTexts(req);
    res.json({
      defaults: { localTime: DEFAULT_LOCAL_TIME, lookbackDays: DEFAULT_LOOKBACK_DAYS },
      rows: scheduleRows(channels, saved, noName).map((row, index) => {
        const setting = saved.find((s) => s.channelId === row.channelId);
        return {
          number: index + 1,
          ...row,
          // The saved local time in the zone it is kept in: the page shows it as is when the
          // browser is in that zone (the UTC time moves with daylight saving; this does not).
          localTime: setting ? localTimeOf(setting.startTimeUtc, setting.timezoneOffsetMinutes) : null,
          timeZone: setting?.timeZone ?? null,
          // When it next runs at that local time (or would, switched off): a browser in another
          // zone shows this instant's time, since the UTC time saved may be an hour off today.
          nextRunAt: setting ? iso(runAtOrAfter(setting, now)) : null,
          updatedAt: iso(row.updatedAt),
          updatedByName: nameOf(members, setting?.updatedBy, noName),
        };
      }),
    });
  });

  router.put('/api/settings/schedules/:channelId', async (req, res) => {
    const body = parseBody(scheduleChange, req, res);
    if (!body) return;
    const { teamId, userId } = signedIn(res);
    const channels = await channelsForChange(deps, req, res, { teamId, userId });
    if (!channels) return;
    const channel = channels.find((c) => c.id === req.params.channelId);
    if (!channel) {
      sendHttpError(req, res, 404, 'NOT_FOUND');
      return;
    }
    const outcome = await save.execute({
      teamId,
      userId,
      channelId: channel.id,
      channelName: channelDisplayName(channel),
      isSummaryEnabled: body.isSummaryEnabled,
      localTime: body.localTime,
      timezoneOffsetMinutes: body.timezoneOffsetMinutes,
      timeZone: body.timeZone ?? null,
      lookbackDays: body.lookbackDays,
    });
    if (failed(req, res, outcome)) return;
    const record = outcome.value;
    res.json({ channelId: record.channelId, startTimeUtc: record.startTimeUtc, timeZone: record.timeZone, updatedAt: iso(record.updatedAt) });
  });

  return router;
}

function localTimeOf(startTimeUtc: string, timezoneOffsetMinutes: number): string | null {
  const local = utcTimeToLocal(startTimeUtc, timezoneOffsetMinutes);
  return local.ok ? local.value : null;
}
