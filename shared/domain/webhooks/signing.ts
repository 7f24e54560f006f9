import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): secrets are `whsec_` + base64 of
 * 24 random bytes; a delivery carries `webhook-id`, `webhook-timestamp` (Unix seconds) and
 * `webhook-signature`, a space-separated list of `v1,` + base64 HMAC-SHA256 over
 * `<id>.<timestamp>.<body>` keyed with the decoded secret, one per secret in force (two during a
 * rotation's overlap).
 */
export const SECRET_PREFIX = 'whsec_';

export function generateSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString('base64');
}

export function signPayload(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The headers of one delivery attempt, signed by every secret given (newest first). */
export function signedHeaders(secrets: readonly string[], id: string, timestamp: number, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => signPayload(s, id, timestamp, body)).join(' '),
  };
}

/**
 * Signing secrets must be recoverable (HMAC needs the secret itself, unlike API keys, which are
 * only ever compared), so they are stored encrypted: AES-256-GCM under a key derived from the
 * WEBHOOK_SECRET_KEY the stack generates in Secrets Manager. A table read alone (a backup, an
 * export, a console) yields no usable secret. Format: `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(keyMaterial: string) {
    this.key = createHash('sha256').update(keyMaterial).digest();
  }

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  /** `context` (the subscription id) is bound into the tag: a sealed secret copied to another subscription does not open. */
  open(sealed: string, context: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('sealed secret unreadable');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}
