import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AesGcmSecretBox, SecretDecryptionError } from '../../../adapters/crypto';
import { openDatabase } from '../../../adapters/postgres/database';
import type { Database } from '../../../adapters/postgres/database';
import { PgInstallationRepository } from '../../../adapters/postgres/pg-installation-repository';
import { PgOAuthTokenRepository } from '../../../adapters/postgres/pg-oauth-token-repository';
import type { InstallationRecord } from '../../../core/workspace/installation';
import { testDatabase } from '../../support/database';

const BOT_TOKEN = 'xoxb-1111-2222-AbCdEfGhIjKlMnOp';
const newKey = () => randomBytes(32).toString('base64');

const installation = (teamId: string, botToken: string | null = BOT_TOKEN): InstallationRecord => ({
  teamId,
  teamName: 'Acme',
  botUserId: 'U0BOT',
  botId: 'B0BOT',
  botToken,
  installedBy: 'U0ADMIN',
  firstInstalledAt: new Date('2026-01-01T00:00:00Z'),
  installedAt: new Date('2026-01-01T00:00:00Z'),
  uninstalledAt: null,
  installCount: 1,
});

describe('secrets at rest', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase((await testDatabase()).url, { poolMax: 2 });
    await db.migrateUp();
  });
  afterAll(async () => {
    await db.close();
  });

  /** The whole stored row as text, exactly as anyone with database access would see it. */
  const rawRow = async (table: string, where: string): Promise<string> => {
    const rows = await db.orm.em.getConnection().execute<{ row: string }[]>(`select row_to_json(t)::text as row from ${table} t where ${where}`);
    expect(rows).toHaveLength(1);
    return rows[0]!.row;
  };

  it('no plaintext bot token is readable in the installations table after an install', async () => {
    const key = newKey();
    await new PgInstallationRepository(db.orm, AesGcmSecretBox.fromEnv(key)).save('T1', installation('T1'));
    const raw = await rawRow('installations', `team_id = 'T1'`);
    expect(raw).toContain('"bot_token_sealed":"v1.');
    expect(raw).not.toContain(BOT_TOKEN);
    expect(raw).not.toContain('AbCdEfGhIjKlMnOp');
    expect(raw).not.toContain(Buffer.from(BOT_TOKEN).toString('base64').slice(0, 16));
    expect(raw).not.toContain(key);
  });

  it('a wrong key fails with a clear error instead of returning garbage', async () => {
    await new PgInstallationRepository(db.orm, AesGcmSecretBox.fromEnv(newKey())).save('T2', installation('T2'));
    const wrong = new PgInstallationRepository(db.orm, AesGcmSecretBox.fromEnv(newKey()));
    await expect(wrong.find('T2')).rejects.toThrow(SecretDecryptionError);
    await expect(wrong.find('T2')).rejects.toThrow(/not in ENCRYPTION_KEY/);
  });

  it('a token copied into another workspace row does not open there', async () => {
    const box = AesGcmSecretBox.fromEnv(newKey());
    const repo = new PgInstallationRepository(db.orm, box);
    await repo.save('T3', installation('T3'));
    await repo.save('T4', installation('T4', 'xoxb-other'));
    await db.orm.em
      .getConnection()
      .execute(`update installations set bot_token_sealed = (select bot_token_sealed from installations where team_id = 'T3') where team_id = 'T4'`);
    await expect(repo.find('T4')).rejects.toThrow(/failed authentication/);
  });

  it('after a key rotation, rows sealed under the old key still open', async () => {
    const oldKey = newKey();
    await new PgInstallationRepository(db.orm, AesGcmSecretBox.fromEnv(oldKey)).save('T5', installation('T5'));
    const rotated = new PgInstallationRepository(db.orm, AesGcmSecretBox.fromEnv(`${newKey()},${oldKey}`));
    expect((await rotated.find('T5'))?.botToken).toBe(BOT_TOKEN);
  });

  it('integration OAuth tokens are stored sealed as well', async () => {
    const repo = new PgOAuthTokenRepository(db.orm, AesGcmSecretBox.fromEnv(newKey()));
    await repo.append('T1', {
      teamId: 'T1',
      userId: 'U1',
      provider: 'github',
      accessToken: 'gho_PlainAccessToken123',
      refreshToken: 'ghr_PlainRefreshToken456',
      scopes: 'repo',
      expiresAt: null,
      updatedBy: 'U1',
      updatedAt: new Date('2026-01-01T00:00:00Z'),
    });
    const raw = await rawRow('oauth_tokens_history', `team_id = 'T1'`);
    expect(raw).not.toContain('PlainAccessToken123');
    expect(raw).not.toContain('PlainRefreshToken456');
    expect((await repo.findLatest('T1', 'U1', 'github'))?.accessToken).toBe('gho_PlainAccessToken123');
  });
});
