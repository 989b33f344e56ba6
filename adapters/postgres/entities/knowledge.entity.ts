import { defineEntity, p } from '@mikro-orm/core';

// An uploaded page, site, PDF or repository of a workspace and its ingestion state. The
// content itself is never here: only its chunks, sealed, in knowledge_chunks. Its title (a
// URL, a file's name, owner/name) and URL are sealed too (AES-256-GCM, bound to team, source
// and column; ADR 52): App Home and citations open them with the key.
export const KnowledgeSourceEntity = defineEntity({
  name: 'KnowledgeSource',
  tableName: 'knowledge_sources',
  properties: {
    id: p.uuid().primary(),
    teamId: p.string().length(32),
    kind: p.string().length(16),
    titleSealed: p.text(),
    urlSealed: p.text().nullable(),
    fileId: p.string().length(64).nullable(),
    pageLimit: p.integer().default(1),
    status: p.string().length(16).default('queued'),
    progressDone: p.integer().default(0),
    progressTotal: p.integer().default(0),
    failure: p.string().length(32).nullable(),
    sizeBytes: p.bigint(),
    chunkCount: p.integer().default(0),
    robotsLeftOut: p.integer().default(0),
    cutAfterFiles: p.integer().default(0),
    embeddingModel: p.string().length(200).nullable(),
    addedBy: p.string().length(32),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    // A keyed hash (HMAC) of the normalized address of a web or repository source, none for a
    // PDF: one source per kind and address in a workspace (ADR 55, docs/knowledge.md).
    addressHash: p.text().nullable(),
  },
  indexes: [
    { name: 'knowledge_sources_team_index', properties: ['teamId', 'kind', 'createdAt'] },
    {
      name: 'knowledge_sources_address_unique',
      expression:
        'create unique index "knowledge_sources_address_unique" on "knowledge_sources" ("team_id", "kind", "address_hash") where "address_hash" is not null',
    },
  ],
});

// One passage of a source: its text and where it sits (page, file and lines, a site's page and
// its title) sealed (AES-256-GCM, bound to team and source), and its vector. Read and written with SQL by the vector store
// adapters (adapters/vector), never loaded as entities. The pgvector table `knowledge_vectors`
// exists only where the extension does and the ORM cannot describe a halfvec: skipTables.
export const KnowledgeChunkEntity = defineEntity({
  name: 'KnowledgeChunk',
  tableName: 'knowledge_chunks',
  properties: {
    id: p.bigint().primary().autoincrement(),
    teamId: p.string().length(32),
    source: () => p.manyToOne(KnowledgeSourceEntity).deleteRule('cascade'),
    ordinal: p.integer(),
    sealed: p.text(),
    locationSealed: p.text(),
    dimensions: p.smallint(),
    embeddingF32: p.blob().nullable(),
    // Keyed hashes (HMAC, per workspace) of the passage's terms, for the keyword side of search
    // (ADR 96): numbers only, the terms themselves are kept nowhere. Null: not hashed yet (a passage
    // stored before, hashed by the worker's knowledge-terms job; found by its vector meanwhile).
    terms: p.array().columnType('bigint[]').nullable(),
    // Which version of the terms those hashes are of (ADR 98: 1 words as written, 2 English words
    // stemmed); older ones are hashed again by the knowledge-terms job. A row that does not say
    // (written by a release before) is taken as 1, and so hashed again.
    termsVersion: p.smallint().default(1),
  },
  indexes: [
    { name: 'knowledge_chunks_team_index', properties: ['teamId', 'dimensions'] },
    { name: 'knowledge_chunks_terms_index', expression: 'create index "knowledge_chunks_terms_index" on "knowledge_chunks" using gin ("terms")' },
    {
      name: 'knowledge_chunks_stale_terms_index',
      expression: 'create index "knowledge_chunks_stale_terms_index" on "knowledge_chunks" ("team_id", "id") where ("terms" is null or "terms_version" < 2)',
    },
  ],
  uniques: [{ properties: ['source', 'ordinal'] }],
});

// A site's robots.txt as last read by a knowledge crawl, per origin (RFC 9309 §2.4, ADR 87):
// used without asking again while fresh (up to 24 h), and in place of a robots.txt that has
// become unreachable (up to 30 days). Shared by every workspace and every worker process; read
// and written with SQL by adapters/knowledge/robots-cache.ts. Which sites were crawled is the
// workspaces' business: the origin is kept only as a keyed hash (HMAC, the lookup key), the
// address and text sealed (ADR 52).
export const RobotsTxtCacheEntity = defineEntity({
  name: 'RobotsTxtCache',
  tableName: 'robots_txt_cache',
  properties: {
    originHash: p.text().primary(),
    kind: p.string().length(8),
    urlSealed: p.text(),
    bodySealed: p.text(),
    fetchedAt: p.datetime(),
    freshUntil: p.datetime(),
  },
});
