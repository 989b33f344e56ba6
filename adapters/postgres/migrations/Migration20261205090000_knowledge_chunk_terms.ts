import { searchTerms } from '../../../core/knowledge/keyword-search';
import { hashArray, passageContext, termHashes } from '../../vector/knowledge-sealing';
import { SealingMigration } from './sealing-migration';

/**
 * The keyword side of knowledge search (ADR 96): each passage keeps the keyed hashes (HMAC under
 * a key derived from ENCRYPTION_KEY, per workspace) of its terms in `knowledge_chunks.terms`, a
 * `bigint[]` with a GIN index. Passages stored before are opened here and their terms hashed, with
 * the key the process was started with (`SealingMigration`), then the index is built.
 *
 * Unlike the contexts written out in earlier migrations, the terms and their hashing are the
 * adapters' own (core/knowledge/keyword-search.ts, adapters/vector/knowledge-sealing.ts): stored
 * hashes must be those a search computes, so changing how terms are cut needs a migration that
 * hashes every passage again, as this one does.
 */
export class Migration20261205090000_knowledge_chunk_terms extends SealingMigration {

  override name = 'Migration20261205090000_knowledge_chunk_terms';

  override async up(): Promise<void> {
    const box = await this.secretsFor(['knowledge_chunks']);
    await this.execute(`alter table "knowledge_chunks" add "terms" bigint[] not null default '{}';`);
    if (box) {
      await this.eachPage<ChunkRow>(`select id, team_id, source_id, sealed from knowledge_chunks`, 'id', '0', async (rows) => {
        const values = rows.map((r) => ({
          id: r.id,
          terms: hashArray(termHashes(box, r.team_id, searchTerms(box.open(r.sealed, passageContext(r.team_id, r.source_id))), 'current')),
        }));
        await this.execute(
          `update "knowledge_chunks" x set "terms" = v."terms"::bigint[] from jsonb_to_recordset(?::jsonb) as v(id bigint, terms text) where x."id" = v."id"`,
          [JSON.stringify(values)],
        );
      });
    }
    await this.execute(`alter table "knowledge_chunks" alter column "terms" drop default;`);
    await this.execute(`create index "knowledge_chunks_terms_index" on "knowledge_chunks" using gin ("terms");`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop index if exists "knowledge_chunks_terms_index";`);
    await this.execute(`alter table "knowledge_chunks" drop column "terms";`);
  }
}

interface ChunkRow extends Record<string, unknown> {
  id: string;
  team_id: string;
  source_id: string;
  sealed: string;
}
