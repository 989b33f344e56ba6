import { TriggerUseCase } from '../triggers/trigger-use-case';
import { clipText } from '../shared/clip-text';
import { mentionsUser } from '../shared/user-mention';
import type { AutoReplySettingRecord } from '../auto-replies/auto-reply-setting';
import {
  hourStart,
  MAX_AUTO_REPLIES_PER_CHANNEL_PER_HOUR,
  MAX_AUTO_REPLIES_PER_THREAD_PER_HOUR,
  WHOLE_CHANNEL,
  type AutoReplyCounter,
} from '../auto-replies/auto-reply-loop-guard';
import type { AutoReplySettingsRepository } from '../auto-replies/auto-reply-settings-repository.port';
import type { ChannelId, TeamId, UserId } from '../shared/ids';
import { isChatPlatformError } from './chat-platform-error';
import { decideTrigger, triggerSettings, type IgnoreReason } from '../triggers/decide-trigger';
import type { InboundEvent } from '../triggers/inbound-event';
import { claimKey, type OpenWorkspace } from '../triggers/trigger-gate';
import type { AnswerPipelineResult, Asker, HomeContext, TriggerDeps } from './answer-pipeline';
import type { AssistantThreadRecord, AssistantThreadRepository } from './assistant-thread';
import type { ChatPlatform, ThreadMessage } from './chat-platform.port';
import { viewedChannelContext } from './viewed-channel';
import type { DirectImageRequest, DirectImageResult } from '../images/draw-images.use-case';
import { parseImageRequest } from '../images/image-request';
import { PROCESSED_EVENT_RETENTION_DAYS } from '../workspace/housekeeping.use-case';

export type { AnswerTexts } from './answer-pipeline';

/**
 * One inbound Slack message that may deserve an answer, as ids only (what the job carries):
 * the text is read from Slack when the job runs and never stored.
 */
export interface AnswerQuestionInput {
  /** Slack's event_id: a second delivery of the same event does nothing. */
  readonly eventId: string;
  readonly teamId: TeamId;
  /**
   * app_mention, message.im (assistant threads included), a channel message in a thread (a
   * possible follow-up), or a bot's message (a possible auto-reply).
   */
  readonly kind: 'mention' | 'direct_message' | 'thread_reply' | 'bot_message';
  readonly channelId: ChannelId;
  readonly ts: string;
  readonly threadTs: string | null;
  readonly userId: UserId | null;
  readonly botId: string | null;
  readonly subtype: string | null;
  /** The asker's own workspace when it is not this one (a Slack Connect partner in a shared channel). */
  readonly userTeamId?: TeamId;
  /**
   * Enterprise Grid: the receiving workspace's organization. The event's `user_team` there may name
   * the organization, a sibling workspace or another organization's workspace, so the asker's
   * profile tells whether they are of it (`homeOf`), as for reactions.
   */
  readonly enterpriseId?: string;
  /** The event's `user_team` names another organization's Grid (E…): their profile names their workspace. */
  readonly otherOrganization?: boolean;
  /** Slack sent this mention again because the message was edited (the event carries `edited`). */
  readonly edited?: boolean;
}

export interface AnswerQuestionDeps extends TriggerDeps {
  readonly autoReplies: AutoReplySettingsRepository;
  readonly autoReplyCounter: AutoReplyCounter;
  readonly assistantThreads: AssistantThreadRepository;
  /** "Draw …" asked directly goes to the image studio instead of the model (docs/creations.md). */
  readonly directImages?: Pick<DirectImageRequest, 'execute'>;
}

export type AnswerQuestionResult =
  | {
      readonly status: 'ignored';
      readonly reason:
        | IgnoreReason
        | 'duplicate'
        | 'not_installed'
        | 'tomo_not_in_thread'
        | 'loop_guard'
        | 'question_gone'
        | 'edited_long_after';
    }
  | AnswerPipelineResult
  | DirectImageResult;

/**
 * An edited mention is answered only while an answer to the message would still be on record:
 * claims are kept PROCESSED_EVENT_RETENTION_DAYS after they are taken (never before the
 * message was written), and a day less leaves room for clocks and the daily purge's hour.
 */
const EDITS_ANSWERED_WITHIN_MS = (PROCESSED_EVENT_RETENTION_DAYS - 1) * 86_400_000;

/**
 * What a question claims: the message itself (team, channel, ts), so it is answered once
 * whichever event brought it and however often it is edited (each edit of a mention is a new
 * app_mention with a new event id). A bot's message keeps its event's claim: bots edit their
 * messages through chat.update, which Slack sends as a message_changed the triggers skip.
 */
