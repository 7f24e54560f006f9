/**
 * SMS segment counting (3GPP TS 23.038). A message is GSM-7 when every character is in the GSM 03.38
 * basic set or its extension table (extension characters take two septets: ESC + char); otherwise
 * the whole message is UCS-2, counted in UTF-16 code units. One segment holds 160 septets (GSM-7)
 * or 70 code units (UCS-2); a split message holds 153 or 67 per part, the rest being the
 * concatenation header. A GSM-7 extension character is never split across two parts.
 */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '^{}\\[~]|€\f';

const basic = new Set(GSM7_BASIC);
const extension = new Set(GSM7_EXTENSION);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SegmentCount {
  readonly encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  readonly units: number;
  readonly segments: number;
}

export function isGsm7(text: string): boolean {
  for (const ch of text) if (!basic.has(ch) && !extension.has(ch)) return false;
  return true;
}

export function countSegments(text: string): SegmentCount {
  if (text.length === 0) return { encoding: 'GSM-7', units: 0, segments: 0 };
  if (isGsm7(text)) {
    const septets: number[] = [];
    for (const ch of text) septets.push(extension.has(ch) ? 2 : 1);
    const units = septets.reduce((a, b) => a + b, 0);
    if (units <= 160) return { encoding: 'GSM-7', units, segments: 1 };
    // Fill parts of 153 septets without splitting an escape pair.
    let segments = 1;
    let used = 0;
    for (const size of septets) {
      if (used + size > 153) {
        segments++;
        used = 0;
      }
      used += size;
    }
    return { encoding: 'GSM-7', units, segments };
  }
  const units = text.length;
  if (units <= 70) return { encoding: 'UCS-2', units, segments: 1 };
  // Fill parts of 67 code units without splitting a surrogate pair.
  let segments = 1;
  let used = 0;
  for (const ch of text) {
    const size = ch.length;
    if (used + size > 67) {
      segments++;
      used = 0;
    }
    used += size;
  }
  return { encoding: 'UCS-2', units, segments };
}
