import type * as z from 'zod';
import { BadRequestError } from '#shared/errors';

/** Formats the first zod issue as a message that names the field. */
export function describeIssue(issue: z.core.$ZodIssue, prefix?: string): { field: string; message: string } {
  const path = issue.path
    .map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))
    .join('.')
    .replace(/\.\[/g, '[');
  const field = path || prefix || 'body';
  return { field, message: `${field}: ${issue.message}` };
}

export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
  const result = schema.safeParse(value);
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
export function parseHeaders<S extends z.ZodObject>(schema: S, headers: Readonly<Record<string, string>>): z.output<S> {
  const declared: Record<string, string | undefined> = {};
  for (const name of Object.keys(schema.shape)) declared[name] = headers[name.toLowerCase()];
  const result = schema.safeParse(declared);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new BadRequestError(issue?.message ?? 'invalid headers', issue?.path[0] === undefined ? undefined : String(issue.path[0]));
}
