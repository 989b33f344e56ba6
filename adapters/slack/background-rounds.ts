/** One workspace's reads: queued in the order asked, taken by a few lanes until none waits (a round). */
interface Round {
  /** Ids not started yet. */
  readonly waiting: string[];
  /** Ids waiting or being read. */
  readonly pending: Set<string>;
  lanes: number;
  /** When the last round ended (0: none has). */
  endedAt: number;
  /** The running round's end, and what ends it. */
  end: Promise<void>;
  ended: () => void;
}

/**
 * Reads that nobody waits for, per workspace: a few at a time (Slack's limits are per workspace),
 * each id queued once while it waits or is read however often it is asked for meanwhile.
 */
export class BackgroundRounds {
  private readonly teams = new Map<string, Round>();

  constructor(private readonly options: { concurrency: number; roundMs: number; now: () => number }) {}

  isPending(teamId: string, id: string): boolean {
    return this.teams.get(teamId)?.pending.has(id) === true;
  }

  /**
   * Whether what was read before may be read again: no round runs, and the last one ended a round
   * time ago. Counted from the end, a round longer than that (a thousand bots) is not chased by
   * another while the page that asked keeps asking.
   */
  mayRepeat(teamId: string, now: number): boolean {
    const round = this.teams.get(teamId);
    return round === undefined || (round.pending.size === 0 && now - round.endedAt >= this.options.roundMs);
  }

  /**
   * Queues the ids not pending yet and starts lanes that `read` them one after another. A read
   * that resolves to 'stop' (the workspace refuses every read) drops the ids still waiting, each
   * passed to `dropped`. The round's end when this call queued any.
   */
  queue(
    teamId: string,
    ids: readonly string[],
    read: (id: string) => Promise<'stop' | undefined>,
    dropped: (id: string) => void,
  ): Promise<void> | undefined {
    const fresh = ids.filter((id) => !this.isPending(teamId, id));
    if (fresh.length === 0) return undefined;
    const round = this.roundOf(teamId);
    for (const id of fresh) {
      round.waiting.push(id);
      round.pending.add(id);
    }
    if (round.lanes === 0) round.end = new Promise((resolve) => (round.ended = resolve));
    // A lane takes its first id before it yields, so no lane starts without work.
    const lane = async () => {
      for (;;) {
        const id = round.waiting.shift();
        if (id === undefined) break;
        const outcome = await read(id);
        round.pending.delete(id);
        if (outcome === 'stop') {
          for (const other of round.waiting.splice(0)) {
            round.pending.delete(other);
            dropped(other);
          }
        }
      }
      round.lanes -= 1;
      if (round.lanes === 0) {
        round.endedAt = this.options.now();
        round.ended();
      }
    };
    while (round.lanes < this.options.concurrency && round.waiting.length > 0) {
      round.lanes += 1;
      void lane();
    }
    return round.end;
  }

  private roundOf(teamId: string): Round {
    let round = this.teams.get(teamId);
    if (round === undefined) {
      round = { waiting: [], pending: new Set(), lanes: 0, endedAt: 0, end: Promise.resolve(), ended: () => undefined };
      this.teams.set(teamId, round);
    }
    return round;
  }

  /** Forgets the workspaces whose last round ended a round time ago. */
  sweep(now: number): void {
    for (const [teamId, round] of this.teams) {
      if (round.pending.size === 0 && now - round.endedAt >= this.options.roundMs) this.teams.delete(teamId);
    }
  }
}
