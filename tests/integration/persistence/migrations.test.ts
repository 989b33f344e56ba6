import { afterEach, describe, expect, it } from 'vitest';
import { AesGcmSecretBox } from '../../../adapters/crypto';
import { hashingEmbedding } from '../../../adapters/memory/hashing-embeddings';
import { PgRobotsCache } from '../../../adapters/knowledge/robots-cache';
import { openDatabase } from '../../../adapters/postgres/database';
import type { Database } from '../../../adapters/postgres/database';
import { migrations } from '../../../adapters/postgres/migrations';
import { nativePool } from '../../../adapters/postgres/native-pool';
import { hashArray, termHashes } from '../../../adapters/vector/knowledge-sealing';
import { PgKnowledgeTermsBackfill } from '../../../adapters/vector/knowledge-terms-backfill';
import { PgKnowledgeSourceRepository } from '../../../adapters/vector/pg-knowledge-source-repository';
import { PortableVectorStore } from '../../../adapters/vector/pg-vector-stores';
import { writtenTerms } from '../../../core/knowledge/keyword-search';
import { testDatabase } from '../../support/database';
import { dumpTables } from '../../support/table-dump';

const opened: Database[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
});

async function emptyDatabase(): Promise<Database> {
  return (await emptyDatabaseWithUrl()).db;
}

async function emptyDatabaseWithUrl(): Promise<{ db: Database; url: string }> {
  const { url } = await testDatabase({ migrated: false });
  const db = await openDatabase(url, { poolMax: 3 });
  opened.push(db);
  return { db, url };
}

/** Everything that makes up the schema, in a comparable form. */
async function schemaOf(db: Database): Promise<{ columns: unknown[]; indexes: unknown[]; constraints: unknown[]; views: unknown[] }> {
  const query = (sql: string) => db.orm.em.getConnection().execute(sql);
  return {
    columns: await query(
      `select table_name, column_name, data_type, character_maximum_length, is_nullable, column_default
         from information_schema.columns where table_schema = 'public' order by table_name, column_name`,
    ),
    indexes: await query(`select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`),
    constraints: await query(
      `select conrelid::regclass::text as on_table, conname, pg_get_constraintdef(oid) as definition
         from pg_constraint where connamespace = 'public'::regnamespace order by on_table, conname`,
    ),
    views: await query(`select viewname, definition from pg_views where schemaname = 'public' order by viewname`),
  };
}

/** SQL MikroORM would run to make the database match the entities: empty when they agree. */
async function driftFromEntities(db: Database): Promise<string> {
  return (await db.orm.schema.getUpdateSchemaSQL({ wrap: false })).trim();
}

