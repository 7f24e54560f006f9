import fc from 'fast-check';
import { applyFieldMapping, candidateTexts, validateFieldMapping } from '#shared/domain/intake/field-mapping';
import { formatPath, leafPaths, parsePath, readPath } from '#shared/domain/intake/payload-path';

describe('payload paths', () => {
  it.each([
    ['phone', ['phone']],
    ['contact.phone', ['contact', 'phone']],
    ['phones[0].number', ['phones', 0, 'number']],
    ['data["e.mail"]', ['data', 'e.mail']],
  ])('parses %s', (path, segments) => {
    expect(parsePath(path)).toEqual(segments);
  });

  it.each(['', '.phone', 'a..b', 'a[x]', 'a[0]b', 'a b'])('rejects the malformed path %p', (path) => {
    expect(parsePath(path)).toBeNull();
  });

  it.each(['__proto__', 'a.constructor', 'a["prototype"]', 'a[0].__proto__.b'])('refuses a path naming a prototype member: %p', (path) => {
    expect(parsePath(path)).toBeNull();
  });

  it('never reads inherited members or array properties', () => {
    expect(readPath({}, ['toString'])).toBeUndefined();
    expect(readPath({ a: [1] }, ['a', 'length'])).toBeUndefined();
    expect(readPath({ a: [1] }, ['a', 1])).toBeUndefined();
  });

  it('lists the leaves of a payload nested far deeper than the call stack allows, in document order', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(leafPaths({ a: 1, b: deep, c: [] })).toEqual([['a'], ['b', ...Array.from({ length: 20_000 }, () => 0)], ['c']]);
  });

  const key = fc.stringMatching(/^[a-z_][a-z0-9_]{0,6}$/);
  const segment = fc.oneof(key, fc.nat({ max: 3 }));

  it('reads back the value written at any nested path (property)', () => {
    fc.assert(
      fc.property(key, fc.array(segment, { maxLength: 4 }), fc.string({ minLength: 1 }), (head, rest, value) => {
        const segments = [head, ...rest];
        let payload: unknown = value;
        for (const seg of [...segments].reverse()) {
          if (typeof seg === 'number') {
            const arr: unknown[] = Array.from({ length: seg + 1 }, () => null);
            arr[seg] = payload;
            payload = arr;
          } else {
            payload = { [seg]: payload };
          }
        }
        const path = formatPath(segments);
        expect(parsePath(path)).toEqual(segments);
        expect(readPath(payload, segments)).toBe(value);
      }),
    );
  });
});

