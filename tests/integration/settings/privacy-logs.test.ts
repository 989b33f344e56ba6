import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturingLogger } from '../../support/logger';
import { HttpSession } from './support/http-session';
import { ADMIN_A, startSettingsWorld, TEAM_A, type SettingsWorld } from './support/slack-world';

/**
 * Custom instructions are stored (by design) but must never reach a log, not even when the
 * database refuses them: PostgreSQL's errors carry the refused row's values in `detail`.
 */
const SECRET = 'ZEBRA-7731-SECRET';
const captured = capturingLogger('trace');
let world: SettingsWorld;
let admin: HttpSession;

beforeAll(async () => {
  world = await startSettingsWorld({ logger: captured.logger });
  admin = new HttpSession(world.app.baseUrl, 'en');
  await admin.signIn(world.slack, { teamId: TEAM_A, userId: ADMIN_A });
});
afterAll(() => world?.close());

async function sql(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: world.app.db.url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe('what the server logs at trace level', () => {
  it('logs no instruction text when the database refuses the row (its error names the values in `detail`)', async () => {
    expect((await admin.send('PUT', '/api/settings/instructions/workspace', { name: 'Tone', text: `Be brief. ${SECRET}` })).status).toBe(200);
    // A constraint the row breaks: PostgreSQL answers "Failing row contains (…, <the text>, …)".
    await sql(`alter table workspace_instructions add constraint privacy_probe check (text not like '%ZEBRA-7731%') not valid`);
    try {
      const refused = await admin.send('PUT', '/api/settings/instructions/workspace', { name: 'Tone', text: `Be terse. ${SECRET}` });
      expect(refused.status).toBe(500);
    } finally {
      await sql('alter table workspace_instructions drop constraint privacy_probe');
    }
    const logs = captured.output();
    expect(logs).toContain('request failed');
    expect(logs).toContain('23514'); // the error's code stays: an operator can tell what happened
    expect(logs).not.toContain(SECRET);
  });

  it('logs nothing of a refused request body: bad JSON, too large, unsigned', async () => {
    const before = captured.output().length;
    const json = { 'content-type': 'application/json' };
    await admin.request('/api/settings/instructions/workspace', { method: 'PUT', headers: json, body: `{"name":"x","text":"${SECRET}` });
    await admin.request('/api/settings/instructions/workspace', { method: 'PUT', headers: json, body: JSON.stringify({ name: 'x', text: `${SECRET} ${'x'.repeat(2_000_000)}` }) });
    await fetch(`${world.app.baseUrl}/slack/events`, { method: 'POST', headers: json, body: JSON.stringify({ type: 'event_callback', event: { text: SECRET } }) });
    await fetch(`${world.app.baseUrl}/slack/events`, { method: 'POST', headers: json, body: `{"event":{"text":"${SECRET}"` });
    await fetch(`${world.app.baseUrl}/slack/interactions`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `payload=${SECRET}` });
    expect(captured.output().slice(before)).not.toContain(SECRET);
  });
});
