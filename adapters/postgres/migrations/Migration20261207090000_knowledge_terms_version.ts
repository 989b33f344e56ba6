import { Migration } from '@mikro-orm/migrations';

/**
 * English words are stemmed in the keyword side's terms (ADR 98): each passage says which
 * version of the terms its hashes are of (`knowledge_chunks.terms_version`: 1 words as written,
 * 2 stemmed). Existing passages read 1 (a column with a constant default: a catalogue change, no
 * table rewrite), and the worker's `knowledge-terms` job hashes them again in small batches, as it
 * hashes passages stored before the keyword side; a row written without the column (a pod of the
 * previous release during a rolling update) reads 1 too, so it is hashed again as well. Nothing
 * is opened or hashed here and no key is needed. The partial index of the passages still to hash
 * replaces the one of those without terms (a superset of them); by team, so that a search can ask
 * cheaply whether the workspace still has some (its questions then also look up words as written).
 * Its build holds writes to `knowledge_chunks` (not reads) while it reads the table once.
 */
export class Migration20261207090000_knowledge_terms_version extends Migration {
  override name = 'Migration20261207090000_knowledge_terms_version';

  override up(): void | Promise<void> {
    this.addSql(`alter table "knowledge_chunks" add "terms_version" smallint not null default 1;`);
    this.addSql(`create index "knowledge_chunks_stale_terms_index" on "knowledge_chunks" ("team_id", "id") where ("terms" is null or "terms_version" < 2);`);
    this.addSql(`drop index if exists "knowledge_chunks_unhashed_index";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`create index "knowledge_chunks_unhashed_index" on "knowledge_chunks" ("id") where "terms" is null;`);
    this.addSql(`drop index if exists "knowledge_chunks_stale_terms_index";`);
    this.addSql(`alter table "knowledge_chunks" drop column "terms_version";`);
  }
}
