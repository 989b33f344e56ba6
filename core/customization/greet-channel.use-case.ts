import { TriggerUseCase } from '../triggers/trigger-use-case';
import type { TriggerDeps } from '../assistant/answer-pipeline';
import type { ChannelId, TeamId, UserId } from '../shared/ids';
import { decideTrigger, triggerSettings, type IgnoreReason } from '../triggers/decide-trigger';
import { escapeSlackText } from '../shared/slack-escapes';
import { effectiveCustomization } from './app-customization-rules';
import { isNoPlaceToAnswer } from '../assistant/chat-platform-error';

/** member_joined_channel, as ids. */
export interface GreetChannelInput {
  readonly eventId: string;
  readonly teamId: TeamId;
  readonly channelId: ChannelId;
  /** Who joined: Tomo's own bot user when Tomo was added. */
  readonly userId: UserId;
  /** Who added them, when Slack says: the greeting is in their language. */
  readonly inviterId: UserId | null;
}

export type GreetChannelResult =
  | { readonly status: 'ignored'; readonly reason: IgnoreReason | 'duplicate' | 'not_installed' | 'channel_refused' }
  | { readonly status: 'greeted' };

/**
 * Tomo added to a channel, with the greeting setting on (the default) → one greeting there,
 * in the custom name and icon (spec 2 "App"). No model is asked and nothing is counted.
 */
export class GreetChannel extends TriggerUseCase<TriggerDeps> {
  async execute(input: GreetChannelInput): Promise<GreetChannelResult> {
    const gate = await this.gate.open({ key: input.eventId, teamId: input.teamId, type: 'member_joined_channel' });
    if (!gate.open) return { status: 'ignored', reason: gate.reason };
    const { workspace } = gate;
    const customization = effectiveCustomization(await this.deps.customizations.find(input.teamId));
    const decision = decideTrigger(
      { kind: 'member_joined_channel', teamId: input.teamId, channelId: input.channelId, userId: input.userId },
      triggerSettings(workspace.self, { greetingWhenJoiningChannel: customization.greetingWhenJoiningChannel }),
    );
    if (!decision.respond) return { status: 'ignored', reason: decision.reason };
    // Slack names no inviter when Tomo was in a channel from its creation or added by an admin
    // tool; Tomo's own profile has no language, so the installer's speaks for the workspace.
    const inviter = await this.pipeline.asker(workspace, input.inviterId ?? workspace.installedBy ?? workspace.self.userId);
    const text = this.deps.texts.say('SLACK.GREETING', { appName: escapeSlackText(inviter.appName) }, inviter.locale);
    try {
      await workspace.platform.postToChannel(input.channelId, text, inviter.appearance);
    } catch (error) {
      // A channel only admins post in (#announcements), or one archived or left since the join:
      // every retry of the greeting would be refused the same way.
      if (isNoPlaceToAnswer(error)) return { status: 'ignored', reason: 'channel_refused' };
      throw error;
    }
    return { status: 'greeted' };
  }
}
