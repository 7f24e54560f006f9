import { redactFields } from '#shared/logging/redact';

describe('redacting what is logged', () => {
  it('keeps members named __proto__, constructor and toString as own members of the copy, redacted inside', () => {
    const fields = JSON.parse('{"__proto__":{"phone":"+15551234567"},"constructor":"c","toString":"t"}') as Record<string, unknown>;

    const redacted = redactFields(fields);

    expect(Object.getPrototypeOf(redacted)).toBe(Object.prototype);
    expect(Object.entries(redacted)).toEqual([
      ['__proto__', { phone: '[redacted]' }],
      ['constructor', 'c'],
      ['toString', 't'],
    ]);
  });
});
