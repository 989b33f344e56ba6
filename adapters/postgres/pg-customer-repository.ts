import type { InferEntity } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { CustomerRepository } from '../../core/billing/customer-repository.port';
import type { CustomerRecord } from '../../core/billing/customer';
import { CustomerEntity } from './entities/customer.entity';
import { assertSameTeam } from './team-scope';

type Row = InferEntity<typeof CustomerEntity>;

export class PgCustomerRepository implements CustomerRepository {
  constructor(private readonly orm: MikroORM) {}

  async find(teamId: string): Promise<CustomerRecord | null> {
    const row = await this.orm.em.fork().findOne(CustomerEntity, { teamId });
    return row ? toRecord(row) : null;
  }

  async save(teamId: string, record: CustomerRecord): Promise<void> {
    assertSameTeam(teamId, record);
    await this.orm.em.fork().upsert(CustomerEntity, { ...record });
  }

  async findTeamIdByExternalCustomerId(externalCustomerId: string): Promise<string | null> {
    const row = await this.orm.em.fork().findOne(CustomerEntity, { externalCustomerId });
    return row?.teamId ?? null;
  }
}

function toRecord(row: Row): CustomerRecord {
  return { teamId: row.teamId, externalCustomerId: row.externalCustomerId, email: row.email ?? null, createdAt: row.createdAt };
}
