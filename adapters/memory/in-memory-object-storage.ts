import type { ObjectStorage, StoredObject } from '../../core/shared/object-storage.port';
import { assertValidObjectKey } from '../../core/shared/object-storage.port';
import { clone } from './clone';

export class InMemoryObjectStorage implements ObjectStorage {
  private readonly objects = new Map<string, StoredObject>();

  constructor(readonly bucket: string) {}

  async put(teamId: string, object: StoredObject): Promise<void> {
    assertValidObjectKey(object.key);
    this.objects.set(`${teamId}/${object.key}`, clone({ ...object, data: new Uint8Array(object.data) }));
  }

  async get(teamId: string, key: string): Promise<StoredObject | null> {
    assertValidObjectKey(key);
    const object = this.objects.get(`${teamId}/${key}`);
    return object ? clone(object) : null;
  }

  async delete(teamId: string, key: string): Promise<boolean> {
    assertValidObjectKey(key);
    return this.objects.delete(`${teamId}/${key}`);
  }
}
