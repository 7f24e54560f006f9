import { PayloadTooLargeError } from '#shared/errors';

/**
 * The size a record takes as a DynamoDB item, computed the way DynamoDB meters it (UTF-8 bytes of
 * names and strings; numbers about one byte per two significant digits plus one; 1 byte for a
 * boolean or null; lists and maps 3 bytes plus 1 per element), so a write whose size depends on
 * client input can be refused with a 413 before DynamoDB refuses it with a ValidationException
 * (a 500). Pure: used by the domain (so test mode and preflight answer what the real write would)
 * and by the DynamoDB adapters right before each such write.
 */

/** DynamoDB's item size limit. */
export const DYNAMODB_ITEM_LIMIT_BYTES = 400 * 1024;
/**
 * What a write whose size depends on client input may use: DynamoDB's 400 KB less 16 KB for the
 * members later updates add to the same item (outreach state, appointment, counters).
 */
export const ITEM_SIZE_BUDGET_BYTES = DYNAMODB_ITEM_LIMIT_BYTES - 16 * 1024;
/** DynamoDB nests maps and lists at most 32 levels deep (the emulator does not check this). */
export const MAX_ITEM_DEPTH = 32;

const utf8 = (s: string) => Buffer.byteLength(s, 'utf8');

function numberSize(n: number): number {
  // Significant digits of the shortest decimal form, leading and trailing zeros trimmed.
  const mantissa = String(Math.abs(n)).split('e')[0] ?? '';
  const digits = mantissa.replace('.', '').replace(/^0+/, '').replace(/0+$/, '').length;
  return Math.min(21, Math.ceil(Math.max(1, digits) / 2) + 1);
}

/** Bytes and nesting depth of an item (top-level attribute values that are maps or lists are level 1). */
export function itemSize(item: object): { bytes: number; depth: number } {
  let bytes = 0;
  let depth = 0;
  const stack: { value: unknown; level: number }[] = [];
  for (const [name, value] of Object.entries(item)) {
    if (value === undefined || typeof value === 'function') continue;
    bytes += utf8(name);
    stack.push({ value, level: 1 });
  }
  while (stack.length > 0) {
    const { value, level } = stack.pop() as { value: unknown; level: number };
    if (typeof value === 'string') bytes += utf8(value);
    else if (typeof value === 'number') bytes += numberSize(value);
    else if (typeof value === 'bigint') bytes += Math.min(21, Math.ceil(String(value).replace('-', '').length / 2) + 1);
    else if (typeof value === 'boolean' || value === null) bytes += 1;
    else if (value instanceof Uint8Array) bytes += value.byteLength;
    else if (typeof value === 'object') {
      depth = Math.max(depth, level);
      bytes += 3;
      if (Array.isArray(value)) {
        for (const element of value) {
          if (element === undefined || typeof element === 'function') continue;
          bytes += 1;
          stack.push({ value: element, level: level + 1 });
        }
      } else {
        for (const [name, element] of Object.entries(value as Record<string, unknown>)) {
          if (element === undefined || typeof element === 'function') continue;
          bytes += 1 + utf8(name);
          stack.push({ value: element, level: level + 1 });
        }
      }
    }
  }
  return { bytes, depth };
}

const kb = (bytes: number) => `${Math.ceil(bytes / 1024).toLocaleString('en-US')} KB`;

/**
 * Refuses (413, naming what and the budget) an item DynamoDB would refuse or that leaves no room
 * for the updates it will receive: over `budget` bytes, or nested deeper than 32 levels.
 */
export function assertStorable(item: object, what: string, budget = ITEM_SIZE_BUDGET_BYTES): void {
  const { bytes, depth } = itemSize(item);
  if (bytes > budget) {
    throw new PayloadTooLargeError(
      `${what} would take ${kb(bytes)} (${bytes.toLocaleString('en-US')} bytes) as a stored record, more than the ${kb(budget)} budget (DynamoDB stores at most 400 KB per item)`,
    );
  }
  if (depth > MAX_ITEM_DEPTH) {
    throw new PayloadTooLargeError(`${what} would nest ${depth} levels deep as a stored record; DynamoDB stores at most ${MAX_ITEM_DEPTH}`);
  }
}
