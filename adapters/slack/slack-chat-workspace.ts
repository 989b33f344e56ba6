import { isChatPlatformError } from '../../core/assistant/chat-platform-error';
import type { BotAppearance, ThreadMessage, ThreadRef, WorkspaceAccess } from '../../core/assistant/chat-platform.port';
import type { HomeView } from '../../core/home/home-view';
import type {
  ChannelInfo,
  ChannelMessage,
  ChannelWindow,
  ChatWorkspace,
  ChatWorkspaceFactory,
  FunctionOutcome,
  HomePublished,
  LocatedMessage,
  SuggestedPrompt,
} from '../../core/triggers/chat-workspace.port';
import { createSlackCaller, postEphemeralOnce } from './slack-api-caller';
import { appearanceArgs, compareTs, SlackChatPlatform, type SlackChatPlatformOptions } from './slack-chat-platform';
import { homeViewToSlack } from './home-blocks';
import { visibleTo } from './slack-linked-message';
import { slackBotName, slackMessageFiles, slackMessageWords, type SlackMessage } from './slack-message-text';

/** Builds the triggers' Web API client per installation (bot token). */
/** conversations.history's refusals of a `latest` or `oldest` that is no timestamp. */
const INVALID_TS = new Set(['invalid_ts_latest', 'invalid_ts_oldest']);

export class SlackChatWorkspaceFactory implements ChatWorkspaceFactory {
  constructor(private readonly options: SlackChatPlatformOptions = {}) {}

  forWorkspace(access: WorkspaceAccess): ChatWorkspace {
    return new SlackChatWorkspace(createSlackCaller(access.botToken, this.options), access, this.options);
  }
}

interface MessagesPage {
  messages?: (SlackMessage & { latest_reply?: string })[];
  has_more?: boolean;
  response_metadata?: { next_cursor?: string };
}

/** Channel history a summary or question reads: people's messages, bots', file shares; not joins or topic changes. */
const READABLE_SUBTYPES = new Set([undefined, 'bot_message', 'file_share', 'thread_broadcast', 'me_message']);
const PAGE_SIZE = 200;
/** Pages of history read before the window for threads still active in it (Slack rate-limits conversations.history). */
const OLDER_THREAD_PAGES = 3;

/**
 * SlackChatPlatform plus what the triggers need: conversations.history / replies / info,
 * chat.postEphemeral, views.publish, functions.complete*, assistant.threads.setSuggestedPrompts
 * and setTitle, bots.info. Same single retry layer (slack-api-caller).
 */
export class SlackChatWorkspace extends SlackChatPlatform implements ChatWorkspace {
  /**
   * conversations.history finds a top-level message (or a thread's parent) by its ts; a reply
   * is not in the history, so conversations.replies, which accepts any message of a thread, finds it.
   */
  async readMessage(channelId: string, ts: string): Promise<LocatedMessage | null> {
    let history: MessagesPage;
    try {
      history = (await this.call('conversations.history', {
        channel: channelId,
        latest: ts,
        oldest: ts,
        inclusive: true,
        limit: 1,
      })) as MessagesPage;
    } catch (error) {
      // Not a timestamp at all (an Ask Tomo step's free-text input holding a link or a word):
      // Slack refuses it as `invalid_ts_latest`/`invalid_ts_oldest`. No message has it, and a
      // retry would be refused the same way.
      if (isChatPlatformError(error) && INVALID_TS.has(error.platformCode ?? '')) return null;
      throw error;
    }
    const top = history.messages?.find((m) => m.ts === ts);
    // A thread's parent deleted by its author stays as Slack's tombstone ("This message was
    // deleted.", by USLACKBOT) so its replies can be opened: no message to work on.
    if (top?.subtype === 'tombstone') return null;
    if (top) return this.located(top, top.thread_ts ?? ts, top.reply_count ?? 0);
    try {
      let cursor: string | undefined;
      for (let page = 0; page < 50; page += 1) {
        const replies = (await this.call('conversations.replies', {
          channel: channelId,
          ts,
          limit: PAGE_SIZE,
          ...(cursor === undefined ? {} : { cursor }),
        })) as MessagesPage;
        const found = replies.messages?.find((m) => m.ts === ts);
        if (found?.subtype === 'tombstone') return null;
        if (found) return this.located(found, found.thread_ts ?? ts, found.thread_ts === undefined || found.thread_ts === ts ? (found.reply_count ?? 0) : 0);
        cursor = replies.response_metadata?.next_cursor || undefined;
        if (cursor === undefined) return null;
      }
      return null;
    } catch (error) {
      if (isChatPlatformError(error) && error.platformCode === 'thread_not_found') return null;
      throw error;
    }
  }

