import type pg from 'pg';
import type { SecretBox } from '../crypto/secret-box';
import { TERMS_VERSION } from '../../core/knowledge/keyword-search';
import { STALE_TERMS, passageContext, passageTerms } from './knowledge-sealing';
import { inTransaction } from './pg-pool';

/**
 * The passages stored before the keyword side (ADR 96) have no terms (`knowledge_chunks.terms`
 * null), and those hashed by an older version of the terms (`terms_version` below
 * `TERMS_VERSION`: words as written, before stemming, ADR 98) have terms a search no longer
 * computes; both are found through the partial index `knowledge_chunks_stale_terms_index`. Each
 * is opened and its terms hashed here, a batch per short transaction, as the worker's
 * `knowledge-terms` job asks. The rows are taken `for update skip locked`, and taken only while
 * still stale, so workers running at once share the work and hash each passage once; a batch cut
 * short (a worker killed) rolls back and is taken again. Search meanwhile reads what is
 * committed: a passage not hashed yet has no keyword side and is found by its vector alone; one
 * of the older version is found by the words as written (see `PgChunkStore.hasStaleTerms`).
 */
export class PgKnowledgeTermsBackfill {
  /** The pool may still be opening (the composition roots build adapters synchronously). */
  constructor(
    private readonly pool: pg.Pool | Promise<pg.Pool>,
    private readonly secrets: SecretBox,
  ) {}

  /** Hashes the terms of up to `limit` passages that have none; how many it hashed (0: none left to take). */
  async hashBatch(limit: number): Promise<number> {
    return inTransaction(await this.pool, async (client) => {
      const { rows } = await client.query<{ id: string; team_id: string; source_id: string; sealed: string }>(
        `select id, team_id, source_id, sealed from knowledge_chunks where ${STALE_TERMS} order by team_id, id limit $1 for update skip locked`,
        [limit],
      );
      if (rows.length === 0) return 0;
      await client.query(
        `update knowledge_chunks c set terms = t.terms::bigint[], terms_version = $3 from unnest($1::bigint[], $2::text[]) as t(id, terms) where c.id = t.id`,
        [rows.map((r) => r.id), rows.map((r) => passageTerms(this.secrets, r.team_id, this.secrets.open(r.sealed, passageContext(r.team_id, r.source_id)))), TERMS_VERSION],
      );
      return rows.length;
    });
  }
}
