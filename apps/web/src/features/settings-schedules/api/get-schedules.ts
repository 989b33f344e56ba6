import { apiFetch } from '../../../lib/settings/api-client';

export interface ScheduleRowView {
  number: number;
  channelId: string;
  channelName: string;
  isSummaryEnabled: boolean;
  /** 'HH:mm' in UTC; null when never saved. */
  startTimeUtc: string | null;
  /** 'HH:mm' in the schedule's own time zone; null when never saved. */
  localTime?: string | null;
  /** The IANA time zone the schedule keeps its local time in; null when saved before zones were kept. */
  timeZone?: string | null;
  /** When it next runs at its local time (or would, switched off), ISO; null when never saved. */
  nextRunAt?: string | null;
  lookbackDays: number;
  updatedAt: string | null;
  updatedByName: string | null;
}

/** GET /api/settings/schedules */
export const getSchedules = () =>
  apiFetch<{ defaults: { localTime: string; lookbackDays: number }; rows: ScheduleRowView[] }>('/api/settings/schedules');
