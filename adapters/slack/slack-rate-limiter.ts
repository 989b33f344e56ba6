/**
 * Slack's Web API limits, kept before Slack has to say 429 (ADR 34). Slack counts "per method
 * per app per workspace" in tiers (Tier 1: 1+, Tier 2: 20+, Tier 3: 50+, Tier 4: 100+ requests
 * per minute, bursts tolerated), and posting messages at about one per second per channel,
 * short bursts allowed. Each workspace and method gets a token bucket holding one minute's
 * allowance and refilling at that rate; each workspace and channel gets a posting bucket of
 * one message per second with a burst of three. A call waits for its tokens instead of failing;
 * a 429 Slack still sends (limits shared with other apps, other processes) is waited out by the
 * caller for exactly `Retry-After`, the only retry layer.
 */
const PER_MINUTE = { tier1: 1, tier2: 20, tier3: 50, tier4: 100 } as const;

/** The methods Tomo calls and their documented tiers; any other method is treated as Tier 3. */
export const SLACK_METHOD_TIERS: Readonly<Record<string, keyof typeof PER_MINUTE>> = {
  'auth.test': 'tier4',
  'users.info': 'tier4',
  'users.list': 'tier2',
  'users.conversations': 'tier3',
  'bots.info': 'tier3',
  'team.info': 'tier3',
  'conversations.replies': 'tier3',
  'conversations.history': 'tier3',
  'conversations.info': 'tier3',
  'conversations.members': 'tier4',
  'conversations.list': 'tier2',
  'conversations.open': 'tier3',
  'files.info': 'tier4',
  'chat.postMessage': 'tier4',
  'chat.postEphemeral': 'tier4',
  'chat.update': 'tier3',
  'chat.delete': 'tier3',
  'chat.startStream': 'tier4',
  'chat.appendStream': 'tier4',
  'chat.stopStream': 'tier4',
  'reactions.add': 'tier3',
  'reactions.remove': 'tier2',
  'assistant.threads.setStatus': 'tier3',
  'assistant.threads.setTitle': 'tier3',
  'assistant.threads.setSuggestedPrompts': 'tier3',
  'views.publish': 'tier4',
  'functions.completeSuccess': 'tier3',
  'functions.completeError': 'tier3',
};

/** Calls that put a new message into a channel: also paced per channel. */
const POSTING = new Set(['chat.postMessage', 'chat.startStream', 'chat.postEphemeral']);
const POSTS_PER_SECOND = 1;
const POST_BURST = 3;
/** Buckets not used for this long are forgotten (memory stays bounded by active workspaces). */
const IDLE_MS = 10 * 60_000;

interface Bucket {
  tokens: number;
  at: number;
  readonly capacity: number;
  readonly perMs: number;
}

export interface SlackRateLimiterOptions {
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Multiplies every allowance (Slack grants some apps more than the floor: "50+"). Default 1. */
  scale?: number;
}

export class SlackRateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly scale: number;
  private lastSweep = 0;

  constructor(options: SlackRateLimiterOptions = {}) {
    this.now = options.now ?? (() => performance.now());
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.scale = options.scale ?? 1;
  }

  /** Waits until `method` may be called for `workspace` (and, when posting, in `channel`). */
  async take(workspace: string, method: string, channel?: string): Promise<void> {
    const perMinute = PER_MINUTE[SLACK_METHOD_TIERS[method] ?? 'tier3'] * this.scale;
    let wait = this.reserve(`${workspace}\u0000${method}`, perMinute, perMinute / 60_000);
    if (channel !== undefined && POSTING.has(method)) {
      wait = Math.max(wait, this.reserve(`${workspace}\u0000#${channel}`, POST_BURST * this.scale, (POSTS_PER_SECOND * this.scale) / 1000));
    }
    if (wait > 0) await this.sleep(Math.ceil(wait));
  }

  /**
   * Takes a token for a call that is worth making only now (a streamed answer's append, a
   * status line): true when one is free at once, false (nothing taken) when the call would
   * have to wait. The caller then skips it, and a later call carries its content.
   */
  tryTake(workspace: string, method: string): boolean {
    const perMinute = PER_MINUTE[SLACK_METHOD_TIERS[method] ?? 'tier3'] * this.scale;
    const bucket = this.refilled(`${workspace}\u0000${method}`, perMinute, perMinute / 60_000);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Takes one token now (the balance may go below zero: later callers queue behind); returns the wait. */
  private reserve(key: string, capacity: number, perMs: number): number {
    const bucket = this.refilled(key, capacity, perMs);
    bucket.tokens -= 1;
    return bucket.tokens >= 0 ? 0 : -bucket.tokens / bucket.perMs;
  }

  private refilled(key: string, capacity: number, perMs: number): Bucket {
    const now = this.now();
    this.sweep(now);
    const bucket = this.buckets.get(key) ?? { tokens: capacity, at: now, capacity, perMs };
    bucket.tokens = Math.min(bucket.capacity, bucket.tokens + (now - bucket.at) * bucket.perMs);
    bucket.at = now;
    this.buckets.set(key, bucket);
    return bucket;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < IDLE_MS) return;
    this.lastSweep = now;
    for (const [key, bucket] of this.buckets) if (now - bucket.at > IDLE_MS) this.buckets.delete(key);
  }
}
