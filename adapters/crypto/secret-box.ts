import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { parseKeyring } from './keyring';
import type { Keyring } from './keyring';

export class SecretDecryptionError extends Error {
  override name = 'SecretDecryptionError';
}

/** Encrypts secrets at rest. `context` binds a value to where it is stored (e.g. table, column, team). */
export interface SecretBox {
  seal(plaintext: string, context?: string): string;
  open(sealed: string, context?: string): string;
  /** True when the value was sealed under an older key and should be re-sealed. */
  needsReseal(sealed: string): boolean;
  /**
   * Keyed hashes (HMAC-SHA256) of a value, one under each key, the current key's first: what a
   * table keeps in place of a value it must find rows by equality but may not store in clear (a
   * blind index). The same value and context give the same hash under one key; without the key
   * a hash tells nothing of the value. Format: <key id>.<hash> (base64url).
   */
  lookupHashes(value: string, context: string): string[];
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** HKDF info of the lookup-hash keys; changing it changes every stored hash. */
const LOOKUP_HASH_INFO = 'tomo lookup hash v1';

// Format: v1.<key id>.<iv>.<ciphertext><tag> (base64url). The key id travels with the value so a
// keyring holding old keys can still open rows written before a rotation.
export class AesGcmSecretBox implements SecretBox {
  /** Per key id, the HMAC key derived from it (HKDF): a hash key is never an encryption key. */
  private readonly hashKeys: ReadonlyMap<string, Buffer>;

  constructor(private readonly keyring: Keyring) {
    this.hashKeys = new Map([...keyring.byId.values()].map(({ id, key }) => [id, Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), LOOKUP_HASH_INFO, 32))]));
  }

  static fromEnv(encryptionKey: string): AesGcmSecretBox {
    return new AesGcmSecretBox(parseKeyring(encryptionKey));
  }

  seal(plaintext: string, context = ''): string {
    const { id, key } = this.keyring.current;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(`${VERSION}.${id}.${context}`, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return [VERSION, id, iv.toString('base64url'), body.toString('base64url')].join('.');
  }

  open(sealed: string, context = ''): string {
    const parts = sealed.split('.');
    if (parts.length !== 4 || parts[0] !== VERSION) {
      throw new SecretDecryptionError('Stored secret is not in the expected sealed format (v1.<key id>.<iv>.<data>)');
    }
    const [, id, ivText, bodyText] = parts as [string, string, string, string];
    const entry = this.keyring.byId.get(id);
    if (!entry) {
      throw new SecretDecryptionError(
        `Stored secret was encrypted with key ${id}, which is not in ENCRYPTION_KEY (known: ${[...this.keyring.byId.keys()].join(', ')}). ` +
          'Add the old key after the current one, separated by a comma.',
      );
    }
    const iv = Buffer.from(ivText, 'base64url');
    const body = Buffer.from(bodyText, 'base64url');
    if (iv.length !== IV_BYTES || body.length < TAG_BYTES) {
      throw new SecretDecryptionError('Stored secret is truncated');
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', entry.key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(`${VERSION}.${id}.${context}`, 'utf8'));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretDecryptionError(
        `Stored secret failed authentication under key ${id}: it was altered, moved from another row, or the key is wrong`,
      );
    }
  }

  needsReseal(sealed: string): boolean {
    return sealed.split('.')[1] !== this.keyring.current.id;
  }

  lookupHashes(value: string, context: string): string[] {
    const current = this.keyring.current.id;
    const ids = [current, ...[...this.hashKeys.keys()].filter((id) => id !== current)];
    // The context and the value are separated by a NUL, which neither holds where Tomo uses it.
    return ids.map((id) => `${id}.${createHmac('sha256', this.hashKeys.get(id)!).update(`${context}\0${value}`, 'utf8').digest('base64url')}`);
  }
}
