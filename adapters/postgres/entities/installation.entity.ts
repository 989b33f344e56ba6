import { defineEntity, p } from '@mikro-orm/core';

// One row per Slack workspace. Tokens are sealed by adapters/crypto (AES-256-GCM); the sealed
// string carries the key id, so rotated keys still open older rows.
export const InstallationEntity = defineEntity({
  name: 'Installation',
  tableName: 'installations',
  properties: {
    teamId: p.string().length(32).primary(),
    teamName: p.string().nullable(),
    enterpriseId: p.string().length(32).nullable(),
    appId: p.string().length(32).nullable(),
    botUserId: p.string().length(32),
    botId: p.string().length(32).nullable(),
    botTokenSealed: p.text(),
    botScopes: p.text().nullable(),
    userId: p.string().length(32).nullable(),
    userTokenSealed: p.text().nullable(),
    userScopes: p.text().nullable(),
    installedAt: p.datetime(),
    updatedAt: p.datetime(),
    uninstalledAt: p.datetime().nullable(),
  },
});
