import { ASK_TOMO_FUNCTION, ASK_TOMO_INPUTS, workflowStashKey } from '../../../../../core/triggers/answer-workflow-step.use-case';
import { SLACK_QUEUES, type WorkflowJob } from '../../../../shared/slack-jobs';
import type { EventTrigger } from './event-trigger';

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/**
 * function_executed of the manifest's "Ask Tomo" step → a workflow job keyed by the execution.
 * Slack sends the step's prompt only here, so it travels sealed in the stash; the job holds ids.
 * (Functions are not a bot_events subscription: Slack sends this for the declared function.)
 */
export const workflowTrigger: EventTrigger = {
  types: ['function_executed'],
  subscriptions: [],
  toJob({ event, type, teamId, eventId, skip }) {
    if (event.function?.callback_id !== ASK_TOMO_FUNCTION) return skip('other_function');
    const executionId = event.function_execution_id;
    if (!executionId) return skip('malformed');
    const inputs = event.inputs ?? {};
    const prompt = text(inputs[ASK_TOMO_INPUTS.prompt]);
    const payload: WorkflowJob = {
      eventId,
      teamId,
      functionExecutionId: executionId,
      userId: text(inputs[ASK_TOMO_INPUTS.user]),
      channelId: text(inputs[ASK_TOMO_INPUTS.channel]),
      messageTs: text(inputs[ASK_TOMO_INPUTS.message]),
    };
    return {
      enqueue: true,
      queue: SLACK_QUEUES.slackWorkflow.name,
      payload,
      dedupeKey: `${teamId}:${executionId}`,
      type,
      ...(prompt === null ? {} : { stash: { key: workflowStashKey(executionId), values: { prompt } } }),
    };
  },
};
