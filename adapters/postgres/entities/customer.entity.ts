import { defineEntity, p } from '@mikro-orm/core';

// The payment provider's customer for a workspace.
export const CustomerEntity = defineEntity({
  name: 'Customer',
  tableName: 'customers',
  properties: {
    id: p.string().length(64).primary(),
    teamId: p.string().length(32).index(),
    stripeCustomerId: p.string().length(255).nullable().unique(),
    email: p.string().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
