import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../adapters/postgres/database';
import type { Database } from '../../../adapters/postgres/database';
import { migrations } from '../../../adapters/postgres/migrations';
import { testDatabase } from '../../support/database';

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

  it('ping fails while the database is unreachable, without openDatabase throwing', async () => {
    const db = await openDatabase('postgres://postgres@127.0.0.1:1/unreachable', { poolMax: 1 });
    opened.push(db);
    await expect(db.ping()).rejects.toThrow();
  });
});
