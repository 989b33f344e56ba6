import { apiFetch } from '../../../lib/settings/api-client';

/** PUT /api/settings/schedules/:channelId — the local time with the browser's offset; stored in UTC. */
export const saveSchedule = (
  channelId: string,
  change: { isSummaryEnabled: boolean; localTime: string; timezoneOffsetMinutes: number; timeZone?: string; lookbackDays: number },
) => apiFetch<{ startTimeUtc: string }>(`/api/settings/schedules/${encodeURIComponent(channelId)}`, { method: 'PUT', json: change });
