import { randomUUID } from 'node:crypto';
import type { UsageEventRepository, UsageReservationRequest } from '../../core/usage/usage-event-repository.port';
import type { MemberUsageTally, UsageEventRecord } from '../../core/usage/usage-event';
import { assertSameTeam, clone } from './clone';

export class InMemoryUsageEventRepository implements UsageEventRepository {
  private readonly rows: UsageEventRecord[] = [];
  private readonly held = new Map<string, { readonly teamId: string; readonly seat: string; readonly until: Date; readonly at: Date }>();

  async record(teamId: string, event: UsageEventRecord, reservationId?: string): Promise<void> {
    assertSameTeam(teamId, event);
    if (reservationId !== undefined) await this.release(teamId, reservationId);
    this.rows.push(clone(event));
  }

  async reserve(teamId: string, request: UsageReservationRequest): Promise<string | null> {
    const seat = `${request.subscriptionId}/${request.memberId}`;
    const answered = await this.countForSeat(teamId, request.subscriptionId, request.memberId, request.since);
    // Counted and held with no await in between: requests asked together see each other's holds.
    const holding = [...this.held.values()].filter(
      (h) => h.teamId === teamId && h.seat === seat && h.until.getTime() > request.now.getTime() && h.at.getTime() >= request.since.getTime(),
    ).length;
    if (answered + holding >= request.limit) return null;
    const id = randomUUID();
    this.held.set(id, { teamId, seat, until: request.until, at: request.now });
    return id;
  }

  async release(teamId: string, reservationId: string): Promise<void> {
    if (this.held.get(reservationId)?.teamId === teamId) this.held.delete(reservationId);
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
