/**
 * Response size budget. Lambda refuses a synchronous response payload over 6 MB (6,291,456 bytes),
 * and with API Gateway's proxy integration that payload is `{statusCode, headers, body}` with the
 * JSON body inside a JSON string, so every `"` and `\` of the body counts twice. Pages are cut to
 * PAGE_BUDGET_BYTES of rows measured that way; the rest of the limit is left to the envelope, the
 * headers, pagination, metadata and small blocks. shared/http/handler.ts refuses any body that
 * still would not fit (a last resort that these budgets keep from being reached).
 */
export const LAMBDA_RESPONSE_LIMIT_BYTES = 6 * 1024 * 1024;
export const PAGE_BUDGET_BYTES = 5 * 1024 * 1024;

/** Bytes a JSON text takes once embedded as a JSON string: UTF-8 length plus one per `"` and `\`. */
export function embeddedJsonBytes(json: string): number {
  let escapes = 0;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (c === 34 || c === 92) escapes++;
  }
  return Buffer.byteLength(json, 'utf8') + escapes;
}

/** embeddedJsonBytes of a value's JSON, plus one for the comma that separates it from its neighbour in an array. */
export function itemBytes(value: unknown): number {
  return embeddedJsonBytes(JSON.stringify(value) ?? 'null') + 1;
}

/**
 * How many leading items fit in `budgetBytes` (each measured by itemBytes), and what they take.
 * With `atLeastOne`, the first item is kept even when it alone is over budget, so a page always
 * advances (one stored row is at most DynamoDB's 400 KB item, far under the budget).
 */
export function fitToBudget(
  items: readonly unknown[],
  budgetBytes: number,
  options: { readonly atLeastOne: boolean },
): { count: number; bytes: number } {
  let bytes = 0;
  let count = 0;
  for (const item of items) {
    const size = itemBytes(item);
    if (bytes + size > budgetBytes && !(options.atLeastOne && count === 0)) break;
    bytes += size;
    count++;
  }
  return { count, bytes };
}
