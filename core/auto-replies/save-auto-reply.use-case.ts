import type { Clock } from '../shared/clock.port';
import type { Outcome } from '../shared/domain-error';
import { fail, ok } from '../shared/domain-error';
import type { TeamId, UserId } from '../shared/ids';
import type { BotEntry } from '../workspace/bots';
import { isBotUserId } from '../workspace/bots';
import type { AutoReplySettingRecord } from './auto-reply-setting';
import type { AutoReplySettingsRepository } from './auto-reply-settings-repository.port';

/** Saves one bot's auto-reply setting (appends to the history; the view shows the latest). */
export class SaveAutoReply {
  constructor(private readonly deps: { readonly autoReplies: AutoReplySettingsRepository; readonly clock: Clock }) {}

  async execute(input: {
    readonly teamId: TeamId;
    readonly userId: UserId;
    readonly botUserId: UserId;
    /** The configurable bots of the workspace (listBots): workflow bots and Tomo are not among them. */
    readonly bots: readonly BotEntry[];
    readonly instruction: string;
    readonly enabled: boolean;
  }): Promise<Outcome<AutoReplySettingRecord>> {
    const bot = input.bots.find((b) => b.id === input.botUserId);
    if (!bot || !isBotUserId(bot.id)) return fail('AUTO_REPLY.BOT_NOT_ALLOWED', { botUserId: input.botUserId });
    const instruction = input.instruction.trim();
    if (input.enabled && instruction === '') return fail('AUTO_REPLY.INSTRUCTION_REQUIRED');
    const record: AutoReplySettingRecord = {
      teamId: input.teamId,
      botUserId: bot.id,
      botName: bot.name,
      instruction,
      enabled: input.enabled,
      updatedBy: input.userId,
      updatedAt: this.deps.clock.now(),
    };
    await this.deps.autoReplies.append(input.teamId, record);
    return ok(record);
  }
}
