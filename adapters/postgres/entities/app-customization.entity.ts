import { defineEntity, p } from '@mikro-orm/core';

export const AppCustomizationEntity = defineEntity({
  name: 'AppCustomization',
  tableName: 'app_customizations',
  properties: {
    teamId: p.string().length(32).primary(),
    appName: p.string().length(50).nullable(),
    // Object key in the app-icon-images bucket.
    iconKey: p.string().length(512).nullable(),
    greetingWhenJoiningChannel: p.boolean().default(true),
    updatedBy: p.string().length(32).nullable(),
    updatedAt: p.datetime().nullable(),
  },
});
