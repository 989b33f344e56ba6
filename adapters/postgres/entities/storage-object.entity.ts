import { defineEntity, p } from '@mikro-orm/core';

// Objects of the database storage adapter (bucket app-icon-images). The filesystem adapter
// keeps the same objects as files instead.
export const StorageObjectEntity = defineEntity({
  name: 'StorageObject',
  tableName: 'storage_objects',
  properties: {
    bucket: p.string().length(63).primary(),
    key: p.string().length(512).primary(),
    teamId: p.string().length(32),
    contentType: p.string().length(128),
    size: p.integer(),
    data: p.blob(),
    updatedAt: p.datetime(),
  },
  indexes: [{ name: 'storage_objects_team_index', properties: ['teamId', 'bucket'] }],
});
