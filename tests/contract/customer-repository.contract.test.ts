import { beforeEach, describe, expect, it } from 'vitest';
import { InMemoryCustomerRepository } from '../../adapters/memory/in-memory-customer-repository';
import { PgCustomerRepository } from '../../adapters/postgres/pg-customer-repository';
import type { CustomerRepository } from '../../core/billing/customer-repository.port';
import { implementations } from './support/implementations';
import { aCustomer, TEAM_A, TEAM_B } from './support/records';

describe.each(
  implementations<CustomerRepository>({
    memory: () => new InMemoryCustomerRepository(),
    postgres: (orm) => new PgCustomerRepository(orm),
  }),
)('CustomerRepository ($name)', ({ create }) => {
  let customers: CustomerRepository;
  beforeEach(async () => {
    customers = await create();
  });

  it('stores the workspace customer and replaces it', async () => {
    expect(await customers.find(TEAM_A)).toBeNull();
    await customers.save(TEAM_A, aCustomer());
    await customers.save(TEAM_A, aCustomer({ email: null }));
    expect(await customers.find(TEAM_A)).toEqual(aCustomer({ email: null }));
  });

  it('answers which workspace a payment-provider customer belongs to', async () => {
    await customers.save(TEAM_A, aCustomer());
    await customers.save(TEAM_B, aCustomer({ teamId: TEAM_B, externalCustomerId: 'cus_B' }));
    expect(await customers.findTeamIdByExternalCustomerId('cus_B')).toBe(TEAM_B);
    expect(await customers.findTeamIdByExternalCustomerId('cus_unknown')).toBeNull();
  });

  it('keeps teams apart: team B neither reads nor overwrites team A', async () => {
    await customers.save(TEAM_A, aCustomer());
    expect(await customers.find(TEAM_B)).toBeNull();
    await expect(customers.save(TEAM_B, aCustomer({ email: 'evil@b.test' }))).rejects.toThrow(/team/);
    expect(await customers.find(TEAM_A)).toEqual(aCustomer());
  });
});
