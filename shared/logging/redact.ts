/**
 * Keeps personal data out of logs. Callers are asked to pass ids and counts only; this is the net
 * under that rule: a field whose name says it holds a phone number, an email, a name, a transcript
 * or a message text is replaced by `[redacted]`, and string values that look like an email or a
 * phone number are masked wherever they appear (error messages included).
 */
const PERSONAL_FIELD = /phone|e-?mail|transcript|^(to|from|body|text|message_text|first_?name|last_?name|name|address)$/i;
const EMAIL = /[^\s@"'<>]+@[^\s@"'<>]+\.[a-z]{2,}/gi;
// E.164 (+ and 7 to 15 digits) or a North American 3-3-4 grouping; not dates, times or ids.
const PHONE = /\+\d{7,15}\b|\(?\b\d{3}\)?[ .-]\d{3}[ .-]\d{4}\b/g;

const REDACTED = '[redacted]';

function redactText(text: string): string {
  return text.replace(EMAIL, REDACTED).replace(PHONE, REDACTED);
}

function redactValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactText(value);
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  return redactFields(value as Record<string, unknown>, depth + 1);
}

export function redactFields(fields: Record<string, unknown>, depth = 0): Record<string, unknown> {
  // Defined, not assigned: a logged member named `__proto__` stays a member of the copy.
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      PERSONAL_FIELD.test(key) && value !== undefined && value !== null ? REDACTED : redactValue(value, depth),
    ]),
  );
}
