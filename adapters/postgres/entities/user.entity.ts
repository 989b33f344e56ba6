import { defineEntity, p } from '@mikro-orm/core';

// People who signed in to the settings site (Slack OIDC).
export const UserEntity = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    teamId: p.string().length(32).primary(),
    userId: p.string().length(32).primary(),
    email: p.string().nullable(),
    name: p.string().nullable(),
    locale: p.string().length(16).nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
