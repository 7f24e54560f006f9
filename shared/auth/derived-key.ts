import { createHmac } from 'node:crypto';

/**
 * A key of its own for one use of the cursor secret (CURSOR_SECRET), derived under a label (HMAC
 * of the label): recording links, appointment manage links and export links are signed each with
 * its own key, so none can stand for another or for a pagination cursor, and no second secret has
 * to be generated, bound and rotated.
 */
export function derivedKey(secret: string, label: string): Buffer {
  return createHmac('sha256', secret).update(label).digest();
}
