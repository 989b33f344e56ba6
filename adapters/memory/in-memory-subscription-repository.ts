import type { SubscriptionRepository } from '../../core/billing/subscription-repository.port';
import type { SubscriptionRecord } from '../../core/billing/subscription';
import { assertSameTeam, clone } from './clone';

export class InMemorySubscriptionRepository implements SubscriptionRepository {
  private readonly rows: SubscriptionRecord[] = [];

  async findById(teamId: string, id: string): Promise<SubscriptionRecord | null> {
    const row = this.rows.find((r) => r.teamId === teamId && r.id === id);
    return row ? clone(row) : null;
  }

  async findByExternalId(teamId: string, externalId: string): Promise<SubscriptionRecord | null> {
    const row = this.rows.find((r) => r.teamId === teamId && r.externalId === externalId);
    return row ? clone(row) : null;
  }

  async listByTeam(teamId: string): Promise<SubscriptionRecord[]> {
    return this.rows
      .filter((r) => r.teamId === teamId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map(clone);
  }

  async save(teamId: string, record: SubscriptionRecord): Promise<void> {
    assertSameTeam(teamId, record);
    const index = this.rows.findIndex((r) => r.id === record.id);
    if (index >= 0) {
      if (this.rows[index]?.teamId !== teamId) throw new Error(`Subscription ${record.id} belongs to another team`);
      this.rows[index] = clone(record);
    } else {
      this.rows.push(clone(record));
    }
  }
}
