import { en } from 'zod/locales';
import * as z from 'zod/mini';

/**
 * zod/mini has no messages of its own, and zod keeps its configuration process-wide (the classic
 * API, which the tests load to build response schemas, configures English when it loads). So each
 * case clears the messages, then loads the module under test in a fresh registry.
 */
describe('zod/mini messages', () => {
  beforeEach(() => {
    z.config({ localeError: undefined });
  });

  afterEach(() => {
    z.config(en());
  });

  it('are absent until a locale is configured, which is why the readers of schemas load one', () => {
    const result = z.safeParse(z.object({ name: z.string() }), { name: 3 });
    expect(result.error?.issues[0]?.message).toBe('Invalid input');
  });

  it('are English for a stored item read by a function that loads no request validation (a stream consumer)', () => {
    jest.isolateModules(() => {
      const { parseStoredItem } = jest.requireActual<typeof import('#shared/adapters/dynamodb/query')>('#shared/adapters/dynamodb/query');
      expect(() => parseStoredItem(z.object({ team_id: z.number() }), { team_id: '7' }, 'rollup')).toThrow(
        'stored rollup item is malformed at team_id: Invalid input: expected number, received string',
      );
    });
  });

  it('are English for a request input, the field named before them', () => {
    jest.isolateModules(() => {
      const { parseOrThrow } = jest.requireActual<typeof import('#shared/http/validation')>('#shared/http/validation');
      expect(() => parseOrThrow(z.object({ name: z.string() }), { name: 3 }, 'body')).toThrow(
        'name: Invalid input: expected string, received number',
      );
    });
  });
});
