import { SealingMigration } from './sealing-migration';

/**
 * What names a workspace's knowledge is sealed at rest like its passages (ADR 52): a source's
 * title (a URL, a file's name, owner/name) and URL, each passage's place (a site's page URL and
 * title, a file's path, a PDF page), and, in the robots.txt cache shared by every workspace, the
 * site's address and rules, its origin kept only as a keyed hash (HMAC) to find the row by.
 * Existing rows are sealed here, in the migrations' transaction, with the key the process was
 * started with (`SealingMigration`); then the clear columns are dropped.
 *
 * The contexts below are the adapters' (adapters/vector, adapters/knowledge/robots-cache.ts) as
 * of this migration, written out so that this migration keeps meaning what it meant.
 */
export class Migration20261129100000_seal_knowledge_titles extends SealingMigration {

  override name = 'Migration20261129100000_seal_knowledge_titles';

  override async up(): Promise<void> {
    const box = await this.secretsFor(['knowledge_sources', 'robots_txt_cache']);
    await this.execute(`alter table "knowledge_sources" add "title_sealed" text null, add "url_sealed" text null;`);
    await this.execute(`alter table "knowledge_chunks" add "location_sealed" text null;`);
    await this.execute(`alter table "robots_txt_cache" add "origin_hash" text null, add "url_sealed" text null, add "body_sealed" text null;`);
    if (box) {
      await this.eachPage<SourceRow>(`select id, team_id, title, url from knowledge_sources`, 'id', NIL_UUID, (rows) =>
        this.update('knowledge_sources', 'id uuid, title_sealed text, url_sealed text', rows.map((r) => ({
          id: r.id,
          title_sealed: box.seal(r.title, `knowledge:${r.team_id}:${r.id}:title`),
          url_sealed: r.url === null ? null : box.seal(r.url, `knowledge:${r.team_id}:${r.id}:url`),
        }))),
      );
      await this.eachPage<ChunkRow>(`select id, team_id, source_id, location::text as location from knowledge_chunks`, 'id', '0', (rows) =>
        this.update('knowledge_chunks', 'id bigint, location_sealed text', rows.map((r) => ({
          id: r.id,
          location_sealed: box.seal(r.location, `knowledge:${r.team_id}:${r.source_id}:location`),
        }))),
      );
      await this.eachPage<RobotsRow>(`select origin, url, body from robots_txt_cache`, 'origin', '', (rows) =>
        this.update('robots_txt_cache', 'origin text, origin_hash text, url_sealed text, body_sealed text', rows.map((r) => ({
          origin: r.origin,
          origin_hash: box.lookupHashes(r.origin, 'robots_txt_cache.origin')[0]!,
          url_sealed: box.seal(r.url, `robots_txt_cache:${r.origin}:url`),
          body_sealed: box.seal(r.body, `robots_txt_cache:${r.origin}:body`),
        })), 'origin'),
      );
    }
    await this.execute(`alter table "knowledge_sources" drop column "title", drop column "url", alter column "title_sealed" set not null;`);
    await this.execute(`alter table "knowledge_chunks" drop column "location", alter column "location_sealed" set not null;`);
    await this.execute(`alter table "robots_txt_cache" drop constraint "robots_txt_cache_pkey";`);
    await this.execute(
      `alter table "robots_txt_cache" drop column "origin", drop column "url", drop column "body", ` +
        `alter column "origin_hash" set not null, alter column "url_sealed" set not null, alter column "body_sealed" set not null, add primary key ("origin_hash");`,
    );
  }

  override async down(): Promise<void> {
    // The origin cannot be had back from its hash: the cache starts empty (each site's robots.txt is read again).
    await this.execute(`delete from "robots_txt_cache";`);
    const box = await this.secretsFor(['knowledge_sources']);
    await this.execute(`alter table "knowledge_sources" add "title" varchar(1000) null, add "url" text null;`);
    await this.execute(`alter table "knowledge_chunks" add "location" jsonb null;`);
    if (box) {
      await this.eachPage<SealedSourceRow>(`select id, team_id, title_sealed, url_sealed from knowledge_sources`, 'id', NIL_UUID, (rows) =>
        this.update('knowledge_sources', 'id uuid, title text, url text', rows.map((r) => ({
          id: r.id,
          title: box.open(r.title_sealed, `knowledge:${r.team_id}:${r.id}:title`),
          url: r.url_sealed === null ? null : box.open(r.url_sealed, `knowledge:${r.team_id}:${r.id}:url`),
        }))),
      );
      await this.eachPage<SealedChunkRow>(`select id, team_id, source_id, location_sealed from knowledge_chunks`, 'id', '0', (rows) =>
        this.update('knowledge_chunks', 'id bigint, location jsonb', rows.map((r) => ({
          id: r.id,
          location: JSON.parse(box.open(r.location_sealed, `knowledge:${r.team_id}:${r.source_id}:location`)) as unknown,
        }))),
      );
    }
    await this.execute(`alter table "knowledge_sources" drop column "title_sealed", drop column "url_sealed", alter column "title" set not null;`);
    await this.execute(`alter table "knowledge_chunks" drop column "location_sealed", alter column "location" set not null;`);
    await this.execute(`alter table "robots_txt_cache" drop constraint "robots_txt_cache_pkey";`);
    await this.execute(
      `alter table "robots_txt_cache" drop column "origin_hash", drop column "url_sealed", drop column "body_sealed", ` +
        `add "origin" text not null, add "url" text not null, add "body" text not null, add primary key ("origin");`,
    );
  }

  /** One statement per page: the new values travel as one JSON array (no array bindings in `execute`). */
  private async update(table: string, columns: string, values: readonly Record<string, unknown>[], key = 'id'): Promise<void> {
    const names = columns.split(',').map((c) => c.trim().split(' ')[0]!).filter((name) => name !== key);
    await this.execute(
      `update "${table}" x set ${names.map((n) => `"${n}" = v."${n}"`).join(', ')} from jsonb_to_recordset(?::jsonb) as v(${columns}) where x."${key}" = v."${key}"`,
      [JSON.stringify(values)],
    );
  }
}

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

interface SourceRow extends Record<string, unknown> {
  id: string;
  team_id: string;
  title: string;
  url: string | null;
}

interface ChunkRow extends Record<string, unknown> {
  id: string;
  team_id: string;
  source_id: string;
  /** jsonb as text: sealed as it reads. */
  location: string;
}

interface RobotsRow extends Record<string, unknown> {
  origin: string;
  url: string;
  body: string;
}

interface SealedSourceRow extends Record<string, unknown> {
  id: string;
  team_id: string;
  title_sealed: string;
  url_sealed: string | null;
}

interface SealedChunkRow extends Record<string, unknown> {
  id: string;
  team_id: string;
  source_id: string;
  location_sealed: string;
}
