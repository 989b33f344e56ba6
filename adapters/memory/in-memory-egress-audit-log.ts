import type { EgressAuditLog, EgressAuditRecord } from '../../core/assistant/egress-audit-log.port';
import { assertSameTeam, clone } from './clone';

export class InMemoryEgressAuditLog implements EgressAuditLog {
  private readonly entries: EgressAuditRecord[] = [];

  async record(teamId: string, entry: EgressAuditRecord): Promise<void> {
    assertSameTeam(teamId, entry);
    this.entries.push(clone(entry));
  }

  async list(teamId: string, options: { since?: Date; limit?: number } = {}): Promise<EgressAuditRecord[]> {
    const since = options.since?.getTime() ?? Number.NEGATIVE_INFINITY;
    return this.entries
      .map((entry, order) => ({ entry, order }))
      .filter(({ entry }) => entry.teamId === teamId && entry.occurredAt.getTime() >= since)
      .sort((a, b) => b.entry.occurredAt.getTime() - a.entry.occurredAt.getTime() || b.order - a.order)
      .slice(0, options.limit ?? 100)
      .map(({ entry }) => clone(entry));
  }
}
