import { describe, expect, it } from 'vitest';
import { InMemoryChatPlatformFactory, InMemoryChatWorkspace } from '../../../adapters/memory/in-memory-chat-platform';
import { timeAnswerJobs, timeAnswers } from '../../../adapters/metrics/answer-timing';
import { TomoMetrics } from '../../../adapters/metrics/prometheus-metrics';

const access = { teamId: 'T1', botToken: 'xoxb-1' };
const target = { thread: { channelId: 'C1', threadTs: '1.1' }, recipientUserId: 'U1' };

function workspace(): InMemoryChatWorkspace {
  const chat = new InMemoryChatWorkspace();
  chat.addChannel('C1');
  return chat;
}

async function gaugeValue(metrics: TomoMetrics): Promise<number> {
  return (await metrics.activeStreams.get()).values[0]?.value ?? 0;
}

describe('answer timing', () => {
  it('counts a stream as active from its first words until it finishes', async () => {
    const metrics = new TomoMetrics({ process: 'worker' });
    const chat = timeAnswers(new InMemoryChatPlatformFactory(workspace()), metrics);
    const job = timeAnswerJobs(async () => {
      const writer = chat.forWorkspace(access).startAnswer(target);
      expect(await gaugeValue(metrics)).toBe(0);
      await writer.append('Hello');
      await writer.append(' there');
      expect(await gaugeValue(metrics)).toBe(1);
      await writer.finish();
      expect(await gaugeValue(metrics)).toBe(0);
    });
    await job({ ts: (Date.now() / 1000 - 2).toFixed(6) }, { id: 'j1', name: 'slack-answer' });
    const complete = await metrics.answerComplete.get();
    expect(complete.values.find((v) => v.metricName === 'tomo_answer_complete_seconds_count')?.value).toBe(1);
    // Measured from the message's timestamp two seconds ago, not from the job's start.
    expect(complete.values.find((v) => v.metricName === 'tomo_answer_complete_seconds_sum')?.value).toBeGreaterThanOrEqual(2);
  });

  it('leaves every other capability of the platform as it is, optional ones included', () => {
    const factory = new InMemoryChatPlatformFactory(workspace());
    const plain = factory.forWorkspace(access);
    const timed = timeAnswers(factory, new TomoMetrics({ process: 'worker' })).forWorkspace(access);
    for (const name of ['readThread', 'getUsers', 'showThinking', 'postInThread', 'downloadFile', 'readLinkedMessage'] as const) {
      expect(typeof timed[name], name).toBe(typeof plain[name]);
    }
  });

  it('stops counting a stream its job abandoned by throwing mid-answer', async () => {
    const metrics = new TomoMetrics({ process: 'worker' });
    const chat = timeAnswers(new InMemoryChatPlatformFactory(workspace()), metrics);
    const job = timeAnswerJobs(async () => {
      await chat.forWorkspace(access).startAnswer(target).append('Half an answer');
      throw new Error('unexpected');
    });
    await expect(job({ ts: 'not-a-ts' }, { id: 'j2', name: 'slack-answer' })).rejects.toThrow('unexpected');
    expect(await gaugeValue(metrics)).toBe(0);
    expect((await metrics.answerFirstText.get()).values.find((v) => v.metricName?.endsWith('_count'))?.value).toBe(1);
  });
});