  /**
   * A message found by its ts, with the files it shares: a reaction on a file share, or a
   * workflow step pointed at one, is about the file (its readers read it as in a thread).
   */
  private async located(message: SlackMessage, threadTs: string, replyCount: number): Promise<LocatedMessage> {
    const listed = slackMessageFiles(message);
    await this.lookUpConnectFiles(listed ?? []);
    const files = this.sharedFiles(listed);
    return { ...toThreadMessage(message), threadTs, replyCount, ...(files.length === 0 ? {} : { files }) };
  }

  async readChannel(channelId: string, window: ChannelWindow): Promise<ChannelMessage[]> {
    const maxMessages = window.maxMessages ?? 1_000;
    const maxThreads = window.maxThreads ?? 50;
    const from = slackTs(window.from);
    const to = slackTs(window.to);
    // Newest first, as Slack pages it.
    const parents: SlackMessage[] = [];
    let cursor: string | undefined;
    while (parents.length < maxMessages) {
      const page = (await this.call('conversations.history', {
        channel: channelId,
        oldest: from,
        latest: to,
        inclusive: true,
        limit: PAGE_SIZE,
        ...(cursor === undefined ? {} : { cursor }),
      })) as MessagesPage;
      for (const message of page.messages ?? []) if (readable(message)) parents.push(message);
      cursor = page.response_metadata?.next_cursor || undefined;
      if (cursor === undefined || page.has_more === false) break;
    }
    const kept = parents.slice(0, maxMessages);
    // The busiest threads among the newest parents get their replies read.
    const threaded = new Set(
      kept.filter((m) => (m.reply_count ?? 0) > 0).slice(0, maxThreads).map((m) => m.ts!),
    );
    const result: ChannelMessage[] = [];
    // Older parents whose threads went on inside the window, each with its replies there.
    const older = window.threadsSince === undefined ? [] : await this.olderActiveThreads(channelId, slackTs(window.threadsSince), from, maxThreads - threaded.size);
    for (const parent of older) {
      threaded.add(parent.ts!);
      result.push(toChannelMessage(parent, parent.ts!));
      const thread = await this.readThread({ channelId, threadTs: parent.ts! }, { oldest: from, latest: to });
      for (const reply of thread) {
        if (reply.ts === parent.ts || compareTs(reply.ts, from) < 0 || compareTs(reply.ts, to) > 0) continue;
        result.push({ ...reply, threadTs: parent.ts! });
      }
    }
    for (const parent of [...kept].reverse()) {
      // A reply also sent to the channel is listed in the history too: its thread, when read, has it.
      if (parent.subtype === 'thread_broadcast' && parent.thread_ts !== undefined && threaded.has(parent.thread_ts)) continue;
      result.push(toChannelMessage(parent, parent.ts!));
      if (!threaded.has(parent.ts!)) continue;
      const thread = await this.readThread({ channelId, threadTs: parent.ts! });
      for (const reply of thread) {
        if (reply.ts === parent.ts || compareTs(reply.ts, from) < 0 || compareTs(reply.ts, to) > 0) continue;
        result.push({ ...reply, threadTs: parent.ts! });
      }
    }
    return result.slice(-maxMessages);
  }

  /**
   * Parents from `since` up to (not including) `from` whose latest reply (conversations.history
   * lists `reply_count` and `latest_reply` on a thread's parent) is at or after `from`: at most
   * `budget`, the most recently started first, returned oldest first. A bounded number of
   * history pages is read; a busier channel's older threads past them are left out.
   */
  private async olderActiveThreads(channelId: string, since: string, from: string, budget: number): Promise<SlackMessage[]> {
    if (budget <= 0 || compareTs(since, from) >= 0) return [];
    const found: SlackMessage[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < OLDER_THREAD_PAGES && found.length < budget; page += 1) {
      const result = (await this.call('conversations.history', {
        channel: channelId,
        oldest: since,
        latest: from,
        inclusive: false,
        limit: PAGE_SIZE,
        ...(cursor === undefined ? {} : { cursor }),
      })) as MessagesPage;
      for (const message of result.messages ?? []) {
        const isParent = message.ts !== undefined && (message.thread_ts === undefined || message.thread_ts === message.ts);
        if (isParent && readable(message) && (message.reply_count ?? 0) > 0 && message.latest_reply !== undefined && compareTs(message.latest_reply, from) >= 0) {
          found.push(message);
        }
      }
      cursor = result.response_metadata?.next_cursor || undefined;
      if (cursor === undefined || result.has_more === false) break;
    }
    return found.slice(0, budget).reverse();
  }

