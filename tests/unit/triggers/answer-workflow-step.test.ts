import { describe, expect, it } from 'vitest';
import { InMemoryChatWorkspace } from '../../../adapters/memory/in-memory-chat-platform';
import { InMemoryTriggerInputStash } from '../../../adapters/memory/in-memory-trigger-state';
import { ScriptedLlmProvider } from '../../../adapters/memory/scripted-llm-provider';
import { translate } from '../../../apps/shared/messages';
import { ChatPlatformError } from '../../../core/assistant/chat-platform-error';
import type { JobAttemptInfo } from '../../../core/shared/job-attempt.port';
import { AnswerWorkflowStep, STEP_RETRY_WINDOW_MS, workflowStashKey } from '../../../core/triggers/answer-workflow-step.use-case';
import { InstallWorkspace } from '../../../core/workspace/install-workspace.use-case';
import { TEAM, TOMO_BOT_ID, TOMO_BOT_USER } from '../support/builders';
import { triggerDeps } from '../support/trigger-deps';
import { aWorkspaceFixture } from '../support/workspace-fixture';

const HANA = 'UHANA';
const EXECUTION = 'Fx0001';

/** The step's inputs wait in a stash whose reads fail with `failure` (the database away, say). */
class FailingStash extends InMemoryTriggerInputStash {
  constructor(private readonly failure: Error) {
    super();
  }
  override async take(): Promise<Record<string, string> | null> {
    throw this.failure;
  }
}

async function runFailingStep(failure: Error, attempt: JobAttemptInfo | null, elapsedMs = 0) {
  const w = aWorkspaceFixture('2025-01-10T00:00:00Z');
  await new InstallWorkspace(w).execute({ teamId: TEAM, teamName: 'Acme', botUserId: TOMO_BOT_USER, botId: TOMO_BOT_ID, botToken: 'xoxb-acme', installedBy: HANA });
  const chat = new InMemoryChatWorkspace(TOMO_BOT_USER, TOMO_BOT_ID);
  chat.addPerson({ id: HANA, name: 'hana', profile: { displayName: 'Hana' }, locale: 'en-US' });
  const stash = new FailingStash(failure);
  await stash.put(TEAM, workflowStashKey(EXECUTION), { prompt: 'Anything?' }, w.clock.now());
  const firstClaimedAt = w.clock.now();
  w.clock.advanceMs(elapsedMs);
  const step = new AnswerWorkflowStep({
    ...triggerDeps(w, chat, new ScriptedLlmProvider({ name: 'openai', defaultModel: 'gpt-5' })),
    stash,
    attempts: { current: () => (attempt === null ? null : { ...attempt, firstClaimedAt }) },
  });
  const outcome = await step
    .execute({ eventId: 'Ev1', teamId: TEAM, functionExecutionId: EXECUTION, userId: HANA, channelId: null, messageTs: null })
    .then(() => 'returned', (error: unknown) => error);
  return { outcome, completions: chat.completions.get(EXECUTION) ?? [] };
}

const unknownError = [{ ok: false, error: translate('UNKNOWN', {}, 'en') }];

describe('an Ask Tomo step that fails', () => {
  const blip = new Error('connection terminated');

  it('is left to the job’s retry while retries are left: the job fails, the step is not ended', async () => {
    const { outcome, completions } = await runFailingStep(blip, { retriesLeft: 3, firstClaimedAt: null });
    expect(outcome).toBe(blip);
    expect(completions).toEqual([]);
  });

  it('ends with the error message on the last attempt, or outside a job that retries', async () => {
    for (const attempt of [{ retriesLeft: 0, firstClaimedAt: null }, null]) {
      const { outcome, completions } = await runFailingStep(blip, attempt);
      expect(outcome).toBe(blip);
      expect(completions).toEqual(unknownError);
    }
  });

  it('ends with the error message once the step has waited the retry window, retries left or not', async () => {
    const late = await runFailingStep(blip, { retriesLeft: 5, firstClaimedAt: null }, STEP_RETRY_WINDOW_MS);
    expect(late.completions).toEqual(unknownError);
    const inTime = await runFailingStep(blip, { retriesLeft: 5, firstClaimedAt: null }, STEP_RETRY_WINDOW_MS - 1);
    expect(inTime.completions).toEqual([]);
  });

  it('ends at once when a retry could not help: Slack refusing the token', async () => {
    const revoked = new ChatPlatformError('not_authorized', 'token_revoked', 'users.info');
    const { outcome, completions } = await runFailingStep(revoked, { retriesLeft: 3, firstClaimedAt: null });
    expect(outcome).toBe(revoked);
    expect(completions).toEqual(unknownError);
  });
});
