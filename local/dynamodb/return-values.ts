/**
 * `ReturnValuesOnConditionCheckFailure` on single-item writes for dynalite, which predates the
 * parameter: its request validation drops unknown members, so a failed condition came back without
 * the item. DynamoDB returns the item as it was (`Item` on the ConditionalCheckFailedException) when
 * the request asks for `ALL_OLD`; callers such as Powertools' idempotency persistence layer rely on
 * it to avoid a second read. This teaches dynalite the parameter: it is declared on PutItem,
 * UpdateItem and DeleteItem, and dynalite's own condition check (run under the item's lock, so the
 * item returned is the one the condition saw) attaches the item to its error. Transactions handle
 * the parameter per action themselves (./transactions.ts).
 */

interface ConditionError extends Error {
  body?: Record<string, unknown>;
}

type AttributeMap = Record<string, unknown>;
type CheckConditional = (data: Record<string, unknown>, existing: AttributeMap | undefined) => ConditionError | null | undefined;

const PARAMETER = 'ReturnValuesOnConditionCheckFailure';
const WRITES = ['putItem', 'updateItem', 'deleteItem'] as const;

let installed = false;

/** Patches the dynalite modules of this thread; idempotent. */
export function installReturnValuesOnConditionCheckFailure(): void {
  if (installed) return;
  installed = true;
  for (const operation of WRITES) {
    const validation = require(`dynalite/validations/${operation}`) as { types: Record<string, unknown> };
    validation.types[PARAMETER] = { type: 'String', enum: ['ALL_OLD', 'NONE'] };
  }
  const db = require('dynalite/db') as { checkConditional: CheckConditional };
  const checkConditional = db.checkConditional;
  db.checkConditional = (data, existing) => {
    const error = checkConditional(data, existing);
    if (error?.body && data[PARAMETER] === 'ALL_OLD' && existing) error.body.Item = existing;
    return error;
  };
}
