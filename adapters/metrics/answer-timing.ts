import { AsyncLocalStorage } from 'node:async_hooks';
import type {
  AnswerTarget,
  AnswerWriter,
  ChatPlatform,
  PostedAnswer,
  WorkspaceAccess,
} from '../../core/assistant/chat-platform.port';
import type { JobPayload } from '../../core/shared/job-queue.port';
import type { TomoMetrics } from './prometheus-metrics';

type AnswerMetrics = Pick<TomoMetrics, 'answerFirstText' | 'answerComplete' | 'activeStreams'>;
type Handler = (payload: JobPayload, job: { id: string; name: string }) => Promise<unknown>;

interface AnswerScope {
  /** When the person sent the message (its Slack `ts`), in ms since the epoch. */
  since: number;
  /** Streams opened during this job and not yet closed. */
  open: Set<() => void>;
}

const currentAnswer = new AsyncLocalStorage<AnswerScope>();

/**
 * Wraps the answer job: timings start at the person's message (the job's `ts`, so queueing,
 * thread reading and the model's first token all count), and any stream the job leaves open,
 * e.g. when it throws mid-answer, stops counting as active when the job ends.
 */
export function timeAnswerJobs(handler: Handler): Handler {
  return (payload, job) => {
    const scope: AnswerScope = { since: slackTsToMs(payload.ts) ?? Date.now(), open: new Set() };
    return currentAnswer.run(scope, async () => {
      try {
        return await handler(payload, job);
      } finally {
        for (const close of scope.open) close();
      }
    });
  };
}

/**
 * Decorates every platform's answer writer with the latency histograms and the active-streams
 * gauge. Everything else (optional capabilities included) is the platform's own, untouched.
 */
export function timeAnswers<P extends ChatPlatform>(
  factory: { forWorkspace(access: WorkspaceAccess): P },
  metrics: AnswerMetrics,
): { forWorkspace(access: WorkspaceAccess): P } {
  return {
    forWorkspace(access: WorkspaceAccess): P {
      const platform = factory.forWorkspace(access);
      const startAnswer = (target: AnswerTarget) => timedWriter(platform.startAnswer(target), metrics);
      return new Proxy(platform, {
        get(target, property) {
          if (property === 'startAnswer') return startAnswer;
          const value: unknown = Reflect.get(target, property, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    },
  };
}

function timedWriter(writer: AnswerWriter, metrics: AnswerMetrics): AnswerWriter {
  const scope = currentAnswer.getStore();
  const since = scope?.since ?? Date.now();
  const seconds = () => Math.max(0, Date.now() - since) / 1000;
  let opened = false;
  let closed = false;
  const close = () => {
    if (!opened || closed) return;
    closed = true;
    metrics.activeStreams.dec();
    scope?.open.delete(close);
  };
  return {
    async append(text: string): Promise<void> {
      if (!opened && text !== '') {
        opened = true;
        metrics.answerFirstText.observe(seconds());
        metrics.activeStreams.inc();
        scope?.open.add(close);
      }
      try {
        await writer.append(text);
      } catch (error) {
        close();
        throw error;
      }
    },
    async finish(): Promise<PostedAnswer> {
      try {
        const posted = await writer.finish();
        metrics.answerComplete.observe(seconds());
        return posted;
      } finally {
        close();
      }
    },
    flush: async () => {
      try {
        await writer.flush?.();
      } catch (error) {
        close();
        throw error;
      }
    },
    restart: () => writer.restart(),
    async interrupt(): Promise<void> {
      try {
        await writer.interrupt();
      } finally {
        close();
      }
    },
  };
}

/** Slack message timestamps are epoch seconds with microseconds (`1732000000.000100`). */
function slackTsToMs(ts: unknown): number | undefined {
  if (typeof ts !== 'string' || !/^\d{9,}\.\d+$/.test(ts)) return undefined;
  const ms = Number(ts) * 1000;
  return ms <= Date.now() ? ms : undefined;
}
