import { apiFetch } from '../../../lib/settings/api-client';
import type { CustomReactionView, ReactionCategory } from './get-reactions';

export interface ReactionDraft {
  name: string;
  prompt: string;
  category: ReactionCategory;
}

/** POST /api/settings/reactions (new) or PUT /api/settings/reactions/:id (edit). */
export const saveReaction = (id: string | null, draft: ReactionDraft) =>
  id
    ? apiFetch<CustomReactionView>(`/api/settings/reactions/${encodeURIComponent(id)}`, { method: 'PUT', json: draft })
    : apiFetch<CustomReactionView>('/api/settings/reactions', { method: 'POST', json: draft });
