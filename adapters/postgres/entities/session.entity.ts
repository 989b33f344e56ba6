import { defineEntity, p } from '@mikro-orm/core';

// A signed-in browser session. Only a hash of the cookie value is stored.
export const SessionEntity = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    idHash: p.string().length(128).primary(),
    teamId: p.string().length(32),
    userId: p.string().length(32),
    createdAt: p.datetime(),
    expiresAt: p.datetime().index(),
    lastSeenAt: p.datetime(),
  },
  indexes: [{ name: 'sessions_team_user_index', properties: ['teamId', 'userId'] }],
});
