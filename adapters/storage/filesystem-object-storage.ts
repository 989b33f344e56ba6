import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ObjectStorage, StoredObject } from '../../core/shared/object-storage.port';
import { assertValidObjectKey } from '../../core/shared/object-storage.port';

interface Meta {
  contentType: string;
  updatedAt: string;
}

/**
 * Objects as files: `<root>/<bucket>/<team id>/<key>` plus a `.meta.json` beside each. Suits one
 * instance (the embedded default); scale-out needs the database adapter or a shared volume.
 */
export class FilesystemObjectStorage implements ObjectStorage {
  constructor(
    private readonly root: string,
    readonly bucket: string,
  ) {
    assertValidObjectKey(bucket);
    if (bucket.includes('/')) throw new Error(`Invalid bucket name: ${bucket}`);
  }

  async put(teamId: string, object: StoredObject): Promise<void> {
    const path = this.pathOf(teamId, object.key);
    await mkdir(dirname(path), { recursive: true });
    const meta: Meta = { contentType: object.contentType, updatedAt: object.updatedAt.toISOString() };
    // Write then rename, so a reader never sees half a file.
    const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(tmp, object.data);
    await writeFile(`${path}.meta.json`, JSON.stringify(meta));
    await rename(tmp, path);
  }

  async get(teamId: string, key: string): Promise<StoredObject | null> {
    const path = this.pathOf(teamId, key);
    try {
      const [data, metaText] = await Promise.all([readFile(path), readFile(`${path}.meta.json`, 'utf8')]);
      const meta = JSON.parse(metaText) as Meta;
      return { key, contentType: meta.contentType, data: new Uint8Array(data), updatedAt: new Date(meta.updatedAt) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(teamId: string, key: string): Promise<boolean> {
    const path = this.pathOf(teamId, key);
    const existed = (await this.get(teamId, key)) !== null;
    await rm(path, { force: true });
    await rm(`${path}.meta.json`, { force: true });
    return existed;
  }

  private pathOf(teamId: string, key: string): string {
    assertValidObjectKey(key);
    assertValidObjectKey(teamId);
    if (key.endsWith('.meta.json') || key.endsWith('.tmp')) throw new Error(`Invalid object key: ${key}`);
    return join(this.root, this.bucket, teamId, key);
  }
}
