import { addDays } from '../shared/time';
import { escapeSlackText } from '../shared/slack-escapes';
import { TriggerUseCase } from '../triggers/trigger-use-case';
import { askerIsGone, checkAsker, type AnswerPipeline, type AnswerPipelineResult, type TriggerDeps } from '../assistant/answer-pipeline';
import { isChatPlatformError, isNoPlaceToAnswer } from '../assistant/chat-platform-error';
import type { ChannelId, UserId } from '../shared/ids';
import { transcriptOf } from '../assistant/viewed-channel';
import type { ChannelMessage } from '../triggers/chat-workspace.port';
import { decideTrigger, triggerSettings, type IgnoreReason } from '../triggers/decide-trigger';
import type { OpenWorkspace } from '../triggers/trigger-gate';
import { summaryClaimKey, summaryWindow, type SummaryRun } from './schedule-runs';
import type { ScheduleSettingsRepository } from './schedule-settings-repository.port';
import type { ScheduleSettingRecord } from './schedule-setting';

export interface SummarizeChannelDeps extends TriggerDeps {
  readonly schedules: ScheduleSettingsRepository;
}

export type SummarizeChannelResult =
  | { readonly status: 'ignored'; readonly reason: IgnoreReason | 'duplicate' | 'not_installed' | 'not_in_channel' | 'channel_archived' | 'channel_gone' | 'owner_gone' }
  | { readonly status: 'empty' }
  | AnswerPipelineResult;

/** A busy channel's summary reads at most this many messages and threads. */
const MAX_MESSAGES = 2_000;
const MAX_THREADS = 50;
/**
 * Threads started up to this many days before the window are read too when they have replies
 * inside it (a discussion that goes on over days); older ones are left out.
 */
export const THREAD_LOOKBACK_DAYS = 7;

/**
 * One scheduled summary (spec 1, 5): the channel's messages of the last `lookbackDays` before
 * the scheduled time, threads included, trimmed to the plan's token limit, summarised and
 * posted in the channel as one message. Once per schedule per local day, whatever runs it.
 *
 * Whose seat: the summary is asked for by whoever last saved the schedule, so it takes (or
 * uses) their seat and counts as a Channel request in their usage. When they are refused
 * (trial over, no seat, limit) or Tomo cannot read the channel, they get a DM saying so; the
 * channel does not. An empty channel gets a one-line note, without asking the model (when the
 * owner would be refused, the DM instead); an archived one is skipped.
 */
