import type { Clock } from '../shared/clock.port';
import type { ChannelId } from '../shared/ids';
import type { Tokenizer } from '../shared/tokenizer.port';
import { memberDisplayName } from '../workspace/member';
import type { ChannelMessage } from '../triggers/chat-workspace.port';
import type { OpenWorkspace } from '../triggers/trigger-gate';
import type { AnswerRequest, Asker } from './answer-pipeline';
import { channelTranscript } from './channel-transcript';
import { displayNamesOf, userIdsInThread } from './thread-context';

/** How far back a channel is read when a question is about it ("summarize this channel"). */
export const CHANNEL_CONTEXT_HOURS = 24;
/** A question's context is never more than this many messages and threads of a channel. */
const MAX_MESSAGES = 200;
const MAX_THREADS = 10;

/**
 * A channel the question is about (the one the person views beside the AI-app thread, or a
 * workflow step's channel): its last day of messages as context, within half the token
 * budget, or a note that Tomo cannot read it.
 */
export function viewedChannelContext(
  workspace: OpenWorkspace,
  asker: Asker,
  channelId: ChannelId,
  deps: { readonly clock: Clock; readonly tokenizer: Tokenizer },
): NonNullable<AnswerRequest['context']> {
  return {
    share: 0.5,
    load: async (budgetTokens) => {
      const { platform } = workspace;
      const info = await platform.channelInfo(channelId);
      const name = info?.name ? `#${info.name}` : `<#${channelId}>`;
      const title = `Channel ${name}, which ${asker.profile ? memberDisplayName(asker.profile) : 'the person'} is looking at`;
      if (!info || !info.isMember) {
        return {
          title,
          text:
            `${asker.appName} is not a member of ${name}, so it cannot read it. If the question is about that channel, ` +
            `say so and suggest inviting ${asker.appName} there with /invite @${asker.appName}.`,
        };
      }
      const to = deps.clock.now();
      const messages = await platform.readChannel(channelId, {
        from: new Date(to.getTime() - CHANNEL_CONTEXT_HOURS * 3_600_000),
        to,
        maxMessages: MAX_MESSAGES,
        maxThreads: MAX_THREADS,
      });
      const transcript = await transcriptOf(workspace, messages, asker.appName, budgetTokens, deps.tokenizer);
      return {
        title: `${title}: its messages of the last ${CHANNEL_CONTEXT_HOURS} hours`,
        text: transcript === '' ? `There were no messages in ${name} in the last ${CHANNEL_CONTEXT_HOURS} hours.` : transcript,
      };
    },
  };
}

/** A channel's messages with people's names, cut to the budget (newest kept). */
export async function transcriptOf(
  workspace: OpenWorkspace,
  messages: readonly ChannelMessage[],
  appName: string,
  budgetTokens: number,
  tokenizer: Tokenizer,
): Promise<string> {
  const names = displayNamesOf(await workspace.platform.getUsers(userIdsInThread(messages)));
  return channelTranscript({ messages, names, self: workspace.self, appName, budgetTokens, tokenizer }).text;
}
