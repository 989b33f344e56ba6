import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AesGcmSecretBox, EncryptionKeyError, loadOrCreateKey, SecretDecryptionError } from '../../../adapters/crypto';

const newKey = () => randomBytes(32).toString('base64');
const TOKEN = 'xoxb-1234-5678-abcdefghijklmnop';

describe('AesGcmSecretBox', () => {
  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const box = AesGcmSecretBox.fromEnv(newKey());
    const sealed = box.seal(TOKEN, 'installations.bot_token:T1');
    expect(sealed).not.toContain(TOKEN);
    expect(sealed).not.toContain(Buffer.from(TOKEN).toString('base64'));
    expect(box.open(sealed, 'installations.bot_token:T1')).toBe(TOKEN);
  });

  it('seals the same secret differently each time', () => {
    const box = AesGcmSecretBox.fromEnv(newKey());
    expect(box.seal(TOKEN)).not.toBe(box.seal(TOKEN));
  });

  it('refuses a value sealed under a key it does not hold, naming the key', () => {
    const sealed = AesGcmSecretBox.fromEnv(newKey()).seal(TOKEN);
    const other = AesGcmSecretBox.fromEnv(newKey());
    expect(() => other.open(sealed)).toThrowError(SecretDecryptionError);
    expect(() => other.open(sealed)).toThrowError(/not in ENCRYPTION_KEY/);
  });

  it('refuses a value moved to another row (context differs) instead of returning it', () => {
    const box = AesGcmSecretBox.fromEnv(newKey());
    const sealed = box.seal(TOKEN, 'installations.bot_token:T1');
    expect(() => box.open(sealed, 'installations.bot_token:T2')).toThrowError(/failed authentication/);
  });

  it('refuses a tampered value', () => {
    const box = AesGcmSecretBox.fromEnv(newKey());
    const sealed = box.seal(TOKEN);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrowError(SecretDecryptionError);
    expect(() => box.open('plain-token')).toThrowError(/sealed format/);
  });

  it('rotates: the new key seals, the old one still opens older values', () => {
    const oldKey = newKey();
    const before = AesGcmSecretBox.fromEnv(oldKey).seal(TOKEN);
    const rotated = AesGcmSecretBox.fromEnv(`${newKey()},${oldKey}`);
    expect(rotated.open(before)).toBe(TOKEN);
    expect(rotated.needsReseal(before)).toBe(true);
    const after = rotated.seal(TOKEN);
    expect(rotated.needsReseal(after)).toBe(false);
    expect(() => AesGcmSecretBox.fromEnv(oldKey).open(after)).toThrowError(SecretDecryptionError);
  });

  it('accepts the same key as hex or base64', () => {
    const raw = randomBytes(32);
    const sealed = AesGcmSecretBox.fromEnv(raw.toString('hex')).seal(TOKEN);
    expect(AesGcmSecretBox.fromEnv(raw.toString('base64')).open(sealed)).toBe(TOKEN);
  });

  it('rejects a key of the wrong size with a message naming ENCRYPTION_KEY', () => {
    expect(() => AesGcmSecretBox.fromEnv(randomBytes(16).toString('base64'))).toThrowError(EncryptionKeyError);
    expect(() => AesGcmSecretBox.fromEnv('short')).toThrowError(/ENCRYPTION_KEY must be 32 bytes/);
    expect(() => AesGcmSecretBox.fromEnv(`${newKey()},nope`)).toThrowError(/key 2/);
    expect(() => AesGcmSecretBox.fromEnv(' ')).toThrowError(/empty/);
  });
});

describe('AesGcmSecretBox lookup hashes (finding a sealed row by equality)', () => {
  const ORIGIN = 'https://nightjar.intranet.example';

  it('gives one value the same hash every time, another value or context another, and shows nothing of the value', () => {
    const key = newKey();
    const [hash] = AesGcmSecretBox.fromEnv(key).lookupHashes(ORIGIN, 'robots_txt_cache.origin');
    expect(AesGcmSecretBox.fromEnv(key).lookupHashes(ORIGIN, 'robots_txt_cache.origin')).toEqual([hash]);
    expect(AesGcmSecretBox.fromEnv(key).lookupHashes('https://other.example', 'robots_txt_cache.origin')).not.toContain(hash);
    expect(AesGcmSecretBox.fromEnv(key).lookupHashes(ORIGIN, 'another.column')).not.toContain(hash);
    expect(hash).toMatch(/^[0-9a-f]{12}\.[A-Za-z0-9_-]{43}$/);
    expect(hash).not.toContain('nightjar');
    expect(hash).not.toContain(Buffer.from(ORIGIN).toString('base64url').slice(0, 12));
  });

  it('differs under another key, so a database without the key cannot test guesses', () => {
    expect(AesGcmSecretBox.fromEnv(newKey()).lookupHashes(ORIGIN, 'c')).not.toEqual(AesGcmSecretBox.fromEnv(newKey()).lookupHashes(ORIGIN, 'c'));
  });

  it('after a rotation, gives the new key’s hash first and the old key’s after it, to find rows written before', () => {
    const oldKey = newKey();
    const [before] = AesGcmSecretBox.fromEnv(oldKey).lookupHashes(ORIGIN, 'c');
    const rotatedKey = newKey();
    const [current, older] = AesGcmSecretBox.fromEnv(`${rotatedKey},${oldKey}`).lookupHashes(ORIGIN, 'c');
    expect(older).toBe(before);
    expect(current).toBe(AesGcmSecretBox.fromEnv(rotatedKey).lookupHashes(ORIGIN, 'c')[0]);
  });
});

describe('loadOrCreateKey', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('creates a key once with a warning, then keeps returning it', async () => {
    dir = await mkdtemp(join(tmpdir(), 'tomo-key-'));
    const dataDir = join(dir, 'data');
    const warnings: string[] = [];
    const log = { warn: (message: string) => warnings.push(message) };

    const first = await loadOrCreateKey(dataDir, log);
    const second = await loadOrCreateKey(dataDir, log);

    expect(second).toBe(first);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/ENCRYPTION_KEY is not set/);
    expect((await stat(join(dataDir, 'encryption.key'))).mode & 0o777).toBe(0o600);
    expect((await readFile(join(dataDir, 'encryption.key'), 'utf8')).trim()).toBe(first);
    const box = AesGcmSecretBox.fromEnv(first);
    expect(box.open(box.seal(TOKEN))).toBe(TOKEN);
  });
});
