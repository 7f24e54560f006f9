import fc from 'fast-check';
import { BadRequestError, PayloadTooLargeError } from '#shared/errors';
import { FORBIDDEN_MEMBER_NAMES } from '#shared/forbidden-member-names';
import { UnsupportedMediaTypeError } from '#shared/http/errors';
import { MAX_BODY_DEPTH, parseJsonObjectBody, parseOptionalJsonObjectBody } from '#shared/http/json-body';
import { parseSafeJson } from '#shared/http/safe-json';

const parse = (text: string) => parseSafeJson(text, { maxDepth: MAX_BODY_DEPTH });
const JSON_HEADERS = { 'content-type': 'application/json' };

function refusal(text: string): { field: string | undefined; message: string } {
  try {
    parse(text);
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestError);
    return { field: (error as BadRequestError).field, message: (error as BadRequestError).message };
  }
  throw new Error(`expected ${text.slice(0, 60)} to be refused`);
}

/** What the safe parse should make of a JSON value: numbers JS or DynamoDB cannot hold become their text. */
function expected(value: unknown): unknown {
  if (typeof value === 'number') {
    const magnitude = Math.abs(value);
    return magnitude > Number.MAX_SAFE_INTEGER || (magnitude > 0 && magnitude < 1e-130) ? JSON.stringify(value) : value === 0 ? 0 : value;
  }
  if (Array.isArray(value)) return value.map(expected);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expected(v)]));
  return value;
}

function hasForbiddenKey(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasForbiddenKey);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([k, v]) => FORBIDDEN_MEMBER_NAMES.has(k) || hasForbiddenKey(v));
  }
  return false;
}

describe('safe JSON parse: numbers', () => {
  it.each([
    ['9007199254740993', '9007199254740993'],
    ['-9007199254740993', '-9007199254740993'],
    ['12345678901234567890', '12345678901234567890'],
    ['18014398509481984', '18014398509481984'],
    ['1e16', '1e16'],
    ['1.5E+300', '1.5E+300'],
    ['1e-200', '1e-200'],
    ['1e-400', '1e-400'],
  ])('keeps %s as its exact text', (token, text) => {
    expect(parse(`{"n":${token},"list":[${token}]}`)).toEqual({ n: text, list: [text] });
  });

  it.each([
    ['9007199254740991', 9007199254740991],
    ['-9007199254740991', -9007199254740991],
    ['0.1', 0.1],
    ['1e-130', 1e-130],
    ['1e15', 1e15],
    ['-0', -0],
    ['0e-400', 0],
  ])('reads %s as a number', (token, value) => {
    expect(parse(`{"n":${token}}`)).toEqual({ n: value });
  });

  it('keeps any integer beyond 2^53 - 1 digit for digit, and any other as the same number (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), (n) => {
        const { id } = parse(`{"id":${n}}`) as { id: unknown };
        const safe = n <= BigInt(Number.MAX_SAFE_INTEGER) && n >= -BigInt(Number.MAX_SAFE_INTEGER);
        expect(id).toEqual(safe ? Number(n) : String(n));
      }),
    );
  });

  it.each(['1e309', '-1e309', '123456789e400'])('refuses the non-finite %s with a 400 naming its path', (token) => {
    expect(refusal(`{"quote":{"items":[{"amount":${token}}]}}`)).toEqual({
      field: 'quote.items[0].amount',
      message: 'quote.items[0].amount: must be a finite number (it overflows a 64-bit float)',
    });
  });

  it('leaves digits inside strings alone, escaped quotes included', () => {
    expect(parse('{"a":"x\\"9007199254740993\\\\","b":9007199254740993}')).toEqual({ a: 'x"9007199254740993\\', b: '9007199254740993' });
  });
});