describe('migrations', () => {
  it('bring an empty database to the schema the entities describe', async () => {
    const db = await emptyDatabase();
    expect(await db.pendingMigrations()).toEqual(migrations.map((m) => m.name));
    await db.migrateUp();
    expect(await db.pendingMigrations()).toEqual([]);
    expect(await driftFromEntities(db)).toBe('');
    const tables = (await schemaOf(db)).columns.map((c) => (c as { table_name: string }).table_name);
    for (const table of [
      'app_customizations',
      'auto_reply_settings_history',
      'auto_reply_settings_view',
      'customers',
      'installations',
      'user_instructions',
      'channel_instructions',
      'workspace_instructions',
      'system_instructions',
      'oauth_tokens_history',
      'oauth_tokens_view',
      'reaction_settings',
      'subscriptions',
      'channel_schedule_settings_history',
      'channel_schedule_settings_view',
      'users',
      'member_subscription_assignments',
      'sessions',
      'usage_events',
      'processed_slack_events',
      'processed_stripe_events',
      'egress_audit_log',
      'storage_objects',
      'mikro_orm_migrations',
    ]) {
      expect(tables, table).toContain(table);
    }
  });

  it('an upgraded database with data ends with the same schema as a fresh one, data intact', async () => {
    const fresh = await emptyDatabase();
    await fresh.migrateUp();

    const upgraded = await emptyDatabase();
    const second = migrations[1]!.name;
    await upgraded.orm.migrator.up({ to: second });
    expect(await upgraded.pendingMigrations()).toEqual(migrations.slice(2).map((m) => m.name));
    const sql = upgraded.orm.em.getConnection();
    await sql.execute(
      `insert into usage_events (team_id, id, member_id, subscription_id, kind, occurred_at)
       values ('T1', 'e1', 'U1', 'sub-1', 'reaction', now())`,
    );
    await sql.execute(
      `insert into auto_reply_settings_history (team_id, bot_user_id, bot_name, instruction, enabled, updated_by, updated_at)
       values ('T1', 'U0BOT', 'Bot', 'Be brief', true, 'U1', now())`,
    );
    await upgraded.migrateUp();

    expect(await schemaOf(upgraded)).toEqual(await schemaOf(fresh));
    expect(await driftFromEntities(upgraded)).toBe('');
    expect(await sql.execute(`select kind from usage_events where id = 'e1'`)).toEqual([{ kind: 'reaction' }]);
    expect(await sql.execute(`select bot_name from auto_reply_settings_view where team_id = 'T1'`)).toEqual([{ bot_name: 'Bot' }]);
  });

  it('several processes migrating at once all succeed and apply each migration once', async () => {
    const { db: first, url } = await emptyDatabaseWithUrl();
    const others = await Promise.all([openDatabase(url, { poolMax: 2 }), openDatabase(url, { poolMax: 2 })]);
    opened.push(...others);
    await Promise.all([first.migrateUp(), ...others.map((db) => db.migrateUp())]);
    const applied = await first.orm.em.getConnection().execute(`select name from mikro_orm_migrations order by id`);
    expect(applied).toEqual(migrations.map((m) => ({ name: m.name })));
    await first.migrateUp();
    expect(await first.pendingMigrations()).toEqual([]);
  });

  it('seals the knowledge titles, URLs and places and the robots.txt cache an upgraded database held in clear, with the key it is given', async () => {
    const { db: upgraded, url } = await emptyDatabaseWithUrl();
    const sealing = 'Migration20261129100000_seal_knowledge_titles';
    const before = migrations[migrations.findIndex((m) => m.name === sealing) - 1]!.name;
    // The sealing migration and any that came after it.
    const fromSealing = migrations.slice(migrations.findIndex((m) => m.name === sealing)).map((m) => m.name);
    await upgraded.orm.migrator.up({ to: before });
    const sql = upgraded.orm.em.getConnection();
    const [web, pdf] = ['4f1c3a2e-0000-4000-8000-000000000001', '4f1c3a2e-0000-4000-8000-000000000002'];
    await sql.execute(
      `insert into knowledge_sources (id, team_id, kind, title, url, file_id, status, size_bytes, chunk_count, progress_done, progress_total, added_by, created_at, updated_at) values
       ('${web}', 'T1', 'web', 'https://intranet.example/nightjar', 'https://intranet.example/nightjar', null, 'ready', 10, 1, 1, 1, 'U1', now(), now()),
       ('${pdf}', 'T1', 'pdf', 'Globex acquisition memo.pdf', null, 'F0GLOBEX', 'failed', 0, 0, 0, 0, 'U1', now() - interval '1 hour', now())`,
    );
    const f32 = Buffer.from(new Float32Array([1, 0, 0, 0]).buffer).toString('hex');
    const keyBefore = AesGcmSecretBox.fromEnv(Buffer.alloc(32, 5).toString('base64'));
    await sql.execute(
      `insert into knowledge_chunks (team_id, source_id, ordinal, sealed, location, dimensions, embedding_f32)
       values ('T1', '${web}', 0, ?, '{"url": "https://intranet.example/nightjar/terms", "title": "Nightjar term sheet"}', 4, '\\x${f32}')`,
      [keyBefore.seal('The offer is 41 dollars a share.', `knowledge:T1:${web}`)],
    );
    await sql.execute(
      `insert into robots_txt_cache (origin, kind, url, body, fetched_at, fresh_until) values ('https://intranet.example', 'rules', 'https://intranet.example/robots.txt', 'User-agent: *\nDisallow: /nightjar-private/', now(), now() + interval '1 day')`,
    );
    const clear = ['intranet.example', 'nightjar', 'Nightjar', 'Globex', 'Disallow'];

    // Opened without the key (as before this migration), it refuses: nothing is applied.
    await expect(upgraded.migrateUp()).rejects.toThrow(/given no key/);
    expect(await upgraded.pendingMigrations()).toEqual(fromSealing);
    expect(await sql.execute(`select title from knowledge_sources where id = '${pdf}'`)).toEqual([{ title: 'Globex acquisition memo.pdf' }]);

    // With the key, as the server, the worker and `npm run db:migrate` open it.
    const keyed = await openDatabase(url, { poolMax: 3, secrets: keyBefore });
    opened.push(keyed);
    await keyed.migrateUp();
    expect(await keyed.pendingMigrations()).toEqual([]);
    expect(await driftFromEntities(keyed)).toBe('');
    const dump = (await dumpTables(url)).map((t) => t.dump).join('\n');
    expect(dump).toContain(web);
    for (const text of clear) expect(dump, text).not.toContain(text);

    // App Home's list, a search's citation and a crawl's robots.txt read them as they were.
    const pool = await nativePool(keyed.orm);
    const sources = new PgKnowledgeSourceRepository(pool, keyBefore);
    expect((await sources.list('T1')).map((s) => [s.id, s.title, s.url, s.fileId])).toEqual([
      [web, 'https://intranet.example/nightjar', 'https://intranet.example/nightjar', null],
      [pdf, 'Globex acquisition memo.pdf', null, 'F0GLOBEX'],
    ]);
    const store = await PortableVectorStore.create(pool, keyBefore);
    expect(await store.search('T1', { embedding: new Float32Array([1, 0, 0, 0]), kinds: ['web'], limit: 1 })).toEqual([
      expect.objectContaining({
        sourceId: web,
        title: 'https://intranet.example/nightjar',
        text: 'The offer is 41 dollars a share.',
        location: { url: 'https://intranet.example/nightjar/terms', title: 'Nightjar term sheet' },
      }),
    ]);
    expect(await new PgRobotsCache(pool, keyBefore).get('https://intranet.example', new Date())).toMatchObject({
      kind: 'rules',
      url: 'https://intranet.example/robots.txt',
      body: 'User-agent: *\nDisallow: /nightjar-private/',
    });

    // Reverted, the titles, URLs and places are back in clear (the robots.txt cache starts empty).
    await keyed.orm.migrator.down({ to: before });
    expect(await keyed.pendingMigrations()).toEqual(fromSealing);
    expect(await sql.execute(`select title, url, location from knowledge_sources s left join knowledge_chunks c on c.source_id = s.id order by s.created_at desc`)).toEqual([
      { title: 'https://intranet.example/nightjar', url: 'https://intranet.example/nightjar', location: { url: 'https://intranet.example/nightjar/terms', title: 'Nightjar term sheet' } },
      { title: 'Globex acquisition memo.pdf', url: null, location: null },
    ]);
    expect(await sql.execute(`select count(*)::int as n from robots_txt_cache`)).toEqual([{ n: 0 }]);
  });

  it('gives the sources an upgraded database holds their address hash, one per workspace, kind and address, so adding one again is refused', async () => {
    const { url } = await emptyDatabaseWithUrl();
    const key = AesGcmSecretBox.fromEnv(Buffer.alloc(32, 7).toString('base64'));
    const db = await openDatabase(url, { poolMax: 3, secrets: key });
    opened.push(db);
    const adding = 'Migration20261201090000_knowledge_source_addresses';
    await db.orm.migrator.up({ to: migrations[migrations.findIndex((m) => m.name === adding) - 1]!.name });
    const sql = db.orm.em.getConnection();
    const rows: [string, string, string, string | null, string, number][] = [
      // The same page twice (one failed, then a ready one), a repository, a PDF, another team's copy of the page.
      ['4f1c3a2e-0000-4000-8000-000000000011', 'T1', 'web', 'https://Docs.Example:443/guide#top', 'failed', 3],
      ['4f1c3a2e-0000-4000-8000-000000000012', 'T1', 'web', 'https://docs.example/guide', 'ready', 2],
      ['4f1c3a2e-0000-4000-8000-000000000013', 'T1', 'repository', 'https://github.com/Acme/Lights', 'ready', 1],
      ['4f1c3a2e-0000-4000-8000-000000000014', 'T1', 'pdf', null, 'ready', 1],
      ['4f1c3a2e-0000-4000-8000-000000000015', 'T2', 'web', 'https://docs.example/guide', 'ready', 1],
    ];
    for (const [id, team, kind, address, status, hoursAgo] of rows) {
      await sql.execute(
        `insert into knowledge_sources (id, team_id, kind, title_sealed, url_sealed, status, size_bytes, added_by, created_at, updated_at) values (?, ?, ?, ?, ?, ?, 0, 'U1', now() - make_interval(hours => ?), now())`,
        [id, team, kind, key.seal(address ?? 'a.pdf', `knowledge:${team}:${id}:title`), address === null ? null : key.seal(address, `knowledge:${team}:${id}:url`), status, hoursAgo],
      );
    }
    await db.migrateUp();
    expect(await driftFromEntities(db)).toBe('');
    expect(await sql.execute(`select id from knowledge_sources where address_hash is not null order by id`)).toEqual(
      ['4f1c3a2e-0000-4000-8000-000000000012', '4f1c3a2e-0000-4000-8000-000000000013', '4f1c3a2e-0000-4000-8000-000000000015'].map((id) => ({ id })),
    );
    const sources = new PgKnowledgeSourceRepository(await nativePool(db.orm), key);
    expect(await sources.statusOfAddress('T1', 'web', 'https://docs.example/guide')).toBe('ready');
    expect(await sources.statusOfAddress('T1', 'repository', 'acme/lights')).toBe('ready');
    const page = { teamId: 'T1', kind: 'web' as const, title: 'https://docs.example/guide', url: 'https://docs.example/guide', fileId: null, pageLimit: 1, addedBy: 'U2', createdAt: new Date(), address: 'https://docs.example/guide' };
    expect(await sources.add('T1', { ...page, id: '4f1c3a2e-0000-4000-8000-000000000016' })).toBe('duplicate');
    expect(await sources.add('T3', { ...page, teamId: 'T3', id: '4f1c3a2e-0000-4000-8000-000000000017' })).toBe('added');
  });

  it('leaves the passages an upgraded database holds unhashed, still found by vector, until the backfill hashes them: then codes are found by keyword, only numbers kept', async () => {
    const { url } = await emptyDatabaseWithUrl();
    const key = AesGcmSecretBox.fromEnv(Buffer.alloc(32, 9).toString('base64'));
    const db = await openDatabase(url, { poolMax: 3, secrets: key });
    opened.push(db);
    const adding = 'Migration20261205090000_knowledge_chunk_terms';
    await db.orm.migrator.up({ to: migrations[migrations.findIndex((m) => m.name === adding) - 1]!.name });
    const sql = db.orm.em.getConnection();
    const source = '4f1c3a2e-0000-4000-8000-000000000021';
    const texts = [
      ...Array.from({ length: 14 }, (_, i) => `What does error ERR-${4020 + i} mean? It means the payment service refused the card.`),
      'The importer stops with ERR-4012 when the CSV header lacks a column.',
      ...Array.from({ length: 10 }, (_, i) => `Offices on floor ${i + 2} close at six on Fridays.`),
    ];
    await sql.execute(
      `insert into knowledge_sources (id, team_id, kind, title_sealed, status, size_bytes, chunk_count, added_by, created_at, updated_at) values (?, 'T1', 'pdf', ?, 'ready', 0, ?, 'U1', now(), now())`,
      [source, key.seal('manual.pdf', `knowledge:T1:${source}:title`), texts.length],
    );
    for (const [ordinal, text] of texts.entries()) {
      await sql.execute(
        `insert into knowledge_chunks (team_id, source_id, ordinal, sealed, location_sealed, dimensions, embedding_f32) values ('T1', ?, ?, ?, ?, 1024, decode(?, 'hex'))`,
        [source, ordinal, key.seal(text, `knowledge:T1:${source}`), key.seal(JSON.stringify({ page: ordinal + 1 }), `knowledge:T1:${source}:location`), Buffer.from(hashingEmbedding(text, 1024).buffer).toString('hex')],
      );
    }
    await db.migrateUp();
    expect(await driftFromEntities(db)).toBe('');
    // The migration opens nothing: every passage waits for the worker's backfill (terms null).
    expect(await sql.execute(`select count(*)::int as n from knowledge_chunks where terms is null`)).toEqual([{ n: texts.length }]);
    const pool = await nativePool(db.orm);
    const store = await PortableVectorStore.create(pool, key);
    const question = 'What does ERR-4012 mean?';
    const ask = (text: string) => store.search('T1', { embedding: hashingEmbedding(text, 1024), text, kinds: ['pdf'], limit: 5 });
    expect((await ask('Which offices close at six on Fridays?')).map((h) => h.text)).toContain(texts[15]);
    expect((await ask(question)).map((h) => h.text)).not.toContain(texts[14]);

    const backfill = new PgKnowledgeTermsBackfill(pool, key);
    expect([await backfill.hashBatch(20), await backfill.hashBatch(20), await backfill.hashBatch(20)]).toEqual([20, texts.length - 20, 0]);
    const terms = await sql.execute<{ terms: string }[]>(`select terms::text from knowledge_chunks`);
    expect(terms).toHaveLength(texts.length);
    for (const { terms: held } of terms) expect(held).toMatch(/^\{-?\d+(,-?\d+)+\}$/);
    expect((await ask(question))[0]).toMatchObject({ text: texts[14], location: { page: 15 } });
  });

  it('marks the passages an upgraded database hashed as written as the older terms version, untouched, until the backfill hashes them again: then "refund" finds "refunds"', async () => {
    const { url } = await emptyDatabaseWithUrl();
    const key = AesGcmSecretBox.fromEnv(Buffer.alloc(32, 11).toString('base64'));
    const db = await openDatabase(url, { poolMax: 3, secrets: key });
    opened.push(db);
    const adding = 'Migration20261207090000_knowledge_terms_version';
    await db.orm.migrator.up({ to: migrations[migrations.findIndex((m) => m.name === adding) - 1]!.name });
    const sql = db.orm.em.getConnection();
    const source = '4f1c3a2e-0000-4000-8000-000000000031';
    const texts = [
      ...Array.from({ length: 14 }, (_, i) => `What is our policy for orders shipped to region ${i + 1}? They leave within ${i + 2} days.`),
      'Customers get their money back as refunds within thirty days when the item comes back unused.',
    ];
    await sql.execute(
      `insert into knowledge_sources (id, team_id, kind, title_sealed, status, size_bytes, chunk_count, added_by, created_at, updated_at) values (?, 'T1', 'pdf', ?, 'ready', 0, ?, 'U1', now(), now())`,
      [source, key.seal('manual.pdf', `knowledge:T1:${source}:title`), texts.length],
    );
    // As the previous release stored them: the terms' hashes as written, in the same statement.
    for (const [ordinal, text] of texts.entries()) {
      await sql.execute(
        `insert into knowledge_chunks (team_id, source_id, ordinal, sealed, location_sealed, dimensions, embedding_f32, terms) values ('T1', ?, ?, ?, ?, 1024, decode(?, 'hex'), ?::bigint[])`,
        [
          source,
          ordinal,
          key.seal(text, `knowledge:T1:${source}`),
          key.seal(JSON.stringify({ page: ordinal + 1 }), `knowledge:T1:${source}:location`),
          Buffer.from(hashingEmbedding(text, 1024).buffer).toString('hex'),
          hashArray(termHashes(key, 'T1', writtenTerms(text), 'current')),
        ],
      );
    }
    const before = await sql.execute<{ terms: string }[]>(`select terms::text from knowledge_chunks order by id`);
    await db.migrateUp();
    expect(await driftFromEntities(db)).toBe('');
    // The migration opens and hashes nothing: the terms are as they were, of version 1.
    expect(await sql.execute(`select terms::text from knowledge_chunks order by id`)).toEqual(before);
    expect(await sql.execute(`select terms_version, count(*)::int as n from knowledge_chunks group by terms_version`)).toEqual([{ terms_version: 1, n: texts.length }]);
    const pool = await nativePool(db.orm);
    const store = await PortableVectorStore.create(pool, key);
    const ask = async (text: string) => (await store.search('T1', { embedding: hashingEmbedding(text, 1024), text, kinds: ['pdf'], limit: 5 })).map((h) => h.text);
    expect(await ask('What is our refund policy for orders?')).not.toContain(texts[14]);
    expect(await ask('What is our refunds policy for orders?')).toContain(texts[14]);

    const backfill = new PgKnowledgeTermsBackfill(pool, key);
    expect([await backfill.hashBatch(10), await backfill.hashBatch(10), await backfill.hashBatch(10)]).toEqual([10, texts.length - 10, 0]);
    expect(await sql.execute(`select terms_version, count(*)::int as n from knowledge_chunks group by terms_version`)).toEqual([{ terms_version: 2, n: texts.length }]);
    expect(await ask('What is our refund policy for orders?')).toContain(texts[14]);
  });

  it('ping fails while the database is unreachable, without openDatabase throwing', async () => {
    const db = await openDatabase('postgres://postgres@127.0.0.1:1/unreachable', { poolMax: 1 });
    opened.push(db);
    await expect(db.ping()).rejects.toThrow();
  });
});
