import { apiFetch } from '../../../lib/settings/api-client';

/** GET /api/settings/auto-replies */
export interface AutoReplyRow {
  number: number;
  botUserId: string;
  botName: string;
  instruction: string;
  enabled: boolean;
  updatedByName: string | null;
  updatedAt: string | null;
}

export const getAutoReplies = () => apiFetch<{ rows: AutoReplyRow[] }>('/api/settings/auto-replies');
