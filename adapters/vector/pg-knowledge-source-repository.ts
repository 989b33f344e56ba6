import type pg from 'pg';
import { SOURCE_KINDS, type FailureCode, type KnowledgeSourceRecord, type SourceKind, type SourceStatus } from '../../core/knowledge/knowledge-source';
import type { KnowledgeSourceRepository, NewKnowledgeSource, SourcePartial } from '../../core/knowledge/knowledge-source-repository.port';
import type { SecretBox } from '../crypto/secret-box';
import { assertSameTeam } from '../postgres/team-scope';
import { addressContext, openSource, sourceContext } from './knowledge-sealing';
import { hasVectorTable, inTransaction } from './pg-pool';

interface SourceRow {
  id: string;
  team_id: string;
  kind: SourceKind;
  title_sealed: string;
  url_sealed: string | null;
  file_id: string | null;
  page_limit: number;
  status: SourceStatus;
  progress_done: number;
  progress_total: number;
  failure: FailureCode | null;
  size_bytes: string | number;
  chunk_count: number;
  robots_left_out: number;
  cut_after_files: number;
  added_by: string;
  created_at: Date;
  updated_at: Date;
}

/**
 * Table knowledge_sources (and, on removal, the source's chunks and vectors). A source's title
 * and URL are sealed like its passages (ADR 52), opened here for App Home and the uploaders.
 */
export class PgKnowledgeSourceRepository implements KnowledgeSourceRepository {
  private vectors?: Promise<boolean>;

  /** The pool may still be opening (the composition roots build adapters synchronously). */
  constructor(
    private readonly pool: pg.Pool | Promise<pg.Pool>,
    private readonly secrets: SecretBox,
  ) {}

  private async db(): Promise<pg.Pool> {
    return this.pool;
  }

