// Writes the next migration: applies the checked-in migrations to a scratch database, lets
// MikroORM diff it against the entities, writes the TS file and appends it to migrations/index.ts.
//   npx tsx adapters/postgres/generate-migration.ts <short_name>
// MIGRATION_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres) must allow CREATE DATABASE.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Migrator } from '@mikro-orm/migrations';
import pg from 'pg';
import { openDatabase } from './database';

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');

async function main(): Promise<void> {
  const name = process.argv[2];
  if (!name || !/^[a-z0-9_]+$/.test(name)) {
    throw new Error('usage: generate-migration.ts <short_name in snake_case>');
  }
  const adminUrl = process.env.MIGRATION_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const scratch = `tomo_migration_gen_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${scratch}"`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${scratch}`;
    const db = await openDatabase(url.toString());
    try {
      await db.migrateUp();
      const migrator = db.orm.migrator as Migrator;
      const result = await migrator.create(MIGRATIONS_DIR, false, false, name);
      if (!result.fileName) {
        console.log('Schema is up to date: no migration written.');
        return;
      }
      await appendToIndex(result.fileName.replace(/\.ts$/, ''));
      console.log(`Wrote adapters/postgres/migrations/${result.fileName}`);
    } finally {
      await db.close();
    }
  } finally {
    await admin.query(`drop database if exists "${scratch}"`);
    await admin.end();
  }
}

async function appendToIndex(moduleName: string): Promise<void> {
  const indexPath = join(MIGRATIONS_DIR, 'index.ts');
  const source = await readFile(indexPath, 'utf8');
  const className = moduleName;
  const lastImport = source.lastIndexOf('\nimport ');
  const lineEnd = source.indexOf('\n', lastImport + 1);
  const withImport = `${source.slice(0, lineEnd + 1)}import { ${className} } from './${moduleName}';\n${source.slice(lineEnd + 1)}`;
  const updated = withImport.replace(
    /(export const migrations[^=]*= \[)([\s\S]*?)(\];)/,
    (_all, head: string, body: string, tail: string) =>
      `${head}${body.trimEnd() ? `${body.trimEnd()}\n` : '\n'}  { name: '${className}', class: ${className} },\n${tail}`,
  );
  await writeFile(indexPath, updated);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
