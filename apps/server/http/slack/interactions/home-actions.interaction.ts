import { HOME_ACTIONS } from '../../../../shared/home-actions';
import { SLACK_QUEUES, type SlackEventJob } from '../../../../shared/slack-jobs';
import type { InteractionHandler } from './interaction-handler';

/**
 * App Home's buttons. "Refresh" publishes the Home again (a job, keyed by the click's
 * trigger_id); the settings links open in the browser and need nothing but the ack.
 */
export const homeActions: InteractionHandler = {
  name: 'home-actions',
  matches: (interaction) =>
    interaction.type === 'block_actions' && (interaction.actions ?? []).some((a) => a.action_id?.startsWith('home.') === true),
  async handle({ interaction, teamId, userId, queue }) {
    if (!(interaction.actions ?? []).some((a) => a.action_id === HOME_ACTIONS.refresh)) return {};
    const clickId = interaction.trigger_id ?? `${userId}:${interaction.container?.view_id ?? 'home'}`;
    const payload: SlackEventJob = { kind: 'home', eventId: `home-refresh:${clickId}`.slice(0, 64), teamId, userId, tab: 'home' };
    await queue.send(SLACK_QUEUES.slackEvent.name, payload, { dedupeKey: `${teamId}:${clickId}` });
    return {};
  },
};