describe('safe JSON parse: structure', () => {
  it(`accepts ${MAX_BODY_DEPTH} levels of nesting and refuses one more, naming the body and the limit`, () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    expect(() => parse(nested(MAX_BODY_DEPTH))).not.toThrow();
    expect(refusal(nested(MAX_BODY_DEPTH + 1))).toEqual({
      field: 'body',
      message: `body: nested more than ${MAX_BODY_DEPTH} levels deep; at most ${MAX_BODY_DEPTH} levels are allowed`,
    });
    expect(refusal(`{"a":${nested(100_000)}}`).field).toBe('body');
  });

  it('does not count brackets inside strings as nesting', () => {
    expect(parse(`{"a":"${'['.repeat(1000)}"}`)).toEqual({ a: '['.repeat(1000) });
  });

  it.each([
    ['{"__proto__":{"admin":true}}', '__proto__'],
    ['{"a":{"b":[{"constructor":{"prototype":{}}}]}}', 'a.b[0].constructor'],
    ['{"a":{"prototype":1}}', 'a.prototype'],
    ['{"\\u005f_proto__":1}', '__proto__'],
    ['{"c\\u006fnstructor":1}', 'constructor'],
    ['{"first name":{"__proto__":1}}', '["first name"].__proto__'],
  ])('refuses the prototype key in %s with a 400 naming %s', (text, field) => {
    const { field: named, message } = refusal(text);
    expect(named).toBe(field);
    expect(message).toContain('is not allowed');
  });

  it('replaces lone surrogates in strings with U+FFFD and refuses them in member names', () => {
    expect(parse('{"a":"x\\ud800y","b":["\\udc00"],"c":"\\ud83d\\ude00"}')).toEqual({ a: 'x\uFFFDy', b: ['\uFFFD'], c: '😀' });
    expect(refusal('{"x\\ud800":1}').message).toContain('not valid Unicode');
  });

  it('strips a byte-order mark', () => {
    expect(parse('\uFEFF{"a":1}')).toEqual({ a: 1 });
  });

  it('reads any JSON value as JSON.parse does, but for numbers it keeps as text and prototype keys it refuses (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        const text = JSON.stringify(value);
        if (hasForbiddenKey(value)) {
          expect(() => parse(text)).toThrow(BadRequestError);
          return;
        }
        expect(parse(text)).toEqual(expected(JSON.parse(text)));
      }),
      { numRuns: 500 },
    );
  });

  it('answers any text with a value or a 400, never another error (property)', () => {
    const jsonish = fc
      .array(
        fc.constantFrom(
          '{',
          '}',
          '[',
          ']',
          ',',
          ':',
          '"',
          '\\',
          '"a"',
          '1',
          '-',
          'e',
          '9007199254740993',
          '1e309',
          'null',
          ' ',
          '__proto__',
        ),
        {
          maxLength: 40,
        },
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), jsonish), (text) => {
        try {
          parse(text);
        } catch (error) {
          expect(error).toBeInstanceOf(BadRequestError);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('parseJsonObjectBody', () => {
  it('checks the content type (415), the size (413) and the kind of value (400)', () => {
    expect(() => parseJsonObjectBody('{}', { 'content-type': 'text/plain' }, 10)).toThrow(UnsupportedMediaTypeError);
    expect(() => parseJsonObjectBody('{"a":"0123456789"}', JSON_HEADERS, 10)).toThrow(PayloadTooLargeError);
    expect(() => parseJsonObjectBody('[1]', JSON_HEADERS, 100)).toThrow('body: must be a JSON object, not an array');
    expect(() => parseJsonObjectBody('9007199254740993', JSON_HEADERS, 100)).toThrow('body: must be a JSON object');
    expect(parseJsonObjectBody('{"id":9007199254740993}', { 'content-type': 'application/vnd.api+json' }, 100)).toEqual({
      id: '9007199254740993',
    });
  });

  it('takes an empty body as {} where the body is optional, and parses one that is sent', () => {
    expect(parseOptionalJsonObjectBody(null, {}, 100)).toEqual({});
    expect(parseOptionalJsonObjectBody('  ', {}, 100)).toEqual({});
    expect(() => parseOptionalJsonObjectBody('{"constructor":1}', JSON_HEADERS, 100)).toThrow(BadRequestError);
  });
});
