import { Migration } from '@mikro-orm/migrations';

/**
 * The keyword side of knowledge search (ADR 96): each passage keeps the keyed hashes (HMAC under
 * a key derived from ENCRYPTION_KEY, per workspace) of its terms in `knowledge_chunks.terms`, a
 * `bigint[]` with a GIN index. Passages written from now on get them with the passage; the ones
 * stored before keep null ("not hashed yet") and are hashed by the worker in small batches (the
 * `knowledge-terms` job, adapters/vector/knowledge-terms-backfill.ts), found meanwhile by their
 * vectors. This migration changes only the catalogue and builds indexes over a column of nulls,
 * so the knowledge tables are not held while passages are opened and hashed. The partial index
 * lists the passages still to hash (empty once done).
 */
export class Migration20261205090000_knowledge_chunk_terms extends Migration {
  override name = 'Migration20261205090000_knowledge_chunk_terms';

  override up(): void | Promise<void> {
    this.addSql(`alter table "knowledge_chunks" add "terms" bigint[] null;`);
    this.addSql(`create index "knowledge_chunks_terms_index" on "knowledge_chunks" using gin ("terms");`);
    this.addSql(`create index "knowledge_chunks_unhashed_index" on "knowledge_chunks" ("id") where "terms" is null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "knowledge_chunks_unhashed_index";`);
    this.addSql(`drop index if exists "knowledge_chunks_terms_index";`);
    this.addSql(`alter table "knowledge_chunks" drop column "terms";`);
  }
}
