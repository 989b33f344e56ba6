import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { InMemoryObjectStorage } from '../../adapters/memory/in-memory-object-storage';
import { PgObjectStorage } from '../../adapters/postgres/pg-object-storage';
import { FilesystemObjectStorage } from '../../adapters/storage/filesystem-object-storage';
import type { ObjectStorage, StoredObject } from '../../core/shared/object-storage.port';
import { APP_ICON_BUCKET } from '../../core/shared/object-storage.port';
import type { Implementation } from './support/implementations';
import { emptyTables, fileDatabase } from './support/implementations';
import { at, TEAM_A, TEAM_B } from './support/records';

const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

const implementationsOfStorage: Implementation<ObjectStorage>[] = [
  { name: 'in-memory', create: async () => new InMemoryObjectStorage(APP_ICON_BUCKET) },
  {
    name: 'filesystem',
    create: async () => {
      const folder = await mkdtemp(join(tmpdir(), 'tomo-storage-'));
      folders.push(folder);
      return new FilesystemObjectStorage(folder, APP_ICON_BUCKET);
    },
  },
  {
    name: 'postgres',
    create: async () => {
      const { orm } = await fileDatabase();
      await emptyTables(orm);
      return new PgObjectStorage(orm, APP_ICON_BUCKET);
    },
  },
];

// A few PNG-like bytes, including values a text encoding would mangle.
const icon = (overrides: Partial<StoredObject> = {}): StoredObject => ({
  key: 'icons/custom.png',
  contentType: 'image/png',
  data: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe]),
  updatedAt: at(1),
  ...overrides,
});

describe.each(implementationsOfStorage)('ObjectStorage ($name)', ({ create }) => {
  let storage: ObjectStorage;
  beforeEach(async () => {
    storage = await create();
  });

  it('gives back the exact bytes and content type, and a replacement replaces', async () => {
    expect(storage.bucket).toBe('app-icon-images');
    await storage.put(TEAM_A, icon());
    expect(await storage.get(TEAM_A, 'icons/custom.png')).toEqual(icon());
    const jpeg = icon({ contentType: 'image/jpeg', data: new Uint8Array([0xff, 0xd8, 0xff]), updatedAt: at(2) });
    await storage.put(TEAM_A, jpeg);
    expect(await storage.get(TEAM_A, 'icons/custom.png')).toEqual(jpeg);
  });

  it('deletes once, and a missing object is null', async () => {
    await storage.put(TEAM_A, icon());
    expect(await storage.delete(TEAM_A, 'icons/custom.png')).toBe(true);
    expect(await storage.delete(TEAM_A, 'icons/custom.png')).toBe(false);
    expect(await storage.get(TEAM_A, 'icons/custom.png')).toBeNull();
  });

  it('refuses keys that could escape the bucket', async () => {
    for (const key of ['../secret', 'a/../../b', '/etc/passwd', '', 'a//b', 'name with space']) {
      await expect(storage.put(TEAM_A, icon({ key }))).rejects.toThrow(/Invalid object key/);
      await expect(storage.get(TEAM_A, key)).rejects.toThrow(/Invalid object key/);
    }
  });

  it('keeps teams apart: team B neither reads, replaces nor deletes team A objects', async () => {
    await storage.put(TEAM_A, icon());
    expect(await storage.get(TEAM_B, 'icons/custom.png')).toBeNull();
    expect(await storage.delete(TEAM_B, 'icons/custom.png')).toBe(false);
    await storage.put(TEAM_B, icon({ data: new Uint8Array([1, 2, 3]) }));
    expect(await storage.get(TEAM_A, 'icons/custom.png')).toEqual(icon());
    expect((await storage.get(TEAM_B, 'icons/custom.png'))?.data).toEqual(new Uint8Array([1, 2, 3]));
  });
});
