import * as z from 'zod/mini';
import { BadRequestError } from '#shared/errors';
import '#shared/schemas/zod-locale';

/**
 * Formats the first zod issue as a message that names the field, once: many schemas write their
 * messages whole (`name: required`), naming the field themselves, and keep that name off here
 * (`name: name: required`); a nested field is then named by its whole path.
 */
export function describeIssue(issue: z.core.$ZodIssue, prefix?: string): { field: string; message: string } {
  const path = issue.path
    .map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))
    .join('.')
    .replace(/\.\[/g, '[');
  const field = path || prefix || 'body';
  const last = issue.path.findLast((p): p is string => typeof p === 'string');
  const named = [field, last].find((name) => name !== undefined && issue.message.startsWith(`${name}: `));
  const text = named === undefined ? issue.message : issue.message.slice(named.length + 2);
  return { field, message: `${field}: ${text}` };
}

export function parseOrThrow<T>(schema: z.core.$ZodType<T>, value: unknown, where: string): T {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw new BadRequestError(`invalid ${where}`);
  const { field, message } = describeIssue(issue, where);
  throw new BadRequestError(message, field);
}

/**
 * Validates the headers an object schema declares, each looked up by its lower-cased name (the
 * handler factory lower-cases header names). The field is the declared name; header schemas write
 * their messages whole (shared/contracts/headers.ts), so the message is not prefixed.
 */
export function parseHeaders<S extends z.core.$ZodObject>(schema: S, headers: Readonly<Record<string, string>>): z.output<S> {
  const declared: Record<string, string | undefined> = {};
  for (const name of Object.keys(schema._zod.def.shape)) declared[name] = headers[name.toLowerCase()];
  const result = z.safeParse(schema, declared);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new BadRequestError(issue?.message ?? 'invalid headers', issue?.path[0] === undefined ? undefined : String(issue.path[0]));
}
