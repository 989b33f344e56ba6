import { defineEntity, p } from '@mikro-orm/core';

// A signed-in browser session. Only the SHA-256 of the cookie value is stored, so a copy of
// the table does not let anyone sign in.
export const SessionEntity = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    idHash: p.string().length(64).primary(),
    teamId: p.string().length(32),
    userId: p.string().length(32),
    createdAt: p.datetime(),
    expiresAt: p.datetime().index(),
  },
  indexes: [{ name: 'sessions_team_user_index', properties: ['teamId', 'userId'] }],
});
