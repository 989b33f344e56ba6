import type { CustomerRepository } from '../../core/billing/customer-repository.port';
import type { CustomerRecord } from '../../core/billing/customer';
import { assertSameTeam, clone } from './clone';

export class InMemoryCustomerRepository implements CustomerRepository {
  private readonly rows = new Map<string, CustomerRecord>();

  async find(teamId: string): Promise<CustomerRecord | null> {
    const row = this.rows.get(teamId);
    return row ? clone(row) : null;
  }

  async save(teamId: string, record: CustomerRecord): Promise<void> {
    assertSameTeam(teamId, record);
    this.rows.set(teamId, clone(record));
  }

  async findTeamIdByExternalCustomerId(externalCustomerId: string): Promise<string | null> {
    for (const row of this.rows.values()) if (row.externalCustomerId === externalCustomerId) return row.teamId;
    return null;
  }
}