export class SummarizeChannel extends TriggerUseCase<SummarizeChannelDeps> {
  async execute(run: SummaryRun): Promise<SummarizeChannelResult> {
    const gate = await this.gate.open({ key: summaryClaimKey(run), teamId: run.teamId, type: 'scheduled_summary' });
    if (!gate.open) return { status: 'ignored', reason: gate.reason };
    const { workspace } = gate;
    const setting = await this.deps.schedules.findLatest(run.teamId, run.channelId);
    const decision = decideTrigger(
      { kind: 'scheduled', teamId: run.teamId, channelId: run.channelId },
      triggerSettings(workspace.self, { schedules: setting ? [setting] : [] }),
    );
    if (!decision.respond) return { status: 'ignored', reason: decision.reason };
    if (decision.intent !== 'summarize') return { status: 'ignored', reason: 'summary_disabled' };

    const info = await workspace.platform.channelInfo(run.channelId);
    const owner = await this.pipeline.asker(workspace, decision.requesterId);
    const say = this.deps.texts.say.bind(this.deps.texts);
    const channel = `<#${run.channelId}>`;
    const days = decision.lookbackDays;
    const tellOwner = (reason: string, about = channel) =>
      workspace.platform.postDirect(owner.id, say('SLACK.SUMMARY_REFUSED', { channel: about, reason }, owner.locale), owner.appearance);

    // Turned off by Tomo (first, so a retry does not tell twice), so the owner is told once
    // instead of in a DM every day.
    const turnOff = (current: ScheduleSettingRecord) =>
      this.deps.schedules.append(run.teamId, { ...current, isSummaryEnabled: false, updatedBy: workspace.self.userId, updatedAt: this.deps.clock.now() });

    if (askerIsGone(owner) && setting) {
      // Whoever saved the schedule was deactivated or left the workspace (users.info `deleted`,
      // or `user_not_found`). The summary is their request, on their seat: it is not run on a
      // deactivated account's seat (which would take one of the plan's seats) nor DMed to
      // nobody every day. It is turned off, and the channel, whose people read the summaries
      // and any of whom may turn it on again (then on their own seat), is told once: by whoever
      // turns it off, this run or the deactivation's sweep (ReleaseMemberWhoLeft) at the same time.
      const turnedOff = await this.deps.schedules.turnOffOwnedBy(run.teamId, run.channelId, setting.updatedBy, {
        by: workspace.self.userId,
        at: this.deps.clock.now(),
      });
      if (turnedOff && info !== null && info.isArchived !== true) await tellChannelOwnerGone(this.pipeline, this.deps.texts, workspace, run.channelId, owner.id);
      return { status: 'ignored', reason: 'owner_gone' };
    }

    if (info?.isArchived === true && setting) {
      // An archived channel still reads, but nothing can be posted there (conversations.info
      // `is_archived`; chat.postMessage answers `is_archived`). Turned off and the owner told
      // once (before, it was skipped in silence every day: the owner never learnt why the
      // summaries stopped, and the row stayed on).
      await turnOff(setting);
      await tellOwner(say('SLACK.SUMMARY_CHANNEL_ARCHIVED', { channel, appName: escapeSlackText(owner.appName) }, owner.locale));
      return { status: 'ignored', reason: 'channel_archived' };
    }

    if (info === null && setting) {
      // Slack no longer shows Tomo the channel (deleted, or private and Tomo taken out), so the
      // Schedules page cannot list it to be turned off: Tomo turns it off and tells the owner
      // once, by the name it was saved with (Slack shows a deleted channel's mention as unknown).
      await turnOff(setting);
      const named = `#${setting.channelName}`;
      await tellOwner(say('SLACK.SUMMARY_CHANNEL_GONE', { channel: named, appName: escapeSlackText(owner.appName) }, owner.locale), named);
      return { status: 'ignored', reason: 'channel_gone' };
    }

    const window = summaryWindow(run, days, setting);
    const messages = await this.readChannel(workspace, run.channelId, window);
    if (messages === 'not_in_channel') {
      // A public channel Tomo was removed from (or never invited to) still shows in Slack and on
      // the Schedules page; without Tomo in it there is nothing to summarise on any day, so it
      // is turned off too, and the owner told once how to have it again (before, a DM every day).
      if (setting) await turnOff(setting);
      await tellOwner(say('SLACK.SUMMARY_NOT_IN_CHANNEL', { channel, appName: escapeSlackText(owner.appName) }, owner.locale));
      return { status: 'ignored', reason: 'not_in_channel' };
    }
    if (messages.length === 0) {
      // The note is Tomo speaking in the channel: not for an owner it would refuse (trial over,
      // no seat), who hears why in a DM as on a day with messages. Nothing is counted or held.
      const entitlement = await checkAsker(this.deps, workspace.teamId, owner);
      if (!entitlement.allowed) {
        await tellOwner(this.deps.texts.denial(entitlement.error, owner.locale));
        return { status: 'denied', reason: entitlement.reason };
      }
      await workspace.platform.postToChannel(run.channelId, say('SLACK.SUMMARY_EMPTY', { channel, days }, owner.locale), owner.appearance);
      return { status: 'empty' };
    }

    return this.pipeline.answer({
      workspace,
      asker: owner,
      usageKind: decision.usageKind,
      channelId: run.channelId,
      // Not a thread reply: the summary is posted as one message (see delivery).
      thread: { channelId: run.channelId, threadTs: '' },
      thinkingOn: null,
      task: summaryTask(days),
      context: {
        share: 1,
        load: async (budget) => ({
          title: `Messages of the channel from ${window.from.toISOString()} to ${window.to.toISOString()}`,
          text: await transcriptOf(workspace, messages, owner.appName, budget, this.deps.tokenizer),
        }),
      },
      messages: async () => [{ ts: run.runAt.toISOString(), text: 'Summarize the channel messages given in the instructions.' }],
      refuse: async (reason) => void (await tellOwner(reason)),
      delivery: {
        deliver: async (text) => {
          const header = say('SLACK.SUMMARY_HEADER', { channel, days }, owner.locale);
          await workspace.platform.postToChannel(run.channelId, `${header}\n\n${text}`, owner.appearance);
        },
        fail: async (reason) => void (await tellOwner(reason)),
      },
    });
  }

  /** The window's messages other than Tomo's own (earlier summaries are not news), or why they cannot be read. */
  private async readChannel(
    workspace: OpenWorkspace,
    channelId: string,
    window: { from: Date; to: Date },
  ): Promise<ChannelMessage[] | 'not_in_channel'> {
    try {
      const messages = await workspace.platform.readChannel(channelId, {
        ...window,
        maxMessages: MAX_MESSAGES,
        maxThreads: MAX_THREADS,
        threadsSince: addDays(window.from, -THREAD_LOOKBACK_DAYS),
      });
      const { self } = workspace;
      return messages.filter((m) => m.userId !== self.userId && m.botId !== self.botId);
    } catch (error) {
      if (isChatPlatformError(error) && error.code === 'not_found') return 'not_in_channel';
      throw error;
    }
  }
}

export function summaryTask(lookbackDays: number): string {
  return [
    `Write a summary of this channel's last ${lookbackDays === 1 ? 'day' : `${lookbackDays} days`} from the messages given below.`,
    'Group it by topic, lead with decisions, open questions and action items (with who owns them), and keep it short.',
    'Write it in the language most of the messages are written in. Mention people by name; never invent anything.',
  ].join(' ');
}

/**
 * The note that a channel's summary stopped because its owner left: one message in the channel,
 * in the language of whoever installed Tomo (no one asked for it in theirs; the greeting does the
 * same). Where Slack takes nothing from Tomo (it was removed from the channel since) there is no
 * one else to tell: the summary is off all the same.
 */
export async function tellChannelOwnerGone(
  pipeline: Pick<AnswerPipeline, 'asker'>,
  texts: Pick<TriggerDeps['texts'], 'say'>,
  workspace: OpenWorkspace,
  channelId: ChannelId,
  ownerId: UserId,
): Promise<void> {
  const voice = await pipeline.asker(workspace, workspace.installedBy ?? workspace.self.userId);
  const text = texts.say('SLACK.SUMMARY_OWNER_GONE', { channel: `<#${channelId}>`, owner: `<@${ownerId}>` }, voice.locale);
  try {
    await workspace.platform.postToChannel(channelId, text, voice.appearance);
  } catch (error) {
    if (!isNoPlaceToAnswer(error)) throw error;
  }
}
