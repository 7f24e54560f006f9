import { type DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import '#shared/schemas/zod-locale';

export type Item = Record<string, unknown>;

/**
 * An item read back, validated against its store's schema of the stored shape rather than cast: a
 * row that is not what the store writes (a hand edit, a half-migrated attribute) fails here, naming
 * the attribute, instead of somewhere downstream as `undefined`. The item's values are not logged.
 */
export function parseStoredItem<T>(schema: z.core.$ZodType<T>, item: Item, what: string): T {
  const parsed = z.safeParse(schema, item);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue ? issue.path.map(String).join('.') || '(item)' : '(item)';
  throw new Error(`stored ${what} item is malformed at ${where}: ${issue?.message ?? 'invalid'}`);
}

/**
 * An item's attributes read one by one, each checked for its type, for the code where building a
 * zod schema would cost more than the read: the authorizer, which bundles no zod, reads keys and
 * teams on every uncached request (ADR 0172). A mismatch fails as parseStoredItem does, naming the
 * attribute and never its value; `undefined` is absent and `null` null, as the schemas read them.
 */
export function storedAttributes(item: Item, what: string) {
  const fail = (name: string, expected: string): never => {
    throw new Error(`stored ${what} item is malformed at ${name}: expected ${expected}`);
  };
  const typed =
    <T>(expected: string, is: (value: unknown) => value is T) =>
    (name: string): T => {
      const value = item[name];
      return is(value) ? value : fail(name, expected);
    };
  const isString = (value: unknown): value is string => typeof value === 'string';
  const isNumber = (value: unknown): value is number => typeof value === 'number';
  return {
    string: typed('string', isString),
    number: typed('number', isNumber),
    boolean: typed('boolean', (value): value is boolean => typeof value === 'boolean'),
    /** Strings only, each kept as is. */
    strings: typed('a list of strings', (value): value is string[] => Array.isArray(value) && value.every(isString)),
    /** Numbers only, each kept as is. */
    numbers: typed('a list of numbers', (value): value is number[] => Array.isArray(value) && value.every(isNumber)),
    /** `null` and absent read as null. */
    nullableString: typed('string or null', (value): value is string | null | undefined => value == null || isString(value)),
    nullableNumber: typed('number or null', (value): value is number | null | undefined => value == null || isNumber(value)),
    /** Members absent on rows written before they existed: absent stays absent. */
    has: (name: string): boolean => item[name] !== undefined,
    fail,
  };
}

/** Follows LastEvaluatedKey to the end. Only for bounded partitions (tenancy, aggregation reads). */
export async function queryAll(client: DynamoDBDocumentClient, input: QueryCommandInput): Promise<Item[]> {
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const result = await client.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    for (const item of result.Items ?? []) items.push(item);
    start = result.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Follows LastEvaluatedKey page by page (operator work over a whole partition: rebuilds). */
export async function* queryPages(client: DynamoDBDocumentClient, input: QueryCommandInput): AsyncGenerator<Item[]> {
  let start: Record<string, unknown> | undefined;
  do {
    const result = await client.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    yield result.Items ?? [];
    start = result.LastEvaluatedKey;
  } while (start);
}

/**
 * Reads up to `want` matching items, following pages while a filter drops rows. DynamoDB applies
 * Limit before the filter, so one page can come back short without being the end.
 */
export async function queryUpTo(client: DynamoDBDocumentClient, input: QueryCommandInput, want: number): Promise<Item[]> {
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const result = await client.send(
      new QueryCommand({ ...input, ExclusiveStartKey: start, Limit: input.FilterExpression ? Math.max(want, 100) : want - items.length }),
    );
    for (const item of result.Items ?? []) {
      items.push(item);
      if (items.length >= want) return items;
    }
    start = result.LastEvaluatedKey;
  } while (start);
  return items;
}