export function answerClaimKey(input: Pick<AnswerQuestionInput, 'kind' | 'eventId' | 'teamId' | 'channelId' | 'ts'>): string {
  return input.kind === 'bot_message' ? input.eventId : claimKey('message', input.teamId, input.channelId, input.ts);
}

/** Where the asker's own workspace comes from: the event's word for it, else (Grid, another organization) their profile. */
function askerHome(teamId: TeamId, input: AnswerQuestionInput): TeamId | { readonly fromProfile: HomeContext } {
  if (input.userTeamId !== undefined) return input.userTeamId;
  if (input.enterpriseId !== undefined) return { fromProfile: { enterpriseId: input.enterpriseId } };
  return input.otherOrganization === true ? { fromProfile: {} } : teamId;
}

/** The title a thread of the AI-app view gets from its first question. */
const TITLE_MAX_CHARS = 60;

/**
 * Mention, DM (also in the AI-app view), thread follow-up or a configured bot's message →
 * an answer in the thread (spec 1), through the one answer pipeline. Never throws after
 * posting something, so a job retry cannot produce a second answer; infrastructure failures
 * before that are thrown.
 */
export class AnswerQuestion extends TriggerUseCase<AnswerQuestionDeps> {
  async execute(input: AnswerQuestionInput): Promise<AnswerQuestionResult> {
    // Slack sends app_mention again for every edit of a message that mentions Tomo (same ts,
    // with `edited`): the message's claim answers it once. An edit made after the claims are
    // purged could not tell an answered message from one edited to mention Tomo: let it go.
    if (input.edited === true && this.editedLongAfter(input.ts)) return { status: 'ignored', reason: 'edited_long_after' };
    if (input.kind === 'thread_reply') return this.followUp(input);
    const gate = await this.gate.open({ key: answerClaimKey(input), teamId: input.teamId, type: input.kind });
    if (!gate.open) return { status: 'ignored', reason: gate.reason };
    return input.kind === 'bot_message' ? this.autoReply(gate.workspace, input) : this.question(gate.workspace, input);
  }

  private editedLongAfter(ts: string): boolean {
    return this.deps.clock.now().getTime() - Number(ts) * 1000 > EDITS_ANSWERED_WITHIN_MS;
  }

  /**
   * A follow-up is only answered where Tomo already speaks, so the thread is read before the
   * message is claimed: a reply in a thread without Tomo must not spend the message's one answer,
   * or an edit that mentions Tomo in it (Slack's app_mention of the edit) would go unanswered.
   */
  private async followUp(input: AnswerQuestionInput): Promise<AnswerQuestionResult> {
    const { deps } = this;
    const installation = await deps.installations.find(input.teamId);
    if (!installation || installation.uninstalledAt !== null || !installation.botToken) return { status: 'ignored', reason: 'not_installed' };
    if (input.threadTs === null) return { status: 'ignored', reason: 'not_addressed' };
    const self = { userId: installation.botUserId, botId: installation.botId };
    const chat = deps.chat.forWorkspace({ teamId: input.teamId, botToken: installation.botToken, botUserId: self.userId });
    const thread = await readThreadIfThere(chat, { channelId: input.channelId, threadTs: input.threadTs });
    if (thread === null) return { status: 'ignored', reason: 'question_gone' };
    const tomoInThread = thread.some((m) => m.ts !== input.ts && (m.userId === self.userId || m.botId === self.botId));
    if (!tomoInThread) return { status: 'ignored', reason: 'tomo_not_in_thread' };
    // Its author's own words: a message they forwarded may mention Tomo, and Slack sends no app_mention for that.
    const mentionsTomo = thread.some((m) => m.ts === input.ts && mentionsUser(m.ownText ?? m.text, self.userId));
    const gate = await this.gate.open({ key: answerClaimKey(input), teamId: input.teamId, type: input.kind, platform: chat });
    if (!gate.open) return { status: 'ignored', reason: gate.reason };
    return this.question(gate.workspace, input, { thread, seen: { tomoInThread, mentionsTomo } });
  }

