import type { PresetAction } from '../../../../../../core/reactions/preset-reactions';
import { apiFetch } from '../../../lib/settings/api-client';

export type ReactionCategory = 'explanation' | 'translation' | 'custom';

interface ReactionView {
  name: string;
  prompt: string;
  category: ReactionCategory;
}

export interface PresetReactionView extends ReactionView {
  /** What the preset does, said on the page in its language (`reactions.does.<key>`). */
  does: PresetAction;
  /** BCP 47 code of the language a translation preset translates into. */
  language?: string;
}

export interface CustomReactionView extends ReactionView {
  id: string;
  updatedByName: string | null;
  updatedAt: string | null;
}

/** GET /api/settings/reactions */
export const getReactions = () => apiFetch<{ preset: PresetReactionView[]; custom: CustomReactionView[] }>('/api/settings/reactions');
