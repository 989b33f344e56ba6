import type { TeamId, UserId } from '../shared/ids';

/** Composition order, most general first (see docs/instructions.md). */
export const INSTRUCTION_LEVELS = ['system', 'workspace', 'channel', 'user'] as const;
export type InstructionLevel = (typeof INSTRUCTION_LEVELS)[number];

/**
 * One custom instruction (tables system_instructions, workspace_instructions,
 * channel_instructions, user_instructions). Keyed by (teamId, level, targetId):
 * targetId is the channel id for `channel`, the user id for `user`, null otherwise.
 */
export interface InstructionRecord {
  readonly teamId: TeamId;
  readonly level: InstructionLevel;
  readonly targetId: string | null;
  readonly name: string;
  readonly text: string;
  readonly createdBy: UserId;
  readonly createdAt: Date;
  readonly updatedBy: UserId;
  readonly updatedAt: Date;
}
