import type { ChannelId, TeamId, UserId } from '../shared/ids';
import type { InstructionRepository } from './instruction-repository.port';
import { DEFAULT_APP_NAME } from '../customization/app-customization-rules';
import { composeSystemPrompt, defaultSystemInstruction } from './compose-instructions';

/** The system prompt for one answer: system, workspace, channel and user instructions composed. */
export class ComposeInstructions {
  constructor(private readonly deps: { readonly instructions: InstructionRepository }) {}

  async execute(input: {
    readonly teamId: TeamId;
    readonly channelId: ChannelId;
    readonly userId: UserId;
    readonly appName?: string;
  }): Promise<string> {
    const { instructions } = this.deps;
    const [system, workspace, channel, user] = await Promise.all([
      instructions.find(input.teamId, 'system', null),
      instructions.find(input.teamId, 'workspace', null),
      instructions.find(input.teamId, 'channel', input.channelId),
      instructions.find(input.teamId, 'user', input.userId),
    ]);
    return composeSystemPrompt({
      system: system?.text ?? defaultSystemInstruction(input.appName ?? DEFAULT_APP_NAME),
      workspace: workspace?.text ?? null,
      channel: channel?.text ?? null,
      user: user?.text ?? null,
    });
  }
}
