import type { Logger } from '../../../adapters/logging/logger';
import type { JobHandler } from '../../../adapters/queue/pg-boss-job-queue';
import type { AnswerQuestion } from '../../../core/assistant/answer-question.use-case';
import { answerInputFromJob } from '../../shared/slack-jobs';

/**
 * One Slack message that may get an answer (queue `slack-answer`, never retried). The job's
 * output and the log carry ids, outcome and counts only; what the job returns is stored by
 * pg-boss, so it must never hold text.
 */
export function answerQuestionJob(deps: { answer: Pick<AnswerQuestion, 'execute'>; logger: Logger }): JobHandler {
  return async (payload) => {
    const input = answerInputFromJob(payload);
    if (!input) {
      deps.logger.error({ eventId: payload.eventId }, 'malformed answer job dropped');
      return { status: 'malformed' };
    }
    const ids = { eventId: input.eventId, teamId: input.teamId, channelId: input.channelId, kind: input.kind };
    const started = performance.now();
    try {
      const result = await deps.answer.execute(input);
      deps.logger.info({ ...ids, ...result, ms: Math.round(performance.now() - started) }, 'answer job done');
      return result;
    } catch (error) {
      // The queue does not retry this job: a second run could post a second answer.
      deps.logger.error({ ...ids, err: error, ms: Math.round(performance.now() - started) }, 'answer job failed');
      throw error;
    }
  };
}
