/**
 * Secrets kept encrypted at rest (the dashboard users' TOTP secrets): AES-256-GCM from node:crypto
 * with a 96-bit random IV per value and its 128-bit tag, the key derived with HKDF-SHA-256 from
 * DASHBOARD_SECRET_KEY. Each value is bound to its row (the associated data), so a ciphertext
 * copied onto another user's row does not decrypt. Stored as "v1.<iv>.<ciphertext>.<tag>" (base64url).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export class SecretBox {
  readonly #key: Buffer;

  /** `secret`: the configured key, at least 32 characters of high-entropy text. */
  constructor(secret: string) {
    if (secret.length < 32) throw new Error('DASHBOARD_SECRET_KEY must be at least 32 characters');
    this.#key = Buffer.from(hkdfSync('sha256', secret, 'lending-dashboard', 'totp secrets v1', 32));
  }

  seal(plaintext: string, boundTo: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(boundTo));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
  }

  /** The plaintext; null when the value was not sealed with this key for this row. */
  open(sealed: string, boundTo: string): string | null {
    const [version, iv, body, tag] = sealed.split('.');
    if (version !== 'v1' || !iv || body === undefined || !tag) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(boundTo));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
