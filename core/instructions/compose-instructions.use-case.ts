import type { ChannelId, TeamId, UserId } from '../shared/ids';
import type { InstructionRepository } from './instruction-repository.port';
import { DEFAULT_APP_NAME } from '../customization/app-customization-rules';
import { composeSystemPrompt, defaultSystemInstruction, type TriggerPrompt } from './compose-instructions';

/**
 * The system prompt for one answer: system, workspace, channel and user instructions composed,
 * then the trigger's own task and context (the same order for every trigger).
 */
export class ComposeInstructions {
  constructor(private readonly deps: { readonly instructions: InstructionRepository }) {}

  async execute(input: {
    readonly teamId: TeamId;
    /** null: no channel's instructions apply (e.g. a workflow step without a channel). */
    readonly channelId: ChannelId | null;
    readonly userId: UserId;
    readonly appName?: string;
    readonly trigger?: TriggerPrompt;
  }): Promise<string> {
    const { instructions } = this.deps;
    const [system, workspace, channel, user] = await Promise.all([
      instructions.find(input.teamId, 'system', null),
      instructions.find(input.teamId, 'workspace', null),
      input.channelId === null ? null : instructions.find(input.teamId, 'channel', input.channelId),
      instructions.find(input.teamId, 'user', input.userId),
    ]);
    return composeSystemPrompt({
      system: system?.text ?? defaultSystemInstruction(input.appName ?? DEFAULT_APP_NAME),
      workspace: workspace?.text ?? null,
      channel: channel?.text ?? null,
      user: user?.text ?? null,
    }, input.trigger);
  }
}
