import { Migration } from '@mikro-orm/migrations';

/**
 * Knowledge: uploaded sources and their chunks. `embedding_f32` (float32 bytea) serves the
 * portable adapter on any PostgreSQL; where pgvector can be created, `embedding_hv` (halfvec of
 * any length) gets an HNSW cosine index per dimension count (1024, the default, here; the
 * adapter adds others on start). The extension is attempted inside a sub-block, so a server
 * without it (the embedded default) migrates the same.
 */
export class Migration20261123134500_knowledge extends Migration {
  override name = 'Migration20261123134500_knowledge';

  override up(): void | Promise<void> {
    this.addSql(`create table "knowledge_sources" ("id" uuid not null, "team_id" varchar(32) not null, "kind" varchar(16) not null, "title" varchar(1000) not null, "url" text null, "file_id" varchar(64) null, "page_limit" int not null default 1, "status" varchar(16) not null default 'queued', "progress_done" int not null default 0, "progress_total" int not null default 0, "failure" varchar(32) null, "size_bytes" bigint not null, "chunk_count" int not null default 0, "embedding_model" varchar(200) null, "added_by" varchar(32) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "knowledge_sources_team_index" on "knowledge_sources" ("team_id", "kind", "created_at");`);
    this.addSql(`create table "knowledge_chunks" ("id" bigserial primary key, "team_id" varchar(32) not null, "source_id" uuid not null, "ordinal" int not null, "sealed" text not null, "location" jsonb not null, "dimensions" smallint not null, "embedding_f32" bytea null);`);
    this.addSql(`alter table "knowledge_chunks" add constraint "knowledge_chunks_source_id_ordinal_unique" unique ("source_id", "ordinal");`);
    this.addSql(`alter table "knowledge_chunks" add constraint "knowledge_chunks_source_id_foreign" foreign key ("source_id") references "knowledge_sources" ("id") on delete cascade;`);
    this.addSql(`create index "knowledge_chunks_team_index" on "knowledge_chunks" ("team_id", "dimensions");`);
    // Stored as is: vectors do not compress, and out-of-line storage without compression attempts reads fastest.
    this.addSql(`alter table "knowledge_chunks" alter column "embedding_f32" set storage external;`);
    this.addSql(`do $$ begin
      create extension if not exists vector;
    exception when others then
      raise notice 'pgvector is not available (%): knowledge uses the portable vector store', sqlerrm;
    end $$;`);
    // Outside the entities (skipTables): the ORM cannot describe a halfvec. No foreign key, so
    // truncating chunks stays possible; the adapters delete a chunk's vector with it.
    this.addSql(`do $$ begin
      if exists (select 1 from pg_extension where extname = 'vector') then
        create table "knowledge_vectors" ("chunk_id" bigint primary key, "team_id" varchar(32) not null, "source_id" uuid not null, "dimensions" smallint not null, "embedding" halfvec not null);
        create index "knowledge_vectors_source_index" on "knowledge_vectors" ("source_id");
        create index "knowledge_vectors_hnsw_1024" on "knowledge_vectors" using hnsw (("embedding"::halfvec(1024)) halfvec_cosine_ops) where "dimensions" = 1024;
      end if;
    end $$;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "knowledge_vectors" cascade;`);
    this.addSql(`drop table if exists "knowledge_chunks" cascade;`);
    this.addSql(`drop table if exists "knowledge_sources" cascade;`);
  }
}
