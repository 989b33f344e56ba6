import { defineEntity, p } from '@mikro-orm/core';

// Objects of the database storage adapter (bucket app-icon-images). Keys are per workspace,
// like the filesystem adapter's <bucket>/<team>/<key> layout.
export const StorageObjectEntity = defineEntity({
  name: 'StorageObject',
  tableName: 'storage_objects',
  properties: {
    bucket: p.string().length(63).primary(),
    teamId: p.string().length(32).primary(),
    key: p.string().length(512).primary(),
    contentType: p.string().length(128),
    size: p.integer(),
    data: p.blob(),
    updatedAt: p.datetime(),
  },
});
