import { defineEntity, p } from '@mikro-orm/core';

// The payment provider's customer for a workspace (one per workspace).
export const CustomerEntity = defineEntity({
  name: 'Customer',
  tableName: 'customers',
  properties: {
    teamId: p.string().length(32).primary(),
    externalCustomerId: p.string().unique(),
    email: p.string().nullable(),
    createdAt: p.datetime(),
  },
});
