import type { TeamId, UserId } from '../shared/ids';

export type ReactionCategory = 'explanation' | 'translation' | 'custom';
export type ReactionKind = 'preset' | 'custom';

/** A reaction prompt: adding emoji `name` to a message runs `prompt` on it. */
export interface Reaction {
  readonly name: string;
  readonly prompt: string;
  readonly category: ReactionCategory;
  readonly kind: ReactionKind;
}

/** Table `reaction_settings`: the workspace's custom reactions. */
export interface CustomReactionRecord {
  readonly teamId: TeamId;
  readonly id: string;
  readonly name: string;
  readonly prompt: string;
  /** Custom reactions default to 'custom'. */
  readonly category: ReactionCategory;
  readonly updatedBy: UserId;
  readonly updatedAt: Date;
}
