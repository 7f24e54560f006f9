import fc from 'fast-check';
import { applyFieldMapping, validateFieldMapping } from '#shared/domain/intake/field-mapping';
import { formatPath, type PathSegment, parsePath, pathProblem, readPath, resolvePath } from '#shared/domain/intake/payload-path';

const googleLead = {
  lead_id: 'TeSter-123',
  user_column_data: [
    { column_id: 'FULL_NAME', string_value: 'Ana Ruiz', column_name: 'Full Name' },
    { column_id: 'EMAIL', string_value: 'ana@example.com' },
    { column_id: 'PHONE_NUMBER', string_value: '+14155552671' },
  ],
};

describe('payload paths that select array elements by a member value', () => {
  it.each<[string, PathSegment[]]>([
    [
      'user_column_data[column_id=PHONE_NUMBER].string_value',
      ['user_column_data', { member: 'column_id', equals: 'PHONE_NUMBER' }, 'string_value'],
    ],
    ['field_data[name=phone_number].values[0]', ['field_data', { member: 'name', equals: 'phone_number' }, 'values', 0]],
    ['answers[name="what is your zip?"].value', ['answers', { member: 'name', equals: 'what is your zip?' }, 'value']],
    ['a["odd key"="x]=y"]', ['a', { member: 'odd key', equals: 'x]=y' }]],
    ['a[id=42]', ['a', { member: 'id', equals: '42' }]],
    ['a[k="say \\"hi\\""]', ['a', { member: 'k', equals: 'say "hi"' }]],
    ['[id=1].v', [{ member: 'id', equals: '1' }, 'v']],
  ])('parses %s', (path, segments) => {
    expect(parsePath(path)).toEqual(segments);
  });

  it.each([
    ['a[name=what is]', 'at "[name=what is]"'],
    ['a[name=]', 'at "[name=]"'],
    ['a[=x]', 'at "[=x]"'],
    ['a[name="x"', 'at "[name="x""'],
    ['a[name="\\x"]', 'at "[name="\\x"]"'],
    ['a[__proto__=x]', 'forbidden member __proto__'],
    ['a.b c', 'at " c"'],
  ])('refuses %p, naming the part that is wrong', (path, named) => {
    expect(parsePath(path)).toBeNull();
    expect(pathProblem(path)).toContain(named);
  });

  it('selects the first element whose member equals the value, whatever the order of the questions', () => {
    const path = parsePath('user_column_data[column_id=PHONE_NUMBER].string_value') as PathSegment[];
    expect(readPath(googleLead, path)).toBe('+14155552671');
    const reordered = { user_column_data: [...googleLead.user_column_data].reverse() };
    expect(readPath(reordered, path)).toBe('+14155552671');
    expect(resolvePath(reordered, path)).toEqual({
      value: '+14155552671',
      at: ['user_column_data', 0, 'string_value'],
      labels: [['user_column_data', 0, 'column_id']],
    });
  });

  it('compares strings exactly and numbers and booleans by their JSON text', () => {
    const rows = {
      r: [
        { id: 7, v: 'seven' },
        { id: true, v: 'yes' },
        { id: 'Phone', v: 'p' },
      ],
    };
    expect(readPath(rows, parsePath('r[id=7].v') as PathSegment[])).toBe('seven');
    expect(readPath(rows, parsePath('r[id=true].v') as PathSegment[])).toBe('yes');
    expect(readPath(rows, parsePath('r[id=phone].v') as PathSegment[])).toBeUndefined();
  });

  it('reads a miss as no value: no array, no matching element, a member only inherited', () => {
    for (const path of ['user_column_data[column_id=ZIP].string_value', 'lead_id[column_id=EMAIL]', 'x[toString=y]']) {
      expect(readPath(googleLead, parsePath(path) as PathSegment[])).toBeUndefined();
    }
  });

  it('tries the next alias after a miss, and explains each alias tried', () => {
    const mapping = {
      fields: { phone_number: ['user_column_data[column_id=PHONE].string_value', 'user_column_data[column_id=PHONE_NUMBER].string_value'] },
    };
    const result = applyFieldMapping(googleLead, mapping);
    expect(result.fields.phone_number).toBe('+14155552671');
    expect(result.explain.phone_number).toEqual({
      matched: 'user_column_data[column_id=PHONE_NUMBER].string_value',
      aliases: 'team',
      tried: [
        {
          alias: 'user_column_data[column_id=PHONE].string_value',
          result: 'missing',
          detail: 'no element of user_column_data has column_id=PHONE',
        },
        { alias: 'user_column_data[column_id=PHONE_NUMBER].string_value', result: 'matched' },
      ],
    });
    // The element's value and its label are read; the other questions stay unmapped.
    expect(result.unmappedPaths).not.toContain('user_column_data[2].string_value');
    expect(result.unmappedPaths).not.toContain('user_column_data[2].column_id');
    expect(result.unmappedPaths).toContain('user_column_data[0].column_name');
  });

  it('validates selector paths when a mapping is saved, naming the alias and the bad part', () => {
    expect(validateFieldMapping({ fields: { phone_number: ['user_column_data[column_id=PHONE NUMBER].string_value'] } })).toEqual([
      'fields.phone_number[0]: "user_column_data[column_id=PHONE NUMBER].string_value" is not a valid path: it expected [INDEX], ["NAME"] or [MEMBER=VALUE] (quote a value with spaces, brackets or = as a JSON string), at "[column_id=PHONE NUMBER].strin" (character 17)',
    ]);
  });

  const anyText = fc.string({ maxLength: 12, unit: 'binary' });
  const segment: fc.Arbitrary<PathSegment> = fc.oneof(
    fc.stringMatching(/^[A-Za-z_$][\w$-]{0,6}$/),
    anyText.filter((t) => !['__proto__', 'constructor', 'prototype'].includes(t)),
    fc.nat({ max: 50 }),
    fc.record({
      member: anyText.filter((t) => t !== '' && !['__proto__', 'constructor', 'prototype'].includes(t)),
      equals: anyText.filter((t) => t !== ''),
    }),
  );

  it('formats any segments to a path that parses back to them (property)', () => {
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (segments) => {
        const path = formatPath(segments);
        fc.pre(path.length <= 256);
        expect(parsePath(path)).toEqual(segments);
      }),
    );
  });

  it('never throws on any string, and refuses exactly what pathProblem names (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.stringMatching(/^[\w.[\]="\\ -]{0,30}$/)), (text) => {
        const parsed = parsePath(text);
        const problem = pathProblem(text);
        expect(parsed === null).toBe(problem !== null);
        if (parsed) expect(parsePath(formatPath(parsed))).toEqual(parsed);
      }),
    );
  });

  it('selects the first element carrying the value, and misses when none does (property)', () => {
    const row = fc.record({ k: fc.constantFrom('a', 'b', 'c', 1, true, null), v: fc.string() });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 8 }), fc.constantFrom('a', 'b', 'c', '1', 'true', 'null'), (rows, wanted) => {
        const found = readPath({ rows }, ['rows', { member: 'k', equals: wanted }, 'v']);
        const first = rows.find((r) => r.k !== null && String(r.k) === wanted);
        expect(found).toBe(first?.v);
      }),
    );
  });
});
