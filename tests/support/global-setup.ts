import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../adapters/postgres/database';
import { startTestPostgres, type TestPostgres } from './postgres-server';
import { ensureWebBuild } from './web-app';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    testRunId: string;
    templateDatabase: string;
  }
}

interface RunState {
  server: TestPostgres;
  runId: string;
  template: string;
  users: number;
}

// Each vitest project runs this global setup; one PostgreSQL serves them all.
const shared = globalThis as { __tomoTestRun?: Promise<RunState> };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Once, before any browser test file starts: files running in parallel must not rebuild
  // the site under each other.
  if (project.name === 'e2e') ensureWebBuild();
  shared.__tomoTestRun ??= prepareRun();
  const state = await shared.__tomoTestRun;
  state.users += 1;
  project.provide('adminDatabaseUrl', state.server.adminUrl);
  project.provide('testRunId', state.runId);
  project.provide('templateDatabase', state.template);
  return async () => {
    state.users -= 1;
    if (state.users > 0) return;
    shared.__tomoTestRun = undefined;
    await dropRunDatabases(state);
    await state.server.stop();
  };
}

async function prepareRun(): Promise<RunState> {
  const server = await startTestPostgres();
  const runId = randomBytes(4).toString('hex');
  const template = `tomo_tpl_${runId}`;
  // Migrated once; each test file then copies it (CREATE DATABASE ... TEMPLATE), which is
  // much faster than migrating every file's database.
  await admin(server.adminUrl, async (client) => {
    await client.query(`create database "${template}"`);
  });
  const database = await openDatabase(withDatabase(server.adminUrl, template));
  try {
    await database.migrateUp();
  } finally {
    await database.close();
  }
  return { server, runId, template, users: 0 };
}

async function dropRunDatabases(state: RunState): Promise<void> {
  await admin(state.server.adminUrl, async (client) => {
    const rows = await client.query<{ datname: string }>(
      `select datname from pg_database where datname like $1 or datname = $2`,
      [`tomo_t_${state.runId}_%`, state.template],
    );
    for (const { datname } of rows.rows) await client.query(`drop database if exists "${datname}" with (force)`);
  });
}

export async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