  private async question(
    workspace: OpenWorkspace,
    input: AnswerQuestionInput,
    followUp?: { thread: ThreadMessage[]; seen: { tomoInThread: boolean; mentionsTomo: boolean } },
  ): Promise<AnswerQuestionResult> {
    const { platform } = workspace;
    let thread: ThreadMessage[] | undefined = followUp?.thread;
    const seen = followUp?.seen ?? { tomoInThread: false, mentionsTomo: false };
    // A legacy bot_message mentioning Tomo names only the bot (B…), as its auto-reply does.
    const userId = input.userId ?? (input.kind === 'mention' && input.botId !== null ? await platform.botUserId(input.botId) : null);
    const decision = decideTrigger(toInboundEvent({ ...input, userId }, seen), triggerSettings(workspace.self));
    if (!decision.respond) return { status: 'ignored', reason: decision.reason };
    if (decision.intent !== 'answer') return { status: 'ignored', reason: 'not_addressed' };

    const replyThread = { channelId: decision.channelId, threadTs: decision.replyThreadTs };
    // A bot mentioning Tomo is capped like an auto-reply: another assistant that answers by
    // mentioning whoever spoke last would otherwise keep the thread going for ever.
    if (input.botId !== null && !(await this.withinLoopGuard(input, replyThread.threadTs))) return { status: 'ignored', reason: 'loop_guard' };
    // Read before anything is said: a question deleted (or a channel Tomo left) since the event
    // is let go, rather than failing every retry of the job and posting an error beside nothing.
    const read: ThreadMessage[] | null = thread ?? (await readThreadIfThere(platform, replyThread));
    if (read === null) return { status: 'ignored', reason: 'question_gone' };
    thread = read;
    const asker = await this.pipeline.asker(workspace, decision.requesterId, askerHome(workspace.teamId, input));
    if (this.deps.directImages) {
      const question = thread.find((m) => m.ts === input.ts);
      const prompt = question === undefined ? null : parseImageRequest(question.text);
      if (prompt !== null) {
        return this.deps.directImages.execute({
          workspace,
          asker,
          usageKind: decision.usageKind,
          channelId: input.channelId,
          thread: replyThread,
          messageTs: input.ts,
          prompt,
        });
      }
    }
    const assistant =
      input.kind === 'direct_message' && input.threadTs !== null
        ? await this.deps.assistantThreads.find(input.teamId, input.channelId, input.threadTs)
        : null;
    return this.pipeline.answer({
      workspace,
      asker,
      usageKind: decision.usageKind,
      channelId: input.channelId,
      thread: replyThread,
      thinkingOn: input.ts,
      ...(assistant?.contextChannelId
        ? { context: viewedChannelContext(workspace, asker, assistant.contextChannelId, this.deps) }
        : {}),
      messages: async () => {
        // Messages written after the question are not part of it.
        const asked = read.filter((m) => compareTs(m.ts, input.ts) <= 0);
        if (assistant) await this.titleThread(workspace, assistant, asked.at(-1));
        return asked;
      },
    });
  }

  /** A configured bot's message: answered with its row's instruction, on the bot's own seat. */
  private async autoReply(workspace: OpenWorkspace, input: AnswerQuestionInput): Promise<AnswerQuestionResult> {
    const { deps } = this;
    // Slack's bot_message events may name only the bot (B…); seats and settings know its user (U…).
    const botUserId = input.userId ?? (input.botId === null ? null : await workspace.platform.botUserId(input.botId));
    const autoReplies = await deps.autoReplies.listLatest(input.teamId);
    const event: InboundEvent = {
      kind: 'channel_message',
      teamId: input.teamId,
      channelId: input.channelId,
      ts: input.ts,
      threadTs: input.threadTs,
      sender: { userId: botUserId, botId: input.botId },
      subtype: input.subtype,
      mentionsTomo: false,
      tomoInThread: false,
    };
    const decision = decideTrigger(event, triggerSettings(workspace.self, { autoReplies }));
    if (!decision.respond) return { status: 'ignored', reason: decision.reason };
    if (decision.intent !== 'auto_reply') return { status: 'ignored', reason: 'not_addressed' };

    const replyThread = { channelId: decision.channelId, threadTs: decision.replyThreadTs };
    if (!(await this.withinLoopGuard(input, replyThread.threadTs))) return { status: 'ignored', reason: 'loop_guard' };

    const setting = autoReplies.find((s) => s.botUserId === decision.requesterId)!;
    const asker = await this.pipeline.asker(workspace, decision.requesterId);
    return this.pipeline.answer({
      workspace,
      asker,
      usageKind: decision.usageKind,
      channelId: input.channelId,
      thread: replyThread,
      thinkingOn: input.ts,
      task: decision.instruction,
      messages: async () =>
        (await workspace.platform.readThread(replyThread)).filter((m) => compareTs(m.ts, input.ts) <= 0),
      refuse: (text) => this.tellWhoConfigured(workspace, setting, asker, input.channelId, text),
    });
  }

