import { apiFetch } from '../../../lib/settings/api-client';

export type ReactionCategory = 'explanation' | 'translation' | 'custom';

export interface PresetReactionView {
  name: string;
  prompt: string;
  category: ReactionCategory;
}

export interface CustomReactionView extends PresetReactionView {
  id: string;
  updatedByName: string | null;
  updatedAt: string | null;
}

/** GET /api/settings/reactions */
export const getReactions = () => apiFetch<{ preset: PresetReactionView[]; custom: CustomReactionView[] }>('/api/settings/reactions');
