import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * A short-lived value carried in a cookie, encrypted and authenticated (AES-256-GCM under a
 * key derived from SESSION_SECRET and the cookie's purpose, so no two kinds share a key): the
 * browser can neither read it nor change it. `open` answers null when the cookie is missing,
 * tampered with, or past its `expiresAt`.
 */
export class ExpiringCookieSealer<T extends { readonly expiresAt: number }> {
  private readonly key: Buffer;

  constructor(purpose: string, secret: string) {
    this.key = createHash('sha256').update(`${purpose}\0${secret}`).digest();
  }

  seal(value: T): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${iv.toString('base64url')}.${body.toString('base64url')}`;
  }

  open(sealed: string | undefined, now: Date): T | null {
    if (!sealed) return null;
    const [ivText, bodyText] = sealed.split('.');
    if (!ivText || !bodyText) return null;
    try {
      const body = Buffer.from(bodyText, 'base64url');
      if (body.length < 16) return null;
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(ivText, 'base64url'), { authTagLength: 16 });
      decipher.setAuthTag(body.subarray(body.length - 16));
      const json = Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString('utf8');
      const value = JSON.parse(json) as T;
      return value.expiresAt > now.getTime() ? value : null;
    } catch {
      return null;
    }
  }
}
