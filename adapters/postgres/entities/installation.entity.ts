import { defineEntity, p } from '@mikro-orm/core';

// One row per Slack workspace. The bot token is sealed by adapters/crypto (AES-256-GCM); the
// sealed text carries its key id, so a keyring with older keys still opens rows after rotation.
export const InstallationEntity = defineEntity({
  name: 'Installation',
  tableName: 'installations',
  properties: {
    teamId: p.string().length(32).primary(),
    teamName: p.string(),
    botUserId: p.string().length(32),
    botId: p.string().length(32),
    botTokenSealed: p.text().nullable(),
    installedBy: p.string().length(32),
    firstInstalledAt: p.datetime(),
    installedAt: p.datetime(),
    uninstalledAt: p.datetime().nullable(),
    installCount: p.integer(),
  },
});
