import { createHash } from 'node:crypto';

export interface KeyringKey {
  id: string;
  key: Buffer;
}

export interface Keyring {
  /** Seals new values. */
  current: KeyringKey;
  /** Every key that may open an existing value, the current one included. */
  byId: ReadonlyMap<string, KeyringKey>;
}

export class EncryptionKeyError extends Error {
  override name = 'EncryptionKeyError';
}

// ENCRYPTION_KEY holds one key, or several separated by commas: the first seals, every one opens.
// Rotation: put the new key first, keep the old ones after it until every row was re-sealed.
// Each key is 32 bytes written as base64 (44 chars) or hex (64 chars).
export function parseKeyring(value: string): Keyring {
  const parts = value.split(',').map((part) => part.trim()).filter((part) => part.length > 0);
  if (parts.length === 0) throw new EncryptionKeyError('ENCRYPTION_KEY is empty: expected a 32-byte key as base64 or hex');
  const keys = parts.map((part, index) => {
    const key = decodeKey(part, index);
    return { id: keyId(key), key };
  });
  const byId = new Map<string, KeyringKey>();
  for (const key of keys) byId.set(key.id, key);
  return { current: keys[0]!, byId };
}

function decodeKey(text: string, index: number): Buffer {
  const where = index === 0 ? 'ENCRYPTION_KEY' : `ENCRYPTION_KEY (key ${index + 1})`;
  let key: Buffer | undefined;
  if (/^[0-9a-fA-F]{64}$/.test(text)) key = Buffer.from(text, 'hex');
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) key = Buffer.from(text, 'base64');
  if (!key || key.length !== 32) {
    throw new EncryptionKeyError(`${where} must be 32 bytes written as base64 (44 characters) or hex (64 characters)`);
  }
  return key;
}

/** A short, stable, non-secret name for a key, stored beside each ciphertext. */
export function keyId(key: Buffer): string {
  return createHash('sha256').update('tomo-key-id:').update(key).digest('hex').slice(0, 12);
}
