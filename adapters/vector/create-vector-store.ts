import type pg from 'pg';
import type { VectorStore } from '../../core/knowledge/vector-store.port';
import type { SecretBox } from '../crypto/secret-box';
import { hasVectorTable } from './pg-pool';
import { PgvectorStore, PortableVectorStore } from './pg-vector-stores';

export type VectorStoreChoice = 'auto' | 'pgvector' | 'portable';

/**
 * `VECTOR_STORE`: `auto` (default) takes pgvector when the migration could create it, else the
 * portable store; `pgvector` refuses to start without the extension.
 */
export async function createVectorStore(pool: pg.Pool, secrets: SecretBox, choice: VectorStoreChoice = 'auto'): Promise<VectorStore> {
  if (choice === 'portable') return PortableVectorStore.create(pool, secrets);
  if (choice === 'pgvector' || (await hasVectorTable(pool))) return PgvectorStore.create(pool, secrets);
  return PortableVectorStore.create(pool, secrets);
}

/** A store usable at once whose adapter is chosen when the database answers (start-up is synchronous). */
export function deferredVectorStore(store: Promise<VectorStore>): VectorStore {
  let resolved: VectorStore | undefined;
  // Reported on use, not as an unhandled rejection at start-up.
  store.then((s) => (resolved = s)).catch(() => undefined);
  return {
    get name() {
      return resolved?.name ?? 'portable';
    },
    addChunks: async (teamId, sourceId, chunks) => (await store).addChunks(teamId, sourceId, chunks),
    clearChunks: async (teamId, sourceId) => (await store).clearChunks(teamId, sourceId),
    search: async (teamId, query) => (await store).search(teamId, query),
  };
}
