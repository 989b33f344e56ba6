import { defineEntity, p } from '@mikro-orm/core';

// People who signed in to the settings site (Slack OIDC).
export const UserEntity = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    teamId: p.string().length(32).primary(),
    userId: p.string().length(32).primary(),
    email: p.string(),
    name: p.string(),
    locale: p.string().length(8),
    createdAt: p.datetime(),
    lastSignedInAt: p.datetime(),
  },
});