  /**
   * Counts a bot's message against its thread's hour and its channel's (auto-replies and bot mentions alike);
   * false once the hour is spent. A retried attempt (Slack failing mid-answer, a worker killed)
   * is the same message: it is counted once, or its retry could find the thread's hour spent by
   * itself and leave the first attempt's error message where the answer belongs.
   */
  private async withinLoopGuard(input: AnswerQuestionInput, threadTs: string): Promise<boolean> {
    const { deps } = this;
    const firstAttempt = await deps.processedEvents.markProcessed(
      { eventId: claimKey('auto-reply-counted', input.teamId, input.channelId, input.ts), teamId: input.teamId, type: 'notice' },
      deps.clock.now(),
    );
    if (!firstAttempt) return true;
    const hour = hourStart(deps.clock.now());
    const count = await deps.autoReplyCounter.increment(input.teamId, input.channelId, threadTs, hour);
    if (count > MAX_AUTO_REPLIES_PER_THREAD_PER_HOUR) return false;
    // New top-level messages each start a thread of their own: the channel's hour caps them.
    const inChannel = await deps.autoReplyCounter.increment(input.teamId, input.channelId, WHOLE_CHANNEL, hour);
    return inChannel <= MAX_AUTO_REPLIES_PER_CHANNEL_PER_HOUR;
  }

  /**
   * A bot cannot read a refusal, and its channel should not get one for every message: the
   * person who set the auto-reply up hears it, in a DM, at most once a day per bot.
   */
  private async tellWhoConfigured(
    workspace: OpenWorkspace,
    setting: AutoReplySettingRecord,
    bot: Asker,
    channelId: ChannelId,
    reason: string,
  ): Promise<void> {
    const day = this.deps.clock.now().toISOString().slice(0, 10);
    const first = await this.deps.processedEvents.markProcessed(
      { eventId: claimKey('auto-reply-refused', workspace.teamId, setting.botUserId, day), teamId: workspace.teamId, type: 'notice' },
      this.deps.clock.now(),
    );
    if (!first) return;
    const admin = await this.pipeline.asker(workspace, setting.updatedBy);
    const text = this.deps.texts.say('SLACK.AUTO_REPLY_REFUSED', { bot: setting.botName, channel: `<#${channelId}>`, reason }, admin.locale);
    await workspace.platform.postDirect(setting.updatedBy, text, bot.appearance);
  }

  /** The AI-app view lists threads by title: the first question names its thread (cosmetic). */
  private async titleThread(workspace: OpenWorkspace, record: AssistantThreadRecord, question: ThreadMessage | undefined) {
    const text = question?.text.replace(/<@[UW][A-Z0-9]+(\|[^>]*)?>/g, '').replace(/\s+/g, ' ').trim() ?? '';
    if (text === '' || !(await this.deps.assistantThreads.markTitled(record.teamId, record.channelId, record.threadTs))) return;
    // Cut between whole emoji: half a family or flag would show as other emoji.
    const title = clipText(text, TITLE_MAX_CHARS);
    try {
      await workspace.platform.setThreadTitle({ channelId: record.channelId, threadTs: record.threadTs }, title);
    } catch (error) {
      if (!isChatPlatformError(error)) throw error;
    }
  }
}

function toInboundEvent(input: AnswerQuestionInput, seen: { tomoInThread: boolean; mentionsTomo: boolean }): InboundEvent {
  const base = {
    teamId: input.teamId,
    channelId: input.channelId,
    ts: input.ts,
    threadTs: input.threadTs,
    sender: { userId: input.userId, botId: input.botId },
    subtype: input.subtype,
  };
  if (input.kind === 'mention') return { kind: 'mention', ...base };
  if (input.kind === 'direct_message') return { kind: 'direct_message', ...base };
  return { kind: 'channel_message', ...seen, ...base };
}

/** The thread, or null when the platform no longer has it (deleted, or a channel Tomo cannot read now). */
async function readThreadIfThere(platform: ChatPlatform, thread: { channelId: ChannelId; threadTs: string }): Promise<ThreadMessage[] | null> {
  try {
    return await platform.readThread(thread);
  } catch (error) {
    if (isChatPlatformError(error) && error.code === 'not_found') return null;
    throw error;
  }
}

/** Slack timestamps are "seconds.micros" strings; compared as numbers of equal scale. */
export function compareTs(a: string, b: string): number {
  const [as = '0', af = ''] = a.split('.');
  const [bs = '0', bf = ''] = b.split('.');
  return Number(as) - Number(bs) || Number(af.padEnd(6, '0')) - Number(bf.padEnd(6, '0'));
}
