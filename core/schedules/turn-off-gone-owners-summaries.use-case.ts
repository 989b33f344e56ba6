import type { TeamId, UserId } from '../shared/ids';
import { TriggerUseCase } from '../triggers/trigger-use-case';
import { tellChannelOwnerGone, type SummarizeChannelDeps } from './summarize-channel.use-case';

/**
 * A person Slack says was deactivated owned scheduled summaries (they saved them last, so each
 * run is their request, on their seat): each still on is turned off now and its channel told once,
 * what the summary's own next run does when it finds its owner gone (SummarizeChannel), so people
 * hear of it the day it happens instead of at the next run. Whichever of the two turns a summary
 * off tells the channel (`turnOffOwnedBy` is conditional under the channel's lock); the other finds
 * it off, or saved by someone else since, and says nothing. Idempotent: a second delivery finds
 * none of theirs on. A workspace where Tomo is not installed runs no summaries and is left alone.
 */
export class TurnOffGoneOwnersSummaries extends TriggerUseCase<SummarizeChannelDeps> {
  async execute(input: { readonly teamId: TeamId; readonly userId: UserId }): Promise<number> {
    const { teamId, userId } = input;
    const owned = (await this.deps.schedules.listLatest(teamId)).filter((s) => s.isSummaryEnabled && s.updatedBy === userId);
    if (owned.length === 0) return 0;
    const workspace = await this.gate.workspaceOf(teamId);
    if (!workspace) return 0;
    let turnedOff = 0;
    for (const setting of owned) {
      const change = { by: workspace.self.userId, at: this.deps.clock.now() };
      if (!(await this.deps.schedules.turnOffOwnedBy(teamId, setting.channelId, userId, change))) continue;
      turnedOff += 1;
      // As the run does: no note where nothing can be posted (archived) or Tomo no longer sees the channel.
      const info = await workspace.platform.channelInfo(setting.channelId);
      if (info !== null && info.isArchived !== true) await tellChannelOwnerGone(this.pipeline, this.deps.texts, workspace, setting.channelId, userId);
    }
    return turnedOff;
  }
}
