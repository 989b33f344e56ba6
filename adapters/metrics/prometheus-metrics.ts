import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** One queue's backlog at scrape time. */
export interface QueueStat {
  queue: string;
  /** Waiting and due now (created or retry, start time reached). */
  ready: number;
  /** Waiting for a later start (a retry delay, a scheduled send). */
  deferred: number;
  active: number;
  /** Seconds since the oldest ready job was created; 0 when none waits. */
  oldestReadySeconds: number;
}

export interface MetricsOptions {
  /** `server`, `worker` or `all-in-one`: a label on every series, beside Prometheus's instance. */
  process: string;
  /** Read at each scrape (once per scrape for all queue series). */
  queueStats?: () => Promise<QueueStat[]>;
  /** Every queue name, so an empty queue reports 0 instead of disappearing. */
  queueNames?: readonly string[];
  onCollectError?: (error: unknown) => void;
}

/**
 * Tomo's Prometheus metrics (prom-client), one registry per process. Every name is listed in
 * docs/deploy.md; the labels carry ids of queues, providers and Slack methods only, never a
 * team, a user or any text.
 */
export class TomoMetrics {
  readonly registry = new Registry();
  /** From the person's Slack message to the first words of the answer handed to Slack. */
  readonly answerFirstText: Histogram;
  /** From the person's Slack message to the finished answer. */
  readonly answerComplete: Histogram;
  readonly activeStreams: Gauge;
  readonly llmErrors: Counter<'provider' | 'code' | 'status'>;
  readonly slackRateLimited: Counter<'method'>;
  /** The server's Socket Mode connection: 1 on its current state, 0 on the others (absent without SLACK_APP_TOKEN). */
  readonly socketMode: Gauge<'state'>;
  /** Content-Security-Policy violations browsers reported to /csp-reports, by directive (a known name, else `other`). */
  readonly cspViolations: Counter<'directive'>;

  constructor(options: MetricsOptions) {
    const registers = [this.registry];
    this.registry.setDefaultLabels({ process: options.process });
    collectDefaultMetrics({ register: this.registry, prefix: 'tomo_' });
    this.answerFirstText = new Histogram({
      name: 'tomo_answer_first_text_seconds',
      help: "Seconds from the person's Slack message to the first words of Tomo's answer handed to Slack",
      buckets: [0.5, 1, 1.5, 2, 3, 5, 8, 13, 21, 34, 60, 120],
      registers,
    });
    this.answerComplete = new Histogram({
      name: 'tomo_answer_complete_seconds',
      help: "Seconds from the person's Slack message to Tomo's finished answer",
      buckets: [1, 2, 3, 5, 8, 13, 21, 34, 60, 120, 300, 600],
      registers,
    });
    this.activeStreams = new Gauge({
      name: 'tomo_answer_streams_active',
      help: 'Answers being written into Slack right now (first words sent, not yet finished)',
      registers,
    });
    this.llmErrors = new Counter({
      name: 'tomo_llm_errors_total',
      help: 'Failed LLM calls by provider, error code and HTTP status ("none" when no response arrived)',
      labelNames: ['provider', 'code', 'status'],
      registers,
    });
    this.slackRateLimited = new Counter({
      name: 'tomo_slack_rate_limited_total',
      help: 'HTTP 429 answers from the Slack Web API, by method',
      labelNames: ['method'],
      registers,
    });
    this.socketMode = new Gauge({
      name: 'tomo_slack_socket_mode',
      help: "The Socket Mode connection's state: 1 on the current one (connecting, connected, reconnecting, off = turned off in the Slack app's settings)",
      labelNames: ['state'],
      registers,
    });
    this.cspViolations = new Counter({
      name: 'tomo_csp_violations_total',
      help: "Content-Security-Policy violations reported by visitors' browsers, by effective directive",
      labelNames: ['directive'],
      registers,
    });
    if (options.queueStats) this.registerQueueStats(options.queueStats, options.queueNames ?? [], options.onCollectError);
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }

  private registerQueueStats(read: () => Promise<QueueStat[]>, names: readonly string[], onError?: (error: unknown) => void) {
    // Both gauges are filled from one query per scrape.
    let current: { at: number; stats: Promise<QueueStat[] | undefined> } | undefined;
    const stats = () => {
      if (!current || Date.now() - current.at > 1_000) {
        current = {
          at: Date.now(),
          stats: read().catch((error: unknown) => {
            onError?.(error);
            return undefined;
          }),
        };
      }
      return current.stats;
    };
    const byQueue = async () => {
      const rows = await stats();
      if (!rows) return undefined;
      const all = new Map<string, QueueStat>(names.map((queue) => [queue, { queue, ready: 0, deferred: 0, active: 0, oldestReadySeconds: 0 }]));
      for (const row of rows) all.set(row.queue, row);
      return [...all.values()];
    };
    new Gauge({
      name: 'tomo_queue_jobs',
      help: 'Jobs per queue and state: ready (due, waiting for a worker), deferred (waiting for a later start), active',
      labelNames: ['queue', 'state'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of (await byQueue()) ?? []) {
          this.set({ queue: row.queue, state: 'ready' }, row.ready);
          this.set({ queue: row.queue, state: 'deferred' }, row.deferred);
          this.set({ queue: row.queue, state: 'active' }, row.active);
        }
      },
    });
    new Gauge({
      name: 'tomo_queue_oldest_ready_seconds',
      help: 'Age of the oldest job that is due and still waiting for a worker (0 when none waits)',
      labelNames: ['queue'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of (await byQueue()) ?? []) this.set({ queue: row.queue }, row.oldestReadySeconds);
      },
    });
  }
}