  async channelInfo(channelId: string): Promise<ChannelInfo | null> {
    try {
      const result = (await this.call('conversations.info', { channel: channelId })) as {
        channel?: { id?: string; name?: string; is_member?: boolean; is_private?: boolean; is_im?: boolean; is_archived?: boolean };
      };
      const channel = result.channel;
      if (!channel) return null;
      return {
        id: channel.id ?? channelId,
        name: channel.name ?? null,
        isMember: channel.is_member === true || channel.is_im === true,
        isPrivate: channel.is_private === true,
        isIm: channel.is_im === true,
        isArchived: channel.is_archived === true,
      };
    } catch (error) {
      if (isChatPlatformError(error) && error.code === 'not_found') return null;
      throw error;
    }
  }

  async canRead(channelId: string, userId: string): Promise<boolean> {
    try {
      return await visibleTo(this.call, this.access.teamId, channelId, userId);
    } catch (error) {
      if (isChatPlatformError(error) && error.code === 'not_found') return false;
      throw error;
    }
  }

  postToChannel(channelId: string, text: string, appearance?: BotAppearance): Promise<string[]> {
    return this.post({ channel: channelId }, text, appearance);
  }

  async postEphemeral(input: {
    channelId: string;
    userId: string;
    text: string;
    threadTs?: string;
    appearance?: BotAppearance;
  }): Promise<void> {
    // A retried job does not show its notice twice (Slack cannot take an ephemeral back).
    await postEphemeralOnce(this.call, {
      channel: input.channelId,
      user: input.userId,
      text: input.text,
      ...(input.threadTs === undefined ? {} : { thread_ts: input.threadTs }),
      ...appearanceArgs(input.appearance),
    });
  }

  /** A user id as `channel` posts in the app's DM with that person (its Messages tab). */
  postDirect(userId: string, text: string, appearance?: BotAppearance): Promise<string[]> {
    return this.post({ channel: userId }, text, appearance);
  }

  /**
   * views.publish answers with the view and its new `hash`; given the hash of the view it
   * replaces, Slack refuses the publish with `hash_conflict` once another publish changed it.
   */
  async publishHome(userId: string, view: HomeView, hash?: string): Promise<HomePublished> {
    try {
      const result = (await this.call('views.publish', {
        user_id: userId,
        view: homeViewToSlack(view),
        ...(hash === undefined ? {} : { hash }),
      })) as { view?: { hash?: string } };
      return { status: 'published', hash: typeof result.view?.hash === 'string' ? result.view.hash : null };
    } catch (error) {
      if (isChatPlatformError(error) && error.platformCode === 'hash_conflict') return { status: 'conflict' };
      throw error;
    }
  }

  async completeFunction(executionId: string, outcome: FunctionOutcome): Promise<void> {
    if (outcome.ok) await this.call('functions.completeSuccess', { function_execution_id: executionId, outputs: outcome.outputs });
    else await this.call('functions.completeError', { function_execution_id: executionId, error: outcome.error });
  }

  async setSuggestedPrompts(thread: ThreadRef, prompts: readonly SuggestedPrompt[], title?: string): Promise<void> {
    await this.call('assistant.threads.setSuggestedPrompts', {
      channel_id: thread.channelId,
      thread_ts: thread.threadTs,
      prompts: prompts.slice(0, 4),
      ...(title === undefined ? {} : { title }),
    });
  }

  async setThreadTitle(thread: ThreadRef, title: string): Promise<void> {
    await this.call('assistant.threads.setTitle', { channel_id: thread.channelId, thread_ts: thread.threadTs, title });
  }

  async botUserId(botId: string): Promise<string | null> {
    try {
      const result = (await this.call('bots.info', { bot: botId })) as { bot?: { user_id?: string } };
      return result.bot?.user_id ?? null;
    } catch (error) {
      if (isChatPlatformError(error) && (error.code === 'not_found' || error.platformCode === 'bot_not_found')) return null;
      throw error;
    }
  }
}

function readable(message: SlackMessage): boolean {
  return message.ts !== undefined && READABLE_SUBTYPES.has(message.subtype);
}

function toChannelMessage(message: SlackMessage, threadTs: string): ChannelMessage {
  return { ...toThreadMessage(message), threadTs };
}

function toThreadMessage(message: SlackMessage): ThreadMessage {
  return {
    ts: message.ts!,
    ...slackMessageWords(message),
    ...(message.user === undefined ? {} : { userId: message.user }),
    ...(message.bot_id === undefined ? {} : { botId: message.bot_id }),
    ...(slackBotName(message) === undefined ? {} : { botName: slackBotName(message)! }),
  };
}

/** A time as Slack's "seconds.micros" timestamp. */
function slackTs(date: Date): string {
  const ms = date.getTime();
  return `${Math.floor(ms / 1000)}.${String((ms % 1000) * 1000).padStart(6, '0')}`;
}