  async add(teamId: string, source: NewKnowledgeSource, options: { maxSources?: number } = {}): Promise<'added' | 'duplicate' | 'over_quota'> {
    assertSameTeam(teamId, source);
    const pool = await this.db();
    const hashes = source.address ? this.addressHashes(teamId, source.kind, source.address) : [];
    const vectors = hashes.length > 0 && (await this.hasVectors(pool));
    try {
      return await inTransaction(pool, async (client) => {
        // One add at a time per workspace: the quota counted below sees every source added before.
        if (options.maxSources !== undefined) await client.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`knowledge-sources/${teamId}`]);
        if (hashes.length > 0) {
          // A failed source of this address holds no passage: the new one takes its place. One being
          // retried (queued, reading…) is no longer failed and stays, so this one is a duplicate.
          const { rows: failed } = await client.query<{ id: string }>(
            `delete from knowledge_sources where team_id = $1 and kind = $2 and address_hash = any($3::text[]) and status = 'failed' returning id`,
            [teamId, source.kind, hashes],
          );
          if (vectors && failed.length > 0) await client.query(`delete from knowledge_vectors where team_id = $1 and source_id = any($2::uuid[])`, [teamId, failed.map((r) => r.id)]);
          // The same source (also one hashed under a key since replaced, found by its older hash) is
          // told before the quota; two modals submitted at once without the lock still meet on the
          // unique index (team, kind, hash): one row is saved.
          const { rows: same } = await client.query(`select 1 from knowledge_sources where team_id = $1 and kind = $2 and address_hash = any($3::text[]) limit 1`, [teamId, source.kind, hashes]);
          if (same.length > 0) return 'duplicate';
        }
        if (options.maxSources !== undefined) {
          const { rows } = await client.query<{ held: number }>('select count(*)::int as held from knowledge_sources where team_id = $1', [teamId]);
          // Rolled back: a failed source deleted above stays.
          if ((rows[0]?.held ?? 0) >= options.maxSources) throw new OverQuota();
        }
        const { rowCount } = await client.query(
          `insert into knowledge_sources (id, team_id, kind, title_sealed, url_sealed, file_id, page_limit, status, size_bytes, added_by, created_at, updated_at, address_hash)
           values ($1, $2, $3, $4, $5, $6, $7, 'queued', 0, $8, $9, $9, $10)
           on conflict (team_id, kind, address_hash) where address_hash is not null do nothing`,
          [
            source.id,
            teamId,
            source.kind,
            this.secrets.seal(source.title.slice(0, 1000), sourceContext(teamId, source.id, 'title')),
            source.url === null ? null : this.secrets.seal(source.url, sourceContext(teamId, source.id, 'url')),
            source.fileId,
            source.pageLimit,
            source.addedBy,
            source.createdAt,
            hashes[0] ?? null,
          ],
        );
        return rowCount === 1 ? 'added' : 'duplicate';
      });
    } catch (error) {
      if (error instanceof OverQuota) return 'over_quota';
      throw error;
    }
  }

  async statusOfAddress(teamId: string, kind: SourceKind, address: string): Promise<SourceStatus | null> {
    const { rows } = await (await this.db()).query<{ status: SourceStatus }>(
      `select status from knowledge_sources where team_id = $1 and kind = $2 and address_hash = any($3::text[]) order by status = 'failed' limit 1`,
      [teamId, kind, this.addressHashes(teamId, kind, address)],
    );
    return rows[0]?.status ?? null;
  }

  /** The address's keyed hashes, the current key's first (ADR 55). */
  private addressHashes(teamId: string, kind: SourceKind, address: string): string[] {
    return this.secrets.lookupHashes(address, addressContext(teamId, kind));
  }

  async claimContent(teamId: string, id: string, kind: SourceKind, contentKey: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    // The same keyed hash and unique index as an address (ADR 55): a PDF has no address, so the
    // column holds its content's fingerprint instead, bound to the team and kind.
    const hashes = this.addressHashes(teamId, kind, contentKey);
    return inTransaction(await this.db(), async (client) => {
      await client.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`knowledge-sources/${teamId}`]);
      // A failed source holds no passage: it gives the fingerprint up (its retry claims it again).
      await client.query(`update knowledge_sources set address_hash = null where team_id = $1 and kind = $2 and address_hash = any($3::text[]) and status = 'failed' and id <> $4`, [teamId, kind, hashes, id]);
      const { rows } = await client.query(`select 1 from knowledge_sources where team_id = $1 and kind = $2 and address_hash = any($3::text[]) and id <> $4 limit 1`, [teamId, kind, hashes, id]);
      if (rows.length > 0) return false;
      await client.query(`update knowledge_sources set address_hash = $3 where team_id = $1 and id = $2`, [teamId, id, hashes[0]]);
      return true;
    });
  }

  async get(teamId: string, id: string): Promise<KnowledgeSourceRecord | null> {
    if (!isUuid(id)) return null;
    const { rows } = await (await this.db()).query<SourceRow>(`select * from knowledge_sources where team_id = $1 and id = $2`, [teamId, id]);
    return rows[0] ? toRecord(rows[0], this.secrets) : null;
  }

  async list(teamId: string, kind?: SourceKind): Promise<KnowledgeSourceRecord[]> {
    const { rows } = await (await this.db()).query<SourceRow>(
      `select * from knowledge_sources where team_id = $1 and ($2::text is null or kind = $2) order by created_at desc, id`,
      [teamId, kind ?? null],
    );
    return rows.map((row) => toRecord(row, this.secrets));
  }

  async newestOfEachKind(teamId: string, perKind: number): Promise<{ sources: KnowledgeSourceRecord[]; counts: Record<SourceKind, number> }> {
    const { rows } = await (await this.db()).query<SourceRow & { rank: string; kind_count: string }>(
      `select * from (
         select s.*, row_number() over (partition by kind order by created_at desc, id) as rank, count(*) over (partition by kind) as kind_count
           from knowledge_sources s where team_id = $1) ranked
        where rank <= $2 order by created_at desc, id`,
      [teamId, perKind],
    );
    const counts = Object.fromEntries(SOURCE_KINDS.map((kind) => [kind, 0])) as Record<SourceKind, number>;
    for (const row of rows) counts[row.kind] = Number(row.kind_count);
    return { sources: rows.map((row) => toRecord(row, this.secrets)), counts };
  }

  async usage(teamId: string): Promise<{ sources: number; chunks: number }> {
    const { rows } = await (await this.db()).query<{ sources: string; chunks: string }>(
      `select count(*) as sources, coalesce(sum(case status when 'failed' then 0 when 'ready' then chunk_count else progress_total end), 0) as chunks from knowledge_sources where team_id = $1`,
      [teamId],
    );
    return { sources: Number(rows[0]?.sources ?? 0), chunks: Number(rows[0]?.chunks ?? 0) };
  }

  async markReading(teamId: string, id: string, at: Date): Promise<void> {
    await (await this.db()).query(
      `update knowledge_sources set status = 'reading', failure = null, progress_done = 0, progress_total = 0, robots_left_out = 0, cut_after_files = 0, updated_at = $3 where team_id = $1 and id = $2`,
      [teamId, id, at],
    );
  }

  async markEmbedding(teamId: string, id: string, total: number, sizeBytes: number, model: string, at: Date, partial: SourcePartial = {}): Promise<void> {
    await (await this.db()).query(
      `update knowledge_sources set status = 'embedding', progress_total = $3, size_bytes = $4, embedding_model = $5, updated_at = $6, robots_left_out = $7, cut_after_files = $8
        where team_id = $1 and id = $2`,
      [teamId, id, total, sizeBytes, model, at, partial.robotsLeftOut ?? 0, partial.cutAfterFiles ?? 0],
    );
  }

  async markReady(teamId: string, id: string, at: Date): Promise<boolean> {
    const { rowCount } = await (await this.db()).query(
      `update knowledge_sources s set status = 'ready', chunk_count = s.progress_total, updated_at = $3
        where s.team_id = $1 and s.id = $2 and s.status = 'embedding' and s.progress_done = s.progress_total
          and (select count(*) from knowledge_chunks c where c.source_id = s.id) = s.progress_total`,
      [teamId, id, at],
    );
    return rowCount === 1;
  }

  async markFailed(teamId: string, id: string, failure: FailureCode, at: Date): Promise<void> {
    const pool = await this.db();
    const vectors = await this.hasVectors(pool);
    await inTransaction(pool, async (client) => {
      if (vectors) await client.query(`delete from knowledge_vectors where team_id = $1 and source_id = $2`, [teamId, id]);
      await client.query(`delete from knowledge_chunks where team_id = $1 and source_id = $2`, [teamId, id]);
      await client.query(
        `update knowledge_sources set status = 'failed', failure = $3, progress_done = 0, chunk_count = 0, updated_at = $4 where team_id = $1 and id = $2`,
        [teamId, id, failure, at],
      );
    });
  }

  async markQueued(teamId: string, id: string, at: Date): Promise<boolean> {
    if (!isUuid(id)) return false;
    const { rowCount } = await (await this.db()).query(
      `update knowledge_sources set status = 'queued', failure = null, progress_done = 0, progress_total = 0, updated_at = $3
        where team_id = $1 and id = $2 and status = 'failed'`,
      [teamId, id, at],
    );
    return rowCount === 1;
  }

  async remove(teamId: string, id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const pool = await this.db();
    const vectors = await this.hasVectors(pool);
    return inTransaction(pool, async (client) => {
      // The source's row first: a batch being stored holds it, so this waits for that batch to
      // commit, and the vectors deleted next include the batch's (they have no foreign key).
      const { rowCount } = await client.query(`delete from knowledge_sources where team_id = $1 and id = $2`, [teamId, id]);
      if (vectors) await client.query(`delete from knowledge_vectors where team_id = $1 and source_id = $2`, [teamId, id]);
      return rowCount === 1;
    });
  }

  async removeTeam(teamId: string): Promise<number> {
    const pool = await this.db();
    const vectors = await this.hasVectors(pool);
    return inTransaction(pool, async (client) => {
      // Sources first, for the same reason as `remove`.
      const { rowCount } = await client.query(`delete from knowledge_sources where team_id = $1`, [teamId]);
      if (vectors) await client.query(`delete from knowledge_vectors where team_id = $1`, [teamId]);
      return rowCount ?? 0;
    });
  }

  async readyKinds(teamId: string): Promise<ReadonlySet<SourceKind>> {
    const { rows } = await (await this.db()).query<{ kind: SourceKind }>({
      name: 'knowledge-ready-kinds',
      text: `select distinct kind from knowledge_sources where team_id = $1 and status = 'ready'`,
      values: [teamId],
    });
    return new Set(rows.map((row) => row.kind));
  }

  private hasVectors(pool: pg.Pool): Promise<boolean> {
    this.vectors ??= hasVectorTable(pool);
    return this.vectors;
  }
}

function toRecord(row: SourceRow, secrets: SecretBox): KnowledgeSourceRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    kind: row.kind,
    ...openSource(secrets, row),
    fileId: row.file_id,
    pageLimit: row.page_limit,
    status: row.status,
    progressDone: row.progress_done,
    progressTotal: row.progress_total,
    failure: row.failure,
    sizeBytes: Number(row.size_bytes),
    chunkCount: row.chunk_count,
    robotsLeftOut: row.robots_left_out ?? 0,
    cutAfterFiles: row.cut_after_files ?? 0,
    addedBy: row.added_by,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Thrown inside `add`'s transaction to roll it back when the workspace's sources are at the quota. */
class OverQuota extends Error {}
