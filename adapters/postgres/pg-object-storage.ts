import type { MikroORM } from '@mikro-orm/postgresql';
import type { ObjectStorage, StoredObject } from '../../core/shared/object-storage.port';
import { assertValidObjectKey } from '../../core/shared/object-storage.port';
import { StorageObjectEntity } from './entities/storage-object.entity';

/**
 * The database adapter of ObjectStorage (the filesystem one is in adapters/storage): objects as rows of `storage_objects` (bytea). Suits a multi-instance deployment with no
 * shared disk; icons are small (≤ 50 MB by the upload rule).
 */
export class PgObjectStorage implements ObjectStorage {
  constructor(
    private readonly orm: MikroORM,
    readonly bucket: string,
  ) {}

  async put(teamId: string, object: StoredObject): Promise<void> {
    assertValidObjectKey(object.key);
    const data = Buffer.from(object.data);
    await this.orm.em.fork().upsert(StorageObjectEntity, {
      bucket: this.bucket,
      teamId,
      key: object.key,
      contentType: object.contentType,
      size: data.length,
      data,
      updatedAt: object.updatedAt,
    });
  }

  async get(teamId: string, key: string): Promise<StoredObject | null> {
    assertValidObjectKey(key);
    const row = await this.orm.em.fork().findOne(StorageObjectEntity, { bucket: this.bucket, key, teamId });
    if (!row) return null;
    return { key: row.key, contentType: row.contentType, data: new Uint8Array(row.data), updatedAt: row.updatedAt };
  }

  async delete(teamId: string, key: string): Promise<boolean> {
    assertValidObjectKey(key);
    return (await this.orm.em.fork().nativeDelete(StorageObjectEntity, { bucket: this.bucket, key, teamId })) > 0;
  }
}
