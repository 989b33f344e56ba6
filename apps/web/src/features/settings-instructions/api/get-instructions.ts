import { apiFetch } from '../../../lib/settings/api-client';

export type InstructionLevel = 'system' | 'workspace' | 'channel' | 'user';

export interface InstructionMetrics {
  this: number;
  total: number;
  limit: number;
  thisTokens: number;
  totalTokens: number;
  softTokenLimit: number;
  overLimit: boolean;
  overSoftTokenLimit: boolean;
}

/** Which instruction, and who wrote it when. */
export interface InstructionAbout {
  level: InstructionLevel;
  targetId: string | null;
  targetName: string | null;
  name: string;
  createdByName: string | null;
  createdAt: string | null;
  updatedByName: string | null;
  updatedAt: string | null;
}

export interface InstructionView extends InstructionAbout {
  text: string;
  metrics: InstructionMetrics;
}

/** GET /api/settings/instructions */
export interface InstructionsPage {
  isAdmin: boolean;
  /** `builtIn`: Tomo's own words (English, naming `appName`), not an operator's stored instruction. */
  system: { text: string; readOnly: true; builtIn: boolean; appName: string; metrics: InstructionMetrics };
  workspace: InstructionView | null;
  channels: InstructionView[];
  /** Admins only: channel instructions whose channel Slack no longer lists, without their text. */
  unlistedChannels?: InstructionAbout[];
  users: InstructionView[];
  /** The signed-in person's own user-specific instruction. */
  own: InstructionView | null;
  channelOptions: { id: string; name: string }[];
  /** Slack could not list the channels: the channel instructions cannot be shown. */
  channelsFailed: boolean;
  nameLimit: number;
}

export const getInstructions = () => apiFetch<InstructionsPage>('/api/settings/instructions');
