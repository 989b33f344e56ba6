import { defineEntity, p } from '@mikro-orm/core';

// Integration OAuth tokens (Google, GitHub, Notion, ...) per person. History + view, latest row
// per (team, user, provider); a disconnect appends a row without tokens. Tokens are sealed.
export const OAuthTokenHistoryEntity = defineEntity({
  name: 'OAuthTokenHistory',
  tableName: 'oauth_tokens_history',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    teamId: p.string().length(32),
    userId: p.string().length(32),
    provider: p.string().length(64),
    accessTokenSealed: p.text().nullable(),
    refreshTokenSealed: p.text().nullable(),
    scopes: p.text().nullable(),
    expiresAt: p.datetime().nullable(),
    accountName: p.string().length(255).nullable(),
    status: p.string().length(32).default('connected'),
    details: p.text().nullable(),
    updatedBy: p.string().length(32),
    updatedAt: p.datetime(),
  },
  indexes: [{ name: 'oauth_tokens_history_key_index', properties: ['teamId', 'userId', 'provider', 'id'] }],
});

export const OAuthTokenViewEntity = defineEntity({
  name: 'OAuthTokenView',
  tableName: 'oauth_tokens_view',
  view: true,
  expression:
    'select distinct on (h.team_id, h.user_id, h.provider) h.id, h.team_id, h.user_id, h.provider, h.access_token_sealed, h.refresh_token_sealed, h.scopes, h.expires_at, h.account_name, h.status, h.details, h.updated_by, h.updated_at ' +
    'from oauth_tokens_history h order by h.team_id, h.user_id, h.provider, h.id desc',
  properties: {
    id: p.bigint('number').primary(),
    teamId: p.string(),
    userId: p.string(),
    provider: p.string(),
    accessTokenSealed: p.text().nullable(),
    refreshTokenSealed: p.text().nullable(),
    scopes: p.text().nullable(),
    expiresAt: p.datetime().nullable(),
    accountName: p.string().nullable(),
    status: p.string(),
    details: p.text().nullable(),
    updatedBy: p.string(),
    updatedAt: p.datetime(),
  },
});
