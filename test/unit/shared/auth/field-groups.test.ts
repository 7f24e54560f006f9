import fc from 'fast-check';
import { FIELD_GROUP_NAMES, FIELD_GROUPS, groupOfField, parseFieldGroups, withFieldGroups } from '#shared/auth/field-groups';
import { decide, rateLimitHeaders, type WindowState } from '#shared/domain/rate-limit';

/** Every property left in a body, with its parent's name. */
function properties(value: unknown, parent?: string): { parent: string | undefined; name: string }[] {
  if (Array.isArray(value)) return value.flatMap((item) => properties(item, parent));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([name, child]) => [{ parent, name }, ...properties(child, name)]);
}

const groupedNames = FIELD_GROUP_NAMES.flatMap((g) => FIELD_GROUPS[g].fields.map((f) => f.split('.').at(-1) ?? f));
const parentNames = ['customer', 'customer_info', 'customerInfo', 'team', 'data', 'meta'];
const names = fc.constantFrom(...groupedNames, ...parentNames, 'id', 'status', 'created_at', 'count');
const body = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, fc.string(), fc.integer(), fc.constant(null), tie('object'), tie('array')),
  object: fc.dictionary(names, tie('value'), { maxKeys: 5 }),
  array: fc.array(tie('value'), { maxLength: 3 }),
})).value;

describe('field groups', () => {
  it('leaves no field of a hidden group at any depth, and every other field as it was', () => {
    fc.assert(
      fc.property(body, fc.subarray(FIELD_GROUP_NAMES), (value, allowed) => {
        const visible = withFieldGroups(value, allowed);
        for (const { parent, name } of properties(visible)) {
          const group = groupOfField(parent, name);
          if (group !== undefined) expect(allowed).toContain(group);
        }
        // Showing every group again changes nothing of what was visible.
        expect(withFieldGroups(visible, [...FIELD_GROUP_NAMES])).toEqual(visible);
      }),
    );
  });

  it('hides customer contact details but keeps the names of teams and schedulers', () => {
    const body = {
      data: [{ id: 1, name: 'Summit Plumbing', customer: { name: 'Ann', phone: '+14155550100', email: 'a@example.com' }, summary: 'x' }],
      pagination: { limit: 1, has_more: false },
    };
    expect(withFieldGroups(body, ['notes'])).toEqual({
      data: [{ id: 1, name: 'Summit Plumbing', customer: {}, summary: 'x' }],
      pagination: { limit: 1, has_more: false },
    });
    expect(withFieldGroups(body, null)).toBe(body);
  });

  it('keeps members named __proto__, constructor and toString as the own members they are', () => {
    // JSON.parse makes each an own member, as a stored payload read back would be.
    const body = JSON.parse('{"data":{"__proto__":{"phone":"+14155550100"},"constructor":"c","toString":"t","phone":"+14155550101"}}');

    const visible = withFieldGroups(body, []) as { data: object };

    expect(Object.getPrototypeOf(visible.data)).toBe(Object.prototype);
    expect(Object.keys(visible.data)).toEqual(['__proto__', 'constructor', 'toString']);
    expect(Object.entries(visible.data)[0]).toEqual(['__proto__', {}]);
  });

  it('parses the operator’s list', () => {
    expect(parseFieldGroups('all')).toBeNull();
    expect(parseFieldGroups('core')).toEqual([]);
    expect(parseFieldGroups('notes, contact')).toEqual(['contact', 'notes']);
    expect(() => parseFieldGroups('contact,phones')).toThrow(/unknown: phones/);
    expect(() => parseFieldGroups(' ')).toThrow(/fields must be/);
  });
});

describe('rate-limit decision', () => {
  const window = (over: Partial<WindowState>): WindowState => ({
    scope: 'key',
    limit: 10,
    used: 1,
    remaining: 9,
    reset: 1_000_060,
    admitted: true,
    ...over,
  });

  it('names the window with fewer requests left, the later reset on a tie', () => {
    const key = window({ remaining: 3 });
    const team = window({ scope: 'workspace', limit: 100, remaining: 3, reset: 1_003_600 });
    expect(decide([key, team], 1_000_000_000).binding).toBe(team);
    expect(decide([window({ remaining: 2 }), team], 1_000_000_000).binding.scope).toBe('key');
  });

  it('answers a refusal with Retry-After until the refused window ends', () => {
    const refused = decide(
      [window({ admitted: false, remaining: 0, used: 10 }), window({ scope: 'workspace', remaining: 50 })],
      1_000_042_000,
    );
    expect(refused.admitted).toBe(false);
    expect(rateLimitHeaders(refused)).toEqual({
      'X-RateLimit-Limit': '10',
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': '1000060',
      'Retry-After': '18',
    });
  });
});
