/** How much text one chat.appendStream carries after an answer's first words. */
export interface StreamBatch {
  /** Sent once this many characters have gathered... */
  readonly bufferChars: number;
  /** ...or once this long has passed since the answer's last write. */
  readonly flushIntervalMs: number;
}

export interface SlackStreamLoadOptions {
  /** From this many answers streaming at once in the process, appends carry `busyBatch`. */
  busyAnswers: number;
  /** Default 512 characters or 2 s. */
  busyBatch?: StreamBatch;
  /**
   * An answer that has not written for this long no longer counts (one that failed without
   * finishing, or one waiting on a long tool call). Default 30 s.
   */
  staleMs?: number;
}

export const BUSY_STREAM_BATCH: StreamBatch = { bufferChars: 512, flushIntervalMs: 2_000 };
const PRUNE_EVERY_MS = 1_000;

/**
 * The answers one worker process is streaming into Slack, shared by all its Slack clients.
 * Every chat.appendStream costs the process a Web API call (HTTP, JSON, the SDK's queue and
 * retry handling); when hundreds of answers stream at once those calls are a real part of its
 * CPU, so each answer then gathers more text per append (ADR 88). A lone answer, and every
 * answer's first words, are never held longer.
 */
export class SlackStreamLoad {
  private readonly lastWriteAt = new Map<object, number>();
  private prunedAt = Number.NEGATIVE_INFINITY;
  private readonly busyBatch: StreamBatch;
  private readonly staleMs: number;

  constructor(private readonly options: SlackStreamLoadOptions) {
    this.busyBatch = options.busyBatch ?? BUSY_STREAM_BATCH;
    this.staleMs = options.staleMs ?? 30_000;
  }

  /** `answer` wrote to its stream at `now` (ms). */
  wrote(answer: object, now: number): void {
    this.lastWriteAt.set(answer, now);
  }

  /** `answer` is finished (or gave up). */
  finished(answer: object): void {
    this.lastWriteAt.delete(answer);
  }

  /** The busy batch when enough answers are streaming, else `normal`. */
  batch(normal: StreamBatch, now: number): StreamBatch {
    if (this.options.busyAnswers <= 0) return normal;
    if (now - this.prunedAt >= PRUNE_EVERY_MS) {
      this.prunedAt = now;
      for (const [answer, at] of this.lastWriteAt) if (now - at > this.staleMs) this.lastWriteAt.delete(answer);
    }
    if (this.lastWriteAt.size < this.options.busyAnswers) return normal;
    return {
      bufferChars: Math.max(normal.bufferChars, this.busyBatch.bufferChars),
      flushIntervalMs: Math.max(normal.flushIntervalMs, this.busyBatch.flushIntervalMs),
    };
  }

  /** Answers counted as streaming now (for tests and metrics). */
  get streaming(): number {
    return this.lastWriteAt.size;
  }
}
