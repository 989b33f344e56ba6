import { TriggerUseCase } from '../triggers/trigger-use-case';
import type { AnswerPipelineResult, TriggerDeps } from '../assistant/answer-pipeline';
import { isChatPlatformError } from '../assistant/chat-platform-error';
import type { ThreadMessage } from '../assistant/chat-platform.port';
import type { ChannelId, TeamId, UserId } from '../shared/ids';
import { isBotMember, memberDisplayName } from '../workspace/member';
import type { LocatedMessage } from '../triggers/chat-workspace.port';
import { decideTrigger, triggerSettings, type IgnoreReason } from '../triggers/decide-trigger';
import { claimKey } from '../triggers/trigger-gate';
import type { Reaction } from './reaction';
import { reactionEmoji } from './reaction-rules';
import type { ReactionSettingsRepository } from './reaction-settings-repository.port';

/** reaction_added on a message, as ids (what the job carries). */
export interface AnswerReactionInput {
  readonly eventId: string;
  readonly teamId: TeamId;
  readonly channelId: ChannelId;
  /** The reacted message. */
  readonly itemTs: string;
  /** The emoji's short name as Slack sent it. */
  readonly reaction: string;
  /** Who reacted. */
  readonly userId: UserId;
  /** Enterprise Grid: the receiving workspace's organization. */
  readonly enterpriseId?: string;
}

export interface AnswerReactionDeps extends TriggerDeps {
  readonly reactions: ReactionSettingsRepository;
}

export type AnswerReactionResult =
  | { readonly status: 'ignored'; readonly reason: IgnoreReason | 'duplicate' | 'not_installed' | 'message_not_found' | 'bot_reactor' }
  | AnswerPipelineResult;

/**
 * A preset or custom reaction prompt on a message → Tomo runs the reaction's prompt on that
 * message (and its thread, when it is the parent) and answers in its thread. One answer per
 * emoji per message, whoever reacts and however often; counted as a Reaction on the
 * reactor's seat; a refusal only the reactor sees, which leaves the answer to the next reactor.
 */
export class AnswerReaction extends TriggerUseCase<AnswerReactionDeps> {
  async execute(input: AnswerReactionInput): Promise<AnswerReactionResult> {
    const { deps } = this;
    const installation = await deps.installations.find(input.teamId);
    if (!installation || installation.uninstalledAt !== null) return { status: 'ignored', reason: 'not_installed' };
    const decision = decideTrigger(
      {
        kind: 'reaction_added',
        teamId: input.teamId,
        channelId: input.channelId,
        reaction: input.reaction,
        itemTs: input.itemTs,
        // Known once the message is read; the reply then goes to its thread.
        itemThreadTs: null,
        sender: { userId: input.userId, botId: null },
      },
      triggerSettings({ userId: installation.botUserId, botId: installation.botId }, { customReactions: await deps.reactions.list(input.teamId) }),
    );
    if (!decision.respond) return { status: 'ignored', reason: decision.reason };
    if (decision.intent !== 'reaction_prompt') return { status: 'ignored', reason: 'not_a_reaction_prompt' };

    if (!installation.botToken) return { status: 'ignored', reason: 'not_installed' };

    // Read before claiming: Slack also sends reactions from channels Tomo is not in (shared
    // channels). Such a reaction must not spend the emoji's one answer there, or the same flag
    // would stay unanswered for a week after Tomo is invited.
    const access = { teamId: input.teamId, botToken: installation.botToken, botUserId: installation.botUserId };
    const chat = deps.chat.forWorkspace(access);
    const message = await readable(() => chat.readMessage(input.channelId, input.itemTs));
    if (!message) return { status: 'ignored', reason: 'message_not_found' };
    // Slack names a bot reactor by its user id alone (no bot_id): only its profile tells. A bot
    // (another app adding flags to new messages) would have each of Tomo's answers answered
    // again, forever; and it must not spend the emoji's one answer a person's reaction gets.
    const reactor = (await chat.getUsers([input.userId])).get(input.userId);
    if (reactor && isBotMember(reactor)) return { status: 'ignored', reason: 'bot_reactor' };

    // The same emoji (under any alias) on the same message: one answer, whoever reacts.
    const emoji = reactionEmoji(input.reaction);
    const key = claimKey('reaction', input.teamId, input.channelId, input.itemTs, emoji);
    const gate = await this.gate.open({
      key,
      teamId: input.teamId,
      type: 'reaction_added',
      // The reactor's profile looked up above serves the answer too (one users.info, not two).
      platform: chat,
    });
    if (!gate.open) return { status: 'ignored', reason: gate.reason };
    const { workspace } = gate;
    const { platform } = workspace;
    const thread = { channelId: input.channelId, threadTs: message.threadTs };
    const isParent = message.threadTs === message.ts && message.replyCount > 0;
    const inThread = message.threadTs !== message.ts || message.replyCount > 0;
    // A reaction names no workspace of the reactor's (no `user_team`): their profile does, so a
    // Slack Connect partner's person takes no seat of this workspace's paid plan, as for questions.
    const asker = await this.pipeline.asker(workspace, decision.requesterId, {
      fromProfile: input.enterpriseId === undefined ? {} : { enterpriseId: input.enterpriseId },
    });
    const result = await this.pipeline.answer({
      workspace,
      asker,
      usageKind: decision.usageKind,
      channelId: input.channelId,
      thread,
      thinkingOn: input.itemTs,
      task: reactionTask(decision.reaction, emoji, asker.profile ? memberDisplayName(asker.profile) : 'someone', isParent),
      messages: async () => (isParent ? reactedLast(await platform.readThread(thread), message.ts) : [message]),
      refuse: (text) =>
        platform.postEphemeral({
          channelId: input.channelId,
          userId: decision.requesterId,
          text,
          ...(inThread ? { threadTs: message.threadTs } : {}),
          appearance: asker.appearance,
        }),
    });
    // A refusal is shown to its reactor only: the next person's same emoji (someone with a seat,
    // requests left, or of this workspace) must still get the message's one answer.
    if (result.status === 'denied') await deps.processedEvents.release(key);
    return result;
  }
}

/** The reaction's prompt, and which message it is about. */
export function reactionTask(reaction: Reaction, emoji: string, reactor: string, withThread: boolean): string {
  const which = withThread
    ? `The message to work on is the last one of the conversation: ${reactor} reacted to it with :${emoji}:. ` +
      'The messages before it are the replies in its thread, given for context only.'
    : `The message to work on is the one in the conversation: ${reactor} reacted to it with :${emoji}:.`;
  return `${reaction.prompt}\n\n${which}`;
}

/** A parent's thread with the parent moved last, so it is what is worked on (and kept under the token limit). */
function reactedLast(thread: readonly ThreadMessage[], parentTs: string): ThreadMessage[] {
  const parent = thread.filter((m) => m.ts === parentTs);
  return [...thread.filter((m) => m.ts !== parentTs), ...parent];
}

/** A message Tomo cannot see (deleted, or a channel it is not in) is not an error: nothing to do. */
async function readable(read: () => Promise<LocatedMessage | null>): Promise<LocatedMessage | null> {
  try {
    return await read();
  } catch (error) {
    if (isChatPlatformError(error) && error.code === 'not_found') return null;
    throw error;
  }
}