describe('applyFieldMapping', () => {
  it('uses the default aliases for a team without a mapping', () => {
    const result = applyFieldMapping({ full_name: 'Ana Ruiz', mobile: '(415) 555-2671', email: 'ana@example.com' }, null);
    expect(result.fields).toMatchObject({ customer_name: 'Ana Ruiz', phone_number: '(415) 555-2671', email: 'ana@example.com' });
  });

  it('takes the first alias present with a non-empty value', () => {
    const mapping = { fields: { phone_number: ['contact.phone', 'phones[0].number', 'phone'] } };
    const payload = { contact: { phone: '  ' }, phones: [{ number: '212-555-0123' }], phone: '999' };
    const result = applyFieldMapping(payload, mapping);
    expect(result.fields.phone_number).toBe('212-555-0123');
    expect(result.sources.phone_number).toBe('phones[0].number');
  });

  it('names as candidates every text a check may be asked about, the fallback last, and the check is asked about no other', () => {
    const mapping = {
      fields: { phone_number: ['contact.phone', 'phones[0].number', 'phone'] },
      fallback_values: { phone_number: '+1 312 555 0100' },
    };
    const payload = { contact: { phone: '  ' }, phones: [{ number: 'call me' }], phone: '999', other: '212-555-0123' };
    const candidates = candidateTexts(payload, mapping, 'phone_number');
    expect(candidates).toEqual(['call me', '999', '+1 312 555 0100']);
    const asked: string[] = [];
    applyFieldMapping(payload, mapping, {
      phone_number: (text) => {
        asked.push(text);
        return 'refused';
      },
    });
    expect(asked.every((text) => candidates.includes(text))).toBe(true);
    expect(asked).toEqual(['call me', '999']);
    expect(candidateTexts({ mobile: '(415) 555-2671' }, null, 'phone_number')).toEqual(['(415) 555-2671']);
  });

  it('composes customer_name from first_name and last_name', () => {
    expect(applyFieldMapping({ firstName: 'Ana', lastName: 'Ruiz' }, null).fields.customer_name).toBe('Ana Ruiz');
  });

  it('combines several payload fields into one notes object when configured', () => {
    const mapping = { fields: {}, notes_combine: ['details.issue', 'details.urgency', 'missing'] };
    const result = applyFieldMapping({ details: { issue: 'leak', urgency: 'high' } }, mapping);
    expect(result.notesObject).toEqual({ 'details.issue': 'leak', 'details.urgency': 'high' });
    expect(JSON.parse(result.fields.notes ?? '{}')).toEqual({ 'details.issue': 'leak', 'details.urgency': 'high' });
  });

  it('keeps names on one line and addresses and notes with their lines, without control or bidi characters', () => {
    const payload = {
      full_name: 'Ana\u0000 Ruiz\u202E',
      address: '1 Main St\r\nApt 2\u001B',
      city: 'Chi\ncago',
      notes: 'Gate code 12\u2028ring twice\u0007',
      phone: '2125550123',
    };

    const result = applyFieldMapping(payload, null);

    expect(result.fields).toMatchObject({
      customer_name: 'Ana Ruiz',
      address: '1 Main St\nApt 2',
      city: 'Chi cago',
      notes: 'Gate code 12\nring twice',
    });
  });

  it('skips an alias whose value is only control characters, and cleans combined notes and fallback values', () => {
    const mapping = {
      fields: { customer_name: ['name', 'full_name'] },
      notes_combine: ['details.issue'],
      fallback_values: { city: '\u202EChicago' },
    };

    const result = applyFieldMapping({ name: '\u202E\u0000', full_name: 'Ana', details: { issue: ['le\u0000ak'] } }, mapping);

    expect(result.fields).toMatchObject({ customer_name: 'Ana', city: 'Chicago' });
    expect(result.explain.customer_name?.tried[0]).toEqual({ alias: 'name', result: 'empty' });
    expect(result.notesObject).toEqual({ 'details.issue': ['leak'] });
  });

  it('reports every payload leaf no mapping used, so nothing is lost', () => {
    const result = applyFieldMapping({ phone: '2125550123', extra: { a: 1, b: [true] }, tags: [] }, null);
    expect(result.unmappedPaths.sort()).toEqual(['extra.a', 'extra.b[0]', 'tags']);
  });

  it('ignores objects and arrays where a scalar is expected', () => {
    expect(applyFieldMapping({ phone: { number: '1' } }, null).fields.phone_number).toBeUndefined();
  });

  it('never throws and accounts for every leaf, for any JSON payload (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 })), (payload) => {
        const result = applyFieldMapping(payload, null);
        const leaves = leafPaths(payload).filter((l) => l.length > 0).length;
        expect(result.unmappedPaths.length).toBeLessThanOrEqual(leaves);
        for (const value of Object.values(result.fields)) expect(value.trim()).toBe(value);
      }),
    );
  });

  it('validates mappings, naming the bad alias', () => {
    expect(validateFieldMapping({ fields: { phone_number: ['ok', 'a..b'] } })).toEqual([
      'fields.phone_number[1]: "a..b" is not a valid path: it expected a member name (letters, digits, _, $, -; other names go in ["..."]), at ".b" (character 3)',
    ]);
    expect(validateFieldMapping({ fields: { phone: ['x'] } as never })).toEqual(['fields.phone: unknown target field']);
  });
});
