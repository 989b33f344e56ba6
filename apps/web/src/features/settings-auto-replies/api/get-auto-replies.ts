import { apiFetch } from '../../../lib/settings/api-client';

/** GET /api/settings/auto-replies */
export interface AutoReplyRow {
  number: number;
  botUserId: string;
  botName: string;
  instruction: string;
  enabled: boolean;
  /** The bot's channels and whether Tomo is in each; null when Slack could not be asked. */
  channels: { id: string; name: string; tomoIsMember: boolean }[] | null;
  updatedByName: string | null;
  updatedAt: string | null;
}

export const getAutoReplies = () => apiFetch<{ rows: AutoReplyRow[] }>('/api/settings/auto-replies');
