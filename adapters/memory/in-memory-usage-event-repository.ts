import type { UsageEventRepository } from '../../core/usage/usage-event-repository.port';
import type { MemberUsageTally, UsageEventRecord } from '../../core/usage/usage-event';
import { assertSameTeam, clone } from './clone';

export class InMemoryUsageEventRepository implements UsageEventRepository {
  private readonly rows: UsageEventRecord[] = [];

  async record(teamId: string, event: UsageEventRecord): Promise<void> {
    assertSameTeam(teamId, event);
    this.rows.push(clone(event));
  }

  /** Every recorded event (for in-memory readers such as the meter usage outbox). */
  all(): UsageEventRecord[] {
    return this.rows.map(clone);
  }

  async countForSeat(teamId: string, subscriptionId: string, memberId: string, since: Date): Promise<number> {
    return this.rows.filter(
      (r) =>
        r.teamId === teamId &&
        r.subscriptionId === subscriptionId &&
        r.memberId === memberId &&
        r.occurredAt.getTime() >= since.getTime(),
    ).length;
  }

  async tallyByMember(teamId: string, since: Date | null): Promise<MemberUsageTally[]> {
    const tallies = new Map<string, { channelMention: number; directMessage: number; reaction: number }>();
    for (const row of this.rows) {
      if (row.teamId !== teamId) continue;
      if (since && row.occurredAt.getTime() < since.getTime()) continue;
      const tally = tallies.get(row.memberId) ?? { channelMention: 0, directMessage: 0, reaction: 0 };
      if (row.kind === 'channel_mention') tally.channelMention += 1;
      else if (row.kind === 'direct_message') tally.directMessage += 1;
      else tally.reaction += 1;
      tallies.set(row.memberId, tally);
    }
    return [...tallies].map(([memberId, t]) => ({ memberId, ...t }));
  }
}
